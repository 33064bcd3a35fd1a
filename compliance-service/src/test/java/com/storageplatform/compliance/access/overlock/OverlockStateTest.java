package com.storageplatform.compliance.access.overlock;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.compliance.access.control.AccessLock;
import com.storageplatform.kit.id.Ids;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** What billing's overlock events add to an overlock, and what is due then, in any order. */
class OverlockStateTest {

    static final Instant T1 = Instant.parse("2026-11-27T09:00:00Z");
    static final Instant T2 = Instant.parse("2026-11-27T10:00:00Z");

    final Overlock asked = Overlock.asked(Ids.newId(), Ids.newId(), Ids.newId(), Ids.newId());

    @Test
    void aRequestDuesTheApplyOnceAndIsInForceUntilItsReleaseIsAskedFor() {
        Overlock requested = asked.requested(T1);
        assertThat(requested.applyDue()).isTrue();
        assertThat(requested.inForce()).isTrue();
        assertThat(requested.releaseDue()).isFalse();

        Overlock applied = requested.applyQueued(Ids.newId());
        assertThat(applied.requested(T2).applyDue()).as("a repeat").isFalse();
        assertThat(applied.requested(T2).requestedAt()).isEqualTo(T1);

        Overlock releasing = applied.releaseRequested(T2);
        assertThat(releasing.releaseDue()).isTrue();
        assertThat(releasing.inForce()).isFalse();
        assertThat(releasing.releaseQueued(Ids.newId()).releaseRequested(T2).releaseDue()).as("a repeat").isFalse();
    }

    @Test
    void aReleaseBeforeItsRequestDuesTheApplyAndTheReleaseAndIsNeverInForce() {
        Overlock released = asked.releaseRequested(T2);
        assertThat(released.applyDue()).isTrue();
        assertThat(released.releaseDue()).isTrue();
        assertThat(released.inForce()).isFalse();

        Overlock queued = released.applyQueued(Ids.newId()).releaseQueued(Ids.newId()).requested(T1);
        assertThat(queued.applyDue()).isFalse();
        assertThat(queued.releaseDue()).isFalse();
        assertThat(queued.inForce()).isFalse();
    }

    @Test
    void aReleaseAskedForAgainIsDueOnlyAfterTheLastOneFailed() {
        UUID release = Ids.newId();
        Overlock releasing = asked.requested(T1).applyQueued(Ids.newId()).releaseRequested(T1).releaseQueued(release);

        Overlock failed = releasing.settled(lock(AccessLock.RELEASE, release, "failed"));
        assertThat(failed.releaseFailedAt()).isEqualTo(T2);
        assertThat(failed.releaseRequested(T2).releaseDue()).isTrue();

        Overlock confirmed = releasing.settled(lock(AccessLock.RELEASE, release, "confirmed"));
        assertThat(confirmed.releasedAt()).isEqualTo(T2);
        assertThat(confirmed.releaseRequested(T2).releaseDue()).isFalse();
    }

    @Test
    void aFailedApplyEndsTheOverlocksForceAndAnotherCommandsOutcomeChangesNothing() {
        UUID apply = Ids.newId();
        Overlock requested = asked.requested(T1).applyQueued(apply);

        assertThat(requested.settled(lock(AccessLock.APPLY, apply, "failed")).inForce()).isFalse();
        assertThat(requested.settled(lock(AccessLock.APPLY, apply, "confirmed")).inForce()).isTrue();
        assertThat(requested.settled(lock(AccessLock.APPLY, Ids.newId(), "failed"))).isEqualTo(requested);
    }

    private AccessLock lock(String operation, UUID command, String status) {
        return new AccessLock(asked.id(), AccessLock.OBJECT, operation, command, asked.siteId(), asked.unitId(),
                status, "failed".equals(status) ? "The lock is jammed." : null, T2);
    }
}
