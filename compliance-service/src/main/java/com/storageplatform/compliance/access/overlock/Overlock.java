package com.storageplatform.compliance.access.overlock;

import com.storageplatform.compliance.access.control.AccessLock;
import java.time.Instant;
import java.util.UUID;

/**
 * One of billing's overlocks as compliance carries it out ({@code overlocks}): what billing asked, and the lock
 * commands queued for it and how they settled. Billing's events only add to it, so any order or repetition of the
 * same events leaves the same row:
 * <ul>
 *   <li>the apply is queued once, as soon as a request or a release shows the overlock was asked for (a release
 *       that overtook its request still locks before it unlocks, so billing hears both confirmations);</li>
 *   <li>the release is queued once it is asked for, after the apply, and again when it is asked for after a release
 *       failed (the operator asking again);</li>
 *   <li>in force (its credentials suspended, and any issued meanwhile) from the request until the release is asked
 *       for, unless the apply failed.</li>
 * </ul>
 *
 * @param requestedAt        the earliest {@code overlock.requested} seen; null until one is
 * @param releaseRequestedAt the {@code overlock.release_requested} the current release answers; null until one is
 */
record Overlock(UUID id, UUID agreementId, UUID siteId, UUID unitId, Instant requestedAt, Instant releaseRequestedAt,
        UUID applyCommandId, UUID releaseCommandId, Instant appliedAt, Instant applyFailedAt, Instant releasedAt,
        Instant releaseFailedAt) {

    static Overlock asked(UUID id, UUID agreementId, UUID siteId, UUID unitId) {
        return new Overlock(id, agreementId, siteId, unitId, null, null, null, null, null, null, null, null);
    }

    /** {@code overlock.requested} at {@code at}: the earliest kept, a repeat changes nothing. */
    Overlock requested(Instant at) {
        Instant earliest = requestedAt == null || at.isBefore(requestedAt) ? at : requestedAt;
        return new Overlock(id, agreementId, siteId, unitId, earliest, releaseRequestedAt, applyCommandId,
                releaseCommandId, appliedAt, applyFailedAt, releasedAt, releaseFailedAt);
    }

    /**
     * {@code overlock.release_requested} at {@code at}: the first is kept and a repeat changes nothing, except after
     * the release failed, when it is asked for again (a new release is queued).
     */
    Overlock releaseRequested(Instant at) {
        if (releaseRequestedAt != null && releaseFailedAt == null) {
            return this;
        }
        return new Overlock(id, agreementId, siteId, unitId, requestedAt, at, applyCommandId, null, appliedAt,
                applyFailedAt, releasedAt, null);
    }

    /** The apply is to be queued: the overlock was asked for, and none was. */
    boolean applyDue() {
        return (requestedAt != null || releaseRequestedAt != null) && applyCommandId == null;
    }

    /** The release is to be queued: it was asked for, and none is queued for that ask. */
    boolean releaseDue() {
        return releaseRequestedAt != null && releaseCommandId == null;
    }

    /** Requested, its release not asked for, its apply not failed: the agreement's credentials stay suspended. */
    boolean inForce() {
        return requestedAt != null && releaseRequestedAt == null && applyFailedAt == null;
    }

    Overlock applyQueued(UUID commandId) {
        return new Overlock(id, agreementId, siteId, unitId, requestedAt, releaseRequestedAt, commandId,
                releaseCommandId, appliedAt, applyFailedAt, releasedAt, releaseFailedAt);
    }

    Overlock releaseQueued(UUID commandId) {
        return new Overlock(id, agreementId, siteId, unitId, requestedAt, releaseRequestedAt, applyCommandId,
                commandId, appliedAt, applyFailedAt, releasedAt, releaseFailedAt);
    }

    /** A lock command of the overlock settled; one it no longer waits for (a release asked for again) changes nothing. */
    Overlock settled(AccessLock lock) {
        boolean confirmed = lock.confirmed();
        Instant at = lock.settledAt();
        if (AccessLock.APPLY.equals(lock.operation()) && lock.commandId().equals(applyCommandId)) {
            return new Overlock(id, agreementId, siteId, unitId, requestedAt, releaseRequestedAt, applyCommandId,
                    releaseCommandId, confirmed ? at : null, confirmed ? null : at, releasedAt, releaseFailedAt);
        }
        if (AccessLock.RELEASE.equals(lock.operation()) && lock.commandId().equals(releaseCommandId)) {
            return new Overlock(id, agreementId, siteId, unitId, requestedAt, releaseRequestedAt, applyCommandId,
                    releaseCommandId, appliedAt, applyFailedAt, confirmed ? at : null, confirmed ? null : at);
        }
        return this;
    }
}
