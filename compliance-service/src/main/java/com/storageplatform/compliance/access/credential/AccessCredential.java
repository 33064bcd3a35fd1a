package com.storageplatform.compliance.access.credential;

import com.storageplatform.kit.openapi.OneOf;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * The {@code access_credential} resource: what lets a customer in to the site of one of their agreements. The body
 * of {@code GET /v1/access-credentials/{id}} and, without its code, of the list and the {@code access_credential.*}
 * events.
 *
 * @param agreementId the licence agreement it gives access under
 * @param contactId   the agreement's customer, who holds it
 * @param siteId      the site it opens (the agreement's)
 * @param unitId      the agreement's unit, whose door or lock it opens where the site has them
 * @param kind        {@code gate_code} (a keypad code), {@code fob} (a fob or card, by its number) or
 *                    {@code app_key} (a key for the gate system's app)
 * @param status      {@code active}, {@code suspended} (opens nothing until reinstated) or {@code revoked} (final)
 * @param code        the gate code, fob number or app key: a secret the customer needs. Answered only on one
 *                    credential's answer (create, read, actions) while it is {@code active}; null in lists, in
 *                    events, and once suspended or revoked. Never logged.
 * @param issuedAt    when it was issued
 * @param suspendedAt when it was last suspended; null while it never was, or since reinstated
 * @param revokedAt   when it was revoked; null until then
 * @param reason      why it is suspended or revoked: {@code agreement_terminated}, {@code agreement_changed},
 *                    {@code overlock} (set by the platform), or {@code lost}, {@code stolen},
 *                    {@code compromised}, {@code other} (sent by the operator); null while active
 */
public record AccessCredential(UUID id, String object, UUID agreementId, UUID contactId, UUID siteId, UUID unitId,
        @OneOf("KINDS") String kind, @OneOf("STATUSES") String status, @Nullable String code, Instant issuedAt,
        @Nullable Instant suspendedAt, @Nullable Instant revokedAt, @OneOf("REASONS") @Nullable String reason,
        Instant createdAt, Instant updatedAt) {

    public static final String OBJECT = "access_credential";

    public static final String GATE_CODE = "gate_code";
    public static final String FOB = "fob";
    public static final String APP_KEY = "app_key";
    public static final List<String> KINDS = List.of(GATE_CODE, FOB, APP_KEY);

    public static final String ACTIVE = "active";
    public static final String SUSPENDED = "suspended";
    public static final String REVOKED = "revoked";
    public static final List<String> STATUSES = List.of(ACTIVE, SUSPENDED, REVOKED);

    public static final String AGREEMENT_TERMINATED = "agreement_terminated";
    public static final String AGREEMENT_CHANGED = "agreement_changed";
    public static final String OVERLOCK = "overlock";
    public static final String OTHER = "other";
    /** The reasons the operator may give when suspending or revoking. */
    public static final List<String> OPERATOR_REASONS = List.of("lost", "stolen", "compromised", OTHER);
    public static final List<String> REASONS = List.of(AGREEMENT_TERMINATED, AGREEMENT_CHANGED, OVERLOCK, "lost",
            "stolen", "compromised", OTHER);

    /** Whether it still opens, or may again: active or suspended. */
    boolean isLive() {
        return !REVOKED.equals(status);
    }

    AccessCredential withCode(String code) {
        return new AccessCredential(id, object, agreementId, contactId, siteId, unitId, kind, status, code, issuedAt,
                suspendedAt, revokedAt, reason, createdAt, updatedAt);
    }

    AccessCredential suspended(String reason, Instant at) {
        return new AccessCredential(id, object, agreementId, contactId, siteId, unitId, kind, SUSPENDED, null,
                issuedAt, at, revokedAt, reason, createdAt, at);
    }

    AccessCredential reinstated(Instant at) {
        return new AccessCredential(id, object, agreementId, contactId, siteId, unitId, kind, ACTIVE, null, issuedAt,
                null, revokedAt, null, createdAt, at);
    }

    AccessCredential revoked(String reason, Instant at) {
        return new AccessCredential(id, object, agreementId, contactId, siteId, unitId, kind, REVOKED, null,
                issuedAt, suspendedAt, at, reason, createdAt, at);
    }

    /** Never the code. */
    @Override
    public String toString() {
        return "AccessCredential[id=" + id + ", agreement=" + agreementId + ", site=" + siteId + ", kind=" + kind
                + ", status=" + status + "]";
    }
}
