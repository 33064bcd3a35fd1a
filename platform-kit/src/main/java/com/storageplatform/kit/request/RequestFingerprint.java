package com.storageplatform.kit.request;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The fingerprint an idempotency key is bound to: method, path and the canonical body (JSON with keys sorted
 * and no whitespace, so formatting and key order do not matter; the raw bytes when the body is not JSON).
 */
final class RequestFingerprint {

    private RequestFingerprint() {
    }

    static String of(String method, String path, byte[] body, JsonMapper mapper) {
        MessageDigest digest = sha256();
        digest.update(method.getBytes(StandardCharsets.UTF_8));
        digest.update((byte) '\n');
        digest.update(path.getBytes(StandardCharsets.UTF_8));
        digest.update((byte) '\n');
        digest.update(canonical(body, mapper));
        return HexFormat.of().formatHex(digest.digest());
    }

    private static byte[] canonical(byte[] body, JsonMapper mapper) {
        if (body.length == 0) {
            return body;
        }
        try {
            JsonNode tree = mapper.readTree(body);
            return mapper.writeValueAsBytes(sorted(tree, mapper));
        } catch (JacksonException notJson) {
            return body;
        }
    }

    private static JsonNode sorted(JsonNode node, JsonMapper mapper) {
        if (node instanceof ObjectNode object) {
            Map<String, JsonNode> fields = new TreeMap<>();
            object.properties().forEach(entry -> fields.put(entry.getKey(), sorted(entry.getValue(), mapper)));
            ObjectNode copy = mapper.createObjectNode();
            fields.forEach(copy::set);
            return copy;
        }
        if (node instanceof ArrayNode array) {
            ArrayNode copy = mapper.createArrayNode();
            array.forEach(element -> copy.add(sorted(element, mapper)));
            return copy;
        }
        return node;
    }

    static long lockKey(String scope, String key) {
        byte[] hash = sha256().digest((scope + "\n" + key).getBytes(StandardCharsets.UTF_8));
        long value = 0;
        for (int i = 0; i < 8; i++) {
            value = (value << 8) | (hash[i] & 0xff);
        }
        return value;
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
