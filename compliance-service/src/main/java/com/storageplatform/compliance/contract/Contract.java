package com.storageplatform.compliance.contract;

import com.storageplatform.kit.openapi.OneOf;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * The {@code contract} resource: the licence document of one commerce agreement, made from the operator's licence
 * template with the agreement's terms, and its signature. The body of {@code GET /v1/contracts/{id}} and the
 * {@code data} of {@code contract.signed}.
 *
 * @param agreementId     the licence agreement (commerce's) the document is of
 * @param contactId       the customer, the Licensee: the agreement's customer when the document was made
 * @param siteId          the site of the agreement's unit
 * @param unitId          the unit licensed
 * @param status          {@code awaiting_signature}, {@code signed} (final), or {@code superseded} (a newer
 *                        contract of the same agreement replaced it before it was signed; final)
 * @param licenceFeeMinor the monthly licence fee the document states, in minor units
 * @param currency        the fee's currency, ISO 4217
 * @param moveInDate      the start date the document states; null when the agreement had none
 * @param templateVersion the version of the account's licence template the document was made from: 0 for the
 *                        default wording, then one more with each change the operator makes
 * @param documentSha256  the SHA-256 of the PDF ({@code GET /v1/contracts/{id}/document}), lowercase hex: what
 *                        the signer signed
 * @param documentSize    the PDF's size in bytes
 * @param signedAt        when the customer signed, as the service recorded it; null until signed
 * @param signer          who signed, from where and when; null until signed
 * @param supersededBy    the contract that replaced this one; null unless superseded
 * @param auditTrail      what happened to the contract, oldest first
 */
public record Contract(UUID id, String object, UUID agreementId, UUID contactId, UUID siteId, UUID unitId,
        @OneOf("STATUSES") String status, long licenceFeeMinor, String currency, @Nullable LocalDate moveInDate,
        int templateVersion,
        @Schema(example = "5f0c3a8e2b7d41c69e0a1d2f3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e") String documentSha256,
        int documentSize, @Nullable Instant signedAt, @Nullable Signer signer, @Nullable UUID supersededBy,
        List<AuditEntry> auditTrail, Instant createdAt, Instant updatedAt) {

    public static final String OBJECT = "contract";

    public static final String AWAITING_SIGNATURE = "awaiting_signature";
    public static final String SIGNED = "signed";
    public static final String SUPERSEDED = "superseded";
    public static final List<String> STATUSES = List.of(AWAITING_SIGNATURE, SIGNED, SUPERSEDED);

    /**
     * The customer's signature of the document.
     *
     * @param name      the signer's name as given
     * @param ipAddress the IP address the signature was made from, as given (IPv4 or IPv6)
     * @param signedAt  when the service recorded the signature
     */
    @Schema(name = "ContractSigner")
    public record Signer(@Schema(example = "Ada Lovelace") String name,
            @Schema(example = "203.0.113.7") String ipAddress, Instant signedAt) {
    }

    /**
     * One step of the contract's history, and who took it.
     *
     * @param event        {@code created}, {@code superseded} or {@code signed}
     * @param at           when it happened
     * @param actorType    who acted: {@code api} (an API key, OAuth client or static token), {@code staff} (a
     *                     back-office staff token), {@code platform_admin} or {@code provider}
     * @param credentialId the id of the credential that acted
     * @param ipAddress    the signer's IP address on {@code signed}; null otherwise
     */
    @Schema(name = "ContractAuditEntry")
    public record AuditEntry(@OneOf("EVENTS") String event, Instant at, @OneOf("ACTOR_TYPES") String actorType,
            String credentialId, @Schema(example = "203.0.113.7") @Nullable String ipAddress) {

        public static final String CREATED = "created";
        public static final String SUPERSEDED = "superseded";
        public static final String SIGNED = "signed";
        public static final List<String> EVENTS = List.of(CREATED, SUPERSEDED, SIGNED);
        public static final List<String> ACTOR_TYPES = List.of("api", "staff", "platform_admin", "provider");
    }

    /** This contract signed by {@code signer}, with the audit entry that records it. */
    Contract signed(Signer signer, AuditEntry entry) {
        return new Contract(id, object, agreementId, contactId, siteId, unitId, SIGNED, licenceFeeMinor, currency,
                moveInDate, templateVersion, documentSha256, documentSize, signer.signedAt(), signer, supersededBy,
                with(entry), createdAt, entry.at());
    }

    /** This contract replaced by {@code newer}, with the audit entry that records it. */
    Contract supersededBy(UUID newer, AuditEntry entry) {
        return new Contract(id, object, agreementId, contactId, siteId, unitId, SUPERSEDED, licenceFeeMinor,
                currency, moveInDate, templateVersion, documentSha256, documentSize, signedAt, signer, newer,
                with(entry), createdAt, entry.at());
    }

    private List<AuditEntry> with(AuditEntry entry) {
        List<AuditEntry> trail = new ArrayList<>(auditTrail);
        trail.add(entry);
        return List.copyOf(trail);
    }
}
