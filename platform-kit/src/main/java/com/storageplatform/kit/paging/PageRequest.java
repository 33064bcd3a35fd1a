package com.storageplatform.kit.paging;

import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.FieldIssue;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;
import org.springframework.util.MultiValueMap;

/**
 * One page of a list: {@code limit} (1 to 100, default 20) and the position after which it starts. The cursor
 * is opaque to clients: the last id of the previous page and a fingerprint of the filters it was issued with,
 * so a cursor reused with other filters is refused rather than silently answering another list.
 */
public record PageRequest(int limit, UUID after, String filterFingerprint) {

    public static final int DEFAULT_LIMIT = 20;
    public static final int MAX_LIMIT = 100;

    /**
     * Reads {@code limit} and {@code cursor} from the query. {@code filters} are the list's validated filter
     * values (absent filters left out); the cursor must have been issued for exactly these.
     */
    public static PageRequest from(MultiValueMap<String, String> query, Map<String, ?> filters) {
        int limit = parseLimit(query.getFirst("limit"));
        String fingerprint = fingerprint(filters);
        String cursor = query.getFirst("cursor");
        UUID after = null;
        if (cursor != null) {
            after = decode(cursor, fingerprint)
                    .orElseThrow(() -> ApiException.invalidQuery("cursor", FieldIssue.INVALID));
        }
        return new PageRequest(limit, after, fingerprint);
    }

    public static PageRequest first(int limit) {
        return new PageRequest(limit, null, fingerprint(Map.of()));
    }

    /** The cursor that continues after {@code lastId} under the same filters. */
    public String cursorAfter(UUID lastId) {
        String raw = lastId + ":" + filterFingerprint;
        return Base64.getUrlEncoder().withoutPadding().encodeToString(raw.getBytes(StandardCharsets.US_ASCII));
    }

    /** {@code limit} read alone (1 to 100, default 20), for a page that is not positioned by id. */
    public static int limitOf(String text) {
        return parseLimit(text);
    }

    /** The fingerprint a cursor carries of {@code filters} (absent ones null), for a cursor of another shape. */
    public static String fingerprintOf(Map<String, ?> filters) {
        return fingerprint(filters);
    }

    private static int parseLimit(String text) {
        if (text == null) {
            return DEFAULT_LIMIT;
        }
        try {
            int limit = Integer.parseInt(text);
            if (limit < 1) {
                throw ApiException.invalidQuery("limit", FieldIssue.BELOW_MINIMUM);
            }
            if (limit > MAX_LIMIT) {
                throw ApiException.invalidQuery("limit", FieldIssue.ABOVE_MAXIMUM);
            }
            return limit;
        } catch (NumberFormatException e) {
            throw ApiException.invalidQuery("limit", FieldIssue.INVALID);
        }
    }

    private static Optional<UUID> decode(String cursor, String fingerprint) {
        String raw;
        try {
            raw = new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.US_ASCII);
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
        int colon = raw.indexOf(':');
        if (colon < 0 || !raw.substring(colon + 1).equals(fingerprint)) {
            return Optional.empty();
        }
        return Ids.parse(raw.substring(0, colon));
    }

    static String fingerprint(Map<String, ?> filters) {
        StringBuilder canonical = new StringBuilder();
        new TreeMap<>(filters).forEach((name, value) -> {
            if (value != null) {
                canonical.append(name).append('=').append(value).append('\n');
            }
        });
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256")
                    .digest(canonical.toString().getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
