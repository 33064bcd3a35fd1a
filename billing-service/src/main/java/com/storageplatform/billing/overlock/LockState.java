package com.storageplatform.billing.overlock;

import java.time.Instant;
import java.util.Set;
import java.util.UUID;

/**
 * What billing keeps of an overlock's lock commands beside the resource: each confirmation's time, which public
 * events went out, and the commands already settled. {@link OverlockTransitions} decides from it alone.
 */
record LockState(String status, Instant applyConfirmedAt, Instant applyFailedAt, String failureReason,
        Instant releaseConfirmedAt, Instant releaseFailedAt, String releaseFailureReason,
        Instant appliedPublishedAt, Instant releasedPublishedAt, Set<UUID> settledCommandIds) {

    LockState {
        settledCommandIds = Set.copyOf(settledCommandIds);
    }

    boolean applySettled() {
        return applyConfirmedAt != null || applyFailedAt != null;
    }
}
