package com.storageplatform.gateway.access;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.springframework.http.HttpHeaders;

/**
 * Headers that describe one connection and never cross the gateway (RFC 9110 section 7.6.1), in either direction:
 * the standard ones, those the message's own {@code Connection} header names, and the {@code Forwarded} and
 * {@code X-Forwarded-*} headers a client may send (the services trust no client's word on where a request came
 * from). Spring Cloud Gateway's own filters for these copied every header once each; {@link InternalHeaders} and
 * {@link ServiceResponseHeaders} apply this in the one copy they make ({@link ReplacedHeaderFilters}).
 */
final class HopByHop {

    // Case-insensitive sets: a header's name is looked up as it came, never lowercased into a new string per header.
    private static final Set<String> ALWAYS = caseInsensitive(List.of("connection", "keep-alive", "transfer-encoding",
            "te", "trailer", "proxy-authorization", "proxy-authenticate", "proxy-connection", "upgrade",
            "x-application-context", "forwarded"));
    private static final String X_FORWARDED = "x-forwarded-";

    private final Set<String> named;

    private HopByHop(Set<String> named) {
        this.named = named;
    }

    /** What to drop from a message with these headers. */
    static HopByHop of(HttpHeaders headers) {
        List<String> connection = headers.get(HttpHeaders.CONNECTION);
        if (connection == null || connection.isEmpty()) {
            return new HopByHop(Set.of());
        }
        Set<String> named = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
        for (String value : connection) {
            for (String option : value.split(",")) {
                named.add(option.trim());
            }
        }
        return new HopByHop(named);
    }

    boolean drops(String name) {
        return ALWAYS.contains(name) || name.regionMatches(true, 0, X_FORWARDED, 0, X_FORWARDED.length())
                || named.contains(name);
    }

    private static Set<String> caseInsensitive(List<String> names) {
        Set<String> set = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
        set.addAll(names);
        return set;
    }
}
