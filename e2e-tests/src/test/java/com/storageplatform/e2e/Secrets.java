package com.storageplatform.e2e;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import tools.jackson.databind.JsonNode;

/** Every plaintext secret the suite has been shown, so the last test can prove none reached a log. */
final class Secrets {

    private static final Set<String> FIELDS = Set.of("key", "token", "client_secret", "access_token", "refresh_token",
            "secret");
    private static final Set<String> SEEN = ConcurrentHashMap.newKeySet();

    private Secrets() {
    }

    static void collect(JsonNode node) {
        if (node == null) {
            return;
        }
        if (node.isObject()) {
            node.properties().forEach(field -> {
                if (FIELDS.contains(field.getKey()) && field.getValue().isString()
                        && field.getValue().asString().length() >= 20) {
                    SEEN.add(field.getValue().asString());
                }
                collect(field.getValue());
            });
        } else if (node.isArray()) {
            node.forEach(Secrets::collect);
        }
    }

    static Set<String> seen() {
        return Set.copyOf(SEEN);
    }
}
