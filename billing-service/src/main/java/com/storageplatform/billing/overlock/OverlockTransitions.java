package com.storageplatform.billing.overlock;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/**
 * How a lock system's confirmation moves an overlock, whatever order or repetition the confirmations arrive in
 * (ADR 0028). Each command settles once (a repeated one changes nothing); each confirmation's time is kept; and the
 * public events go out exactly once each, {@code overlock.applied} always before {@code overlock.released}:
 * <ul>
 *   <li>apply confirmed: {@code requested} becomes {@code applied}; {@code overlock.applied} unless out already
 *       (and {@code overlock.released} after it when the release was confirmed first);</li>
 *   <li>apply failed: {@code requested} or {@code release_requested} becomes {@code failed} (lock by hand); a
 *       release confirmed before it is published now, {@code overlock.applied} first;</li>
 *   <li>release confirmed: {@code released}; both events once the apply has settled, held until then (a receiver
 *       never sees a release without its apply);</li>
 *   <li>release failed: a {@code release_requested} overlock goes back to what its apply left it
 *       ({@code applied}, {@code requested} or {@code failed}) with {@code release_failed_at}; it may be asked
 *       again.</li>
 * </ul>
 */
final class OverlockTransitions {

    static final String APPLIED_EVENT = "overlock.applied";
    static final String RELEASED_EVENT = "overlock.released";

    private OverlockTransitions() {
    }

    /** A settled lock command as compliance reported it ({@code access_lock.confirmed} or {@code .failed}). */
    record Settled(UUID commandId, boolean apply, boolean confirmed, String reason, Instant settledAt) {
    }

    /** The state after, and the public events to publish, in order. */
    record Outcome(LockState state, List<String> publish) {

        boolean changed(LockState before) {
            return !state.equals(before);
        }
    }

    static Outcome settle(LockState s, Settled c, Instant now) {
        if (s.settledCommandIds().contains(c.commandId())) {
            return new Outcome(s, List.of());
        }
        Set<UUID> settled = new HashSet<>(s.settledCommandIds());
        settled.add(c.commandId());
        String status = s.status();
        Instant applyConfirmed = s.applyConfirmedAt();
        Instant applyFailed = s.applyFailedAt();
        String failure = s.failureReason();
        Instant releaseConfirmed = s.releaseConfirmedAt();
        Instant releaseFailed = s.releaseFailedAt();
        String releaseFailure = s.releaseFailureReason();
        if (c.apply() && !s.applySettled()) {
            if (c.confirmed()) {
                applyConfirmed = c.settledAt();
                status = Overlock.REQUESTED.equals(status) ? Overlock.APPLIED : status;
            } else {
                applyFailed = c.settledAt();
                failure = c.reason();
                status = Overlock.REQUESTED.equals(status) || Overlock.RELEASE_REQUESTED.equals(status)
                        ? Overlock.FAILED : status;
            }
        } else if (!c.apply() && releaseConfirmed == null) {
            if (c.confirmed()) {
                releaseConfirmed = c.settledAt();
                status = Overlock.RELEASED;
            } else if (Overlock.RELEASE_REQUESTED.equals(status)) {
                releaseFailed = c.settledAt();
                releaseFailure = c.reason();
                status = applyConfirmed != null ? Overlock.APPLIED
                        : applyFailed != null ? Overlock.FAILED : Overlock.REQUESTED;
            }
        }
        boolean applySettled = applyConfirmed != null || applyFailed != null;
        List<String> publish = new ArrayList<>();
        Instant appliedPublished = s.appliedPublishedAt();
        Instant releasedPublished = s.releasedPublishedAt();
        boolean releaseDue = releaseConfirmed != null && applySettled && releasedPublished == null;
        if (appliedPublished == null && (applyConfirmed != null || releaseDue)) {
            publish.add(APPLIED_EVENT);
            appliedPublished = now;
        }
        if (releaseDue) {
            publish.add(RELEASED_EVENT);
            releasedPublished = now;
        }
        return new Outcome(new LockState(status, applyConfirmed, applyFailed, failure, releaseConfirmed,
                releaseFailed, releaseFailure, appliedPublished, releasedPublished, settled), List.copyOf(publish));
    }
}
