package com.storageplatform.e2e;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import tools.jackson.databind.JsonNode;

/**
 * Every secret the suite has been shown or has sent, so the last test can prove none reached a log: the secret
 * fields of every response, the credential of every request's {@code Authorization} header (bearer tokens as
 * sent, HTTP Basic as its Base64 {@code client_id:client_secret}), and for every OAuth client shown, the Base64
 * of its pair as a client would send it, whether or not the suite used it.
 */
final class Secrets {

    private static final Set<String> FIELDS = Set.of("key", "token", "client_secret", "access_token", "refresh_token",
            "secret");
    /** Shorter values are ids, prefixes and test placeholders, not secrets. */
    private static final int MIN_LENGTH = 20;
    private static final Set<String> SEEN = ConcurrentHashMap.newKeySet();

    private Secrets() {
    }

    static void collect(JsonNode node) {
        if (node == null) {
            return;
        }
        if (node.isObject()) {
            JsonNode clientId = node.get("client_id");
            JsonNode clientSecret = node.get("client_secret");
            if (clientId != null && clientId.isString() && clientSecret != null && clientSecret.isString()) {
                add(basic(clientId.asString(), clientSecret.asString()));
            }
            node.properties().forEach(field -> {
                if (FIELDS.contains(field.getKey()) && field.getValue().isString()) {
                    add(field.getValue().asString());
                }
                collect(field.getValue());
            });
        } else if (node.isArray()) {
            node.forEach(Secrets::collect);
        }
    }

    /** The credential of an {@code Authorization} header value ({@code Bearer x} or {@code Basic x}). */
    static void collectAuthorization(String header) {
        int space = header.indexOf(' ');
        add(space < 0 ? header : header.substring(space + 1).trim());
    }

    /** What a client sends in {@code Authorization: Basic} for this pair. */
    static String basic(String clientId, String clientSecret) {
        return Base64.getEncoder().encodeToString((clientId + ":" + clientSecret).getBytes(StandardCharsets.UTF_8));
    }

    static void add(String secret) {
        if (secret != null && secret.length() >= MIN_LENGTH) {
            SEEN.add(secret);
        }
    }

    static Set<String> seen() {
        return Set.copyOf(SEEN);
    }
}
