package com.storageplatform.compliance.identity;

import com.storageplatform.kit.openapi.OneOf;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * The {@code identity_verification} resource: a customer's ID check, made of the documents the operator asks for
 * ({@code /v1/identity-requirements}), one of which, {@code photo_id}, the online check at the provider checks. The
 * body of {@code GET /v1/identity-verifications/{id}} and the {@code data} of {@code identity_verification.*}
 * events. It never carries the link emailed to the customer.
 *
 * @param contactId           the customer checked
 * @param status              {@code pending} until every document asked for is checked ({@code verified}),
 *                            {@code requires_input} while the provider could not confirm the photo ID and staff
 *                            have not accepted it (the customer is not refused), {@code canceled} when the online
 *                            check ended without a decision (nothing is billed)
 * @param provider            the online ID-check provider: {@code stripe} (Stripe Identity; the test accounts'
 *                            simulator carries the same name)
 * @param providerReference   the provider's reference of the online check (Stripe's {@code vs_...})
 * @param requiresInputReason the provider's code for why it could not confirm the photo ID
 *                            ({@code document_expired}, {@code selfie_face_mismatch}, ...); null otherwise
 * @param documents           the documents asked for when the check was made, {@code photo_id} first, each with
 *                            whether, by whom and when it was checked
 * @param linkExpiresAt       until when the link emailed to the customer opens the online check
 * @param acceptedAt          when a member of staff accepted the photo ID the provider could not confirm (the same
 *                            person under another form of name); null otherwise
 * @param verifiedAt          when every document asked for was checked; null until then
 * @param canceledAt          when the online check ended without a decision; null otherwise
 */
public record IdentityVerification(UUID id, String object, UUID contactId, @OneOf("STATUSES") String status,
        String provider, String providerReference, @Nullable String requiresInputReason, List<DocumentCheck> documents,
        Instant linkExpiresAt, @Nullable Instant acceptedAt, @Nullable Instant verifiedAt, @Nullable Instant canceledAt,
        Instant createdAt, Instant updatedAt) {

    public static final String OBJECT = "identity_verification";

    public static final String PENDING = "pending";
    public static final String REQUIRES_INPUT = "requires_input";
    public static final String VERIFIED = "verified";
    public static final String CANCELED = "canceled";
    public static final List<String> STATUSES = List.of(PENDING, REQUIRES_INPUT, VERIFIED, CANCELED);

    public IdentityVerification {
        documents = List.copyOf(documents);
    }

    /** The check of the document the online check checks. */
    DocumentCheck photoId() {
        return document(DocumentCheck.PHOTO_ID);
    }

    /** The check of {@code document}; null when this verification does not ask for it. */
    DocumentCheck document(String document) {
        return documents.stream().filter(d -> d.document().equals(document)).findFirst().orElse(null);
    }

    boolean everyDocumentChecked() {
        return documents.stream().allMatch(DocumentCheck::checked);
    }

    /** Whether the online check is still open: the customer's link leads to it and the provider may report on it. */
    boolean onlineCheckOpen() {
        return !CANCELED.equals(status) && !photoId().checked();
    }

    /** The verification with these fields changed; {@code updatedAt} is {@code at}. */
    IdentityVerification with(String status, String requiresInputReason, List<DocumentCheck> documents,
            Instant acceptedAt, Instant verifiedAt, Instant canceledAt, Instant at) {
        return new IdentityVerification(id, object, contactId, status, provider, providerReference,
                requiresInputReason, documents, linkExpiresAt, acceptedAt, verifiedAt, canceledAt, createdAt, at);
    }
}
