package com.storageplatform.kit.id;

import com.github.f4b6a3.uuid.UuidCreator;
import com.storageplatform.kit.web.ApiException;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * Identifiers are UUIDv7 (time ordered, so keyset paging by id is newest first), made by uuid-creator and
 * always written as lowercase canonical strings.
 */
public final class Ids {

    private static final Pattern CANONICAL_V7 =
            Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}");

    private Ids() {
    }

    public static UUID newId() {
        return UuidCreator.getTimeOrderedEpoch();
    }

    /** The id when the text is a lowercase canonical UUIDv7, else empty. */
    public static Optional<UUID> parse(String text) {
        if (text == null || !CANONICAL_V7.matcher(text).matches()) {
            return Optional.empty();
        }
        return Optional.of(UUID.fromString(text));
    }

    /** An id taken from a path: a malformed one names no resource, so it is 404 like an unknown id. */
    public static UUID fromPath(String text) {
        return parse(text).orElseThrow(ApiException::notFound);
    }
}
