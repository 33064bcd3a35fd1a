package com.storageplatform.kit.web;

import com.storageplatform.kit.id.Ids;
import java.util.regex.Pattern;
import org.springframework.web.server.ServerWebExchange;

/**
 * The {@code Service-Request-Id} of a request: accepted from the caller when well-formed (the gateway always
 * sends one), generated otherwise, and echoed on the response.
 */
public final class RequestIds {

    public static final String HEADER = "Service-Request-Id";
    private static final String ATTRIBUTE = RequestIds.class.getName();
    private static final Pattern WELL_FORMED = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._:-]{7,127}");

    private RequestIds() {
    }

    public static boolean isWellFormed(String candidate) {
        return candidate != null && WELL_FORMED.matcher(candidate).matches();
    }

    public static String newId() {
        return "req_" + Ids.newId().toString().replace("-", "");
    }

    /** The request id of this exchange, assigned on first use. */
    public static String of(ServerWebExchange exchange) {
        String id = exchange.getAttribute(ATTRIBUTE);
        if (id == null) {
            String sent = exchange.getRequest().getHeaders().getFirst(HEADER);
            id = isWellFormed(sent) ? sent : newId();
            exchange.getAttributes().put(ATTRIBUTE, id);
        }
        return id;
    }
}
