package com.storageplatform.compliance.identity;

import com.storageplatform.kit.openapi.OneOf;
import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * One document an identity verification asks for, and whether it was checked.
 *
 * @param document  {@code photo_id} (a passport, driving licence or identity card: checked by the online check, or
 *                  by staff accepting it) or {@code proof_of_address} (a recent bill or statement: checked by staff)
 * @param checked   whether it was checked
 * @param checkedBy {@code provider} (the online check confirmed it) or {@code staff}; null until checked
 * @param checkedAt when it was checked; null until then
 */
public record DocumentCheck(@OneOf("DOCUMENTS") String document, boolean checked,
        @OneOf("CHECKERS") @Nullable String checkedBy, @Nullable Instant checkedAt) {

    public static final String PHOTO_ID = "photo_id";
    public static final String PROOF_OF_ADDRESS = "proof_of_address";
    /** Every document an operator may ask for, in the order a verification lists them. */
    public static final List<String> DOCUMENTS = List.of(PHOTO_ID, PROOF_OF_ADDRESS);

    public static final String PROVIDER = "provider";
    public static final String STAFF = "staff";
    public static final List<String> CHECKERS = List.of(PROVIDER, STAFF);

    static DocumentCheck unchecked(String document) {
        return new DocumentCheck(document, false, null, null);
    }

    DocumentCheck checkedBy(String checker, Instant at) {
        return new DocumentCheck(document, true, checker, at);
    }
}
