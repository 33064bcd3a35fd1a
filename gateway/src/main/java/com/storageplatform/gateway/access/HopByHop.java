package com.storageplatform.gateway.access;

import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.springframework.http.HttpHeaders;

/**
 * Headers that describe one connection and never cross the gateway (RFC 9110 section 7.6.1), in either direction:
 * the standard ones, those the message's own {@code Connection} header names, and the {@code Forwarded} and
 * {@code X-Forwarded-*} headers a client may send (the services trust no client's word on where a request came
 * from). Spring Cloud Gateway's own filters for these copied every header once each; {@link InternalHeaders} and
 * {@link ServiceResponseHeaders} apply this in the one copy they make ({@link ReplacedHeaderFilters}).
 */
final class HopByHop {

    private static final Set<String> ALWAYS = Set.of("connection", "keep-alive", "transfer-encoding", "te", "trailer",
            "proxy-authorization", "proxy-authenticate", "proxy-connection", "upgrade", "x-application-context",
            "forwarded");

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
        Set<String> named = new HashSet<>();
        for (String value : connection) {
            for (String option : value.split(",")) {
                named.add(option.trim().toLowerCase(Locale.ROOT));
            }
        }
        return new HopByHop(named);
    }

    boolean drops(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        return ALWAYS.contains(lower) || lower.startsWith("x-forwarded-") || named.contains(lower);
    }
}
