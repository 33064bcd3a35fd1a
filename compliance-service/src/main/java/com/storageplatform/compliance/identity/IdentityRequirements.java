package com.storageplatform.compliance.identity;

import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The {@code identity_requirements} resource: which documents the operator asks a customer for, one per account.
 * Each new identity verification asks for these; one made before a change keeps what it asked for.
 *
 * @param documents the documents asked for: always {@code photo_id} (the online check checks it), then
 *                  {@code proof_of_address} when the operator asks for it
 * @param isDefault true while the account asks for the default, photo ID alone
 * @param updatedAt when the operator last changed them; null for the default
 */
public record IdentityRequirements(String object, List<String> documents, boolean isDefault,
        @Nullable Instant updatedAt) {

    public static final String OBJECT = "identity_requirements";
    static final List<String> DEFAULT_DOCUMENTS = List.of(DocumentCheck.PHOTO_ID);

    public IdentityRequirements {
        documents = List.copyOf(documents);
    }

    static IdentityRequirements defaults() {
        return new IdentityRequirements(OBJECT, DEFAULT_DOCUMENTS, true, null);
    }
}
