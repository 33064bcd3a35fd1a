package com.storageplatform.billing.overlock;

import com.storageplatform.kit.openapi.OneOf;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * The {@code overlock} resource: a lock the operator puts on a customer's unit over a debt, asked of the lock system
 * through compliance. The body of {@code GET /v1/overlocks/{id}} and the {@code data} of {@code overlock.*} events.
 *
 * @param caseId               the arrears case whose ladder asked for it; null when applied by hand
 * @param status               {@code requested} (asked of the lock system), {@code applied} (the system confirmed),
 *                             {@code release_requested}, {@code released} (the system confirmed the unlock),
 *                             {@code failed} (the system refused or could not be reached: lock the unit by hand)
 * @param reason               why it was asked for ({@code arrears} when the dunning ladder asked)
 * @param failureReason        what the lock system said when it could not apply it; null otherwise
 * @param appliedAt            when the lock system put the lock on (its confirmation's time); null until then
 * @param failedAt             when the lock system could not put it on; null otherwise
 * @param releaseRequestedAt   when its release was last asked for
 * @param releasedAt           when the lock system took the lock off; null until then
 * @param releaseFailedAt      when the lock system last could not take it off (it stays {@code applied}: ask again,
 *                             or unlock by hand); null otherwise
 * @param releaseFailureReason what the lock system said then
 */
public record Overlock(UUID id, String object, UUID agreementId, UUID contactId, UUID siteId, UUID unitId,
        @Nullable UUID caseId, @OneOf("STATUSES") String status, String reason, @Nullable String failureReason,
        Instant requestedAt, @Nullable Instant appliedAt, @Nullable Instant failedAt, Instant releaseRequestedAt,
        @Nullable Instant releasedAt, @Nullable Instant releaseFailedAt, String releaseFailureReason, Instant createdAt,
        Instant updatedAt) {

    public static final String OBJECT = "overlock";
    public static final String REQUESTED = "requested";
    public static final String APPLIED = "applied";
    public static final String RELEASE_REQUESTED = "release_requested";
    public static final String RELEASED = "released";
    public static final String FAILED = "failed";
    public static final List<String> STATUSES = List.of(REQUESTED, APPLIED, RELEASE_REQUESTED, RELEASED, FAILED);

    /** Whether it is in force: asked for or on, and not yet off (at most one per agreement). */
    public boolean inForce() {
        return !RELEASED.equals(status) && !FAILED.equals(status);
    }
}
