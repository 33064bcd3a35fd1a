package com.storageplatform.billing.overlock;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.billing.overlock.OverlockTransitions.Outcome;
import com.storageplatform.billing.overlock.OverlockTransitions.Settled;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class OverlockTransitionsTest {

    static final Instant T1 = Instant.parse("2027-03-10T10:00:00Z");
    static final Instant T2 = Instant.parse("2027-03-10T11:00:00Z");
    static final Instant NOW = Instant.parse("2027-03-10T12:00:00Z");
    final UUID apply = UUID.randomUUID();
    final UUID release = UUID.randomUUID();

    static LockState fresh(String status) {
        return new LockState(status, null, null, null, null, null, null, null, null, Set.of());
    }

    Settled applyConfirmed() {
        return new Settled(apply, true, true, null, T1);
    }

    Settled releaseConfirmed() {
        return new Settled(release, false, true, null, T2);
    }

    @Test
    void anApplyConfirmedMakesTheOverlockAppliedAndPublishesOverlockAppliedOnce() {
        Outcome first = OverlockTransitions.settle(fresh(Overlock.REQUESTED), applyConfirmed(), NOW);
        assertThat(first.state().status()).isEqualTo(Overlock.APPLIED);
        assertThat(first.state().applyConfirmedAt()).isEqualTo(T1);
        assertThat(first.publish()).containsExactly("overlock.applied");

        Outcome again = OverlockTransitions.settle(first.state(), applyConfirmed(), NOW);
        assertThat(again.publish()).isEmpty();
        assertThat(again.changed(first.state())).isFalse();
    }

    @Test
    void aSecondConfirmationOfTheApplyFromAnotherReportChangesNothingAndPublishesNothing() {
        Outcome first = OverlockTransitions.settle(fresh(Overlock.REQUESTED), applyConfirmed(), NOW);
        Outcome other = OverlockTransitions.settle(first.state(), new Settled(UUID.randomUUID(), true, true, null,
                T2), NOW);
        assertThat(other.publish()).isEmpty();
        assertThat(other.state().applyConfirmedAt()).isEqualTo(T1);
    }

    @Test
    void aReleaseConfirmedAfterTheApplyMakesItReleasedAndPublishesOverlockReleasedOnce() {
        LockState applied = OverlockTransitions.settle(fresh(Overlock.REQUESTED), applyConfirmed(), NOW).state();
        LockState asked = withStatus(applied, Overlock.RELEASE_REQUESTED);

        Outcome released = OverlockTransitions.settle(asked, releaseConfirmed(), NOW);
        assertThat(released.state().status()).isEqualTo(Overlock.RELEASED);
        assertThat(released.state().releaseConfirmedAt()).isEqualTo(T2);
        assertThat(released.publish()).containsExactly("overlock.released");
        assertThat(OverlockTransitions.settle(released.state(), releaseConfirmed(), NOW).publish()).isEmpty();
    }

    @Test
    void aReleaseConfirmedBeforeItsApplyIsHeldUntilTheApplyArrivesThenBothArePublishedInOrder() {
        Outcome early = OverlockTransitions.settle(fresh(Overlock.RELEASE_REQUESTED), releaseConfirmed(), NOW);
        assertThat(early.state().status()).isEqualTo(Overlock.RELEASED);
        assertThat(early.publish()).isEmpty();

        Outcome late = OverlockTransitions.settle(early.state(), applyConfirmed(), NOW);
        assertThat(late.state().status()).isEqualTo(Overlock.RELEASED);
        assertThat(late.state().applyConfirmedAt()).isEqualTo(T1);
        assertThat(late.publish()).containsExactly("overlock.applied", "overlock.released");

        assertThat(OverlockTransitions.settle(late.state(), applyConfirmed(), NOW).publish()).isEmpty();
        assertThat(OverlockTransitions.settle(late.state(), releaseConfirmed(), NOW).publish()).isEmpty();
    }

    @Test
    void aReleaseConfirmedWhoseApplyFailedIsReleasedWithOverlockAppliedPublishedFirst() {
        LockState asked = fresh(Overlock.RELEASE_REQUESTED);
        Outcome failed = OverlockTransitions.settle(asked, new Settled(apply, true, false, "gate offline", T1), NOW);
        assertThat(failed.state().status()).isEqualTo(Overlock.FAILED);
        assertThat(failed.publish()).isEmpty();

        Outcome released = OverlockTransitions.settle(failed.state(), releaseConfirmed(), NOW);
        assertThat(released.state().status()).isEqualTo(Overlock.RELEASED);
        assertThat(released.publish()).containsExactly("overlock.applied", "overlock.released");
    }

    @Test
    void aReleaseConfirmedBeforeItsApplyFailedIsPublishedWhenTheFailureArrivesAppliedFirst() {
        Outcome early = OverlockTransitions.settle(fresh(Overlock.RELEASE_REQUESTED), releaseConfirmed(), NOW);
        assertThat(early.publish()).isEmpty();

        Outcome late = OverlockTransitions.settle(early.state(), new Settled(apply, true, false, "timeout", T1), NOW);
        assertThat(late.state().status()).isEqualTo(Overlock.RELEASED);
        assertThat(late.state().applyFailedAt()).isEqualTo(T1);
        assertThat(late.publish()).containsExactly("overlock.applied", "overlock.released");
    }

    @Test
    void aFailedReleaseBeforeTheApplyIsConfirmedLeavesItRequestedUntilTheApplyArrives() {
        Outcome refused = OverlockTransitions.settle(fresh(Overlock.RELEASE_REQUESTED),
                new Settled(release, false, false, "busy", T2), NOW);
        assertThat(refused.state().status()).isEqualTo(Overlock.REQUESTED);

        Outcome applied = OverlockTransitions.settle(refused.state(), applyConfirmed(), NOW);
        assertThat(applied.state().status()).isEqualTo(Overlock.APPLIED);
        assertThat(applied.publish()).containsExactly("overlock.applied");
    }

    @Test
    void aFailedApplyMakesTheOverlockFailedWithTheReasonAndPublishesNothing() {
        Outcome failed = OverlockTransitions.settle(fresh(Overlock.REQUESTED),
                new Settled(apply, true, false, "no access system connected", T1), NOW);
        assertThat(failed.state().status()).isEqualTo(Overlock.FAILED);
        assertThat(failed.state().failureReason()).isEqualTo("no access system connected");
        assertThat(failed.state().applyFailedAt()).isEqualTo(T1);
        assertThat(failed.publish()).isEmpty();
        assertThat(OverlockTransitions.settle(failed.state(), applyConfirmed(), NOW).publish()).isEmpty();
    }

    @Test
    void aFailedReleaseLeavesTheOverlockAppliedWithTheFailureAndALaterReleaseStillReleasesIt() {
        LockState applied = OverlockTransitions.settle(fresh(Overlock.REQUESTED), applyConfirmed(), NOW).state();
        Outcome refused = OverlockTransitions.settle(withStatus(applied, Overlock.RELEASE_REQUESTED),
                new Settled(release, false, false, "lock jammed", T2), NOW);
        assertThat(refused.state().status()).isEqualTo(Overlock.APPLIED);
        assertThat(refused.state().releaseFailedAt()).isEqualTo(T2);
        assertThat(refused.state().releaseFailureReason()).isEqualTo("lock jammed");
        assertThat(refused.publish()).isEmpty();

        Outcome retried = OverlockTransitions.settle(withStatus(refused.state(), Overlock.RELEASE_REQUESTED),
                new Settled(UUID.randomUUID(), false, true, null, NOW), NOW);
        assertThat(retried.state().status()).isEqualTo(Overlock.RELEASED);
        assertThat(retried.publish()).containsExactly("overlock.released");
    }

    @Test
    void aRepeatedFailureOfAnEarlierReleaseDoesNotUndoTheReleaseAskedAgain() {
        LockState applied = OverlockTransitions.settle(fresh(Overlock.REQUESTED), applyConfirmed(), NOW).state();
        Settled refusal = new Settled(release, false, false, "lock jammed", T2);
        LockState refused = OverlockTransitions.settle(withStatus(applied, Overlock.RELEASE_REQUESTED), refusal,
                NOW).state();

        Outcome repeated = OverlockTransitions.settle(withStatus(refused, Overlock.RELEASE_REQUESTED), refusal, NOW);
        assertThat(repeated.state().status()).isEqualTo(Overlock.RELEASE_REQUESTED);
        assertThat(repeated.publish()).isEmpty();
    }

    @Test
    void everyOrderOfTheFourReportsPublishesAppliedThenReleasedExactlyOnce() {
        List<Settled> reports = List.of(applyConfirmed(), applyConfirmed(), releaseConfirmed(), releaseConfirmed());
        for (List<Integer> order : List.of(List.of(0, 1, 2, 3), List.of(2, 3, 0, 1), List.of(2, 0, 3, 1),
                List.of(0, 2, 1, 3), List.of(3, 2, 1, 0))) {
            LockState state = fresh(Overlock.RELEASE_REQUESTED);
            List<String> published = new java.util.ArrayList<>();
            for (int i : order) {
                Outcome outcome = OverlockTransitions.settle(state, reports.get(i), NOW);
                state = outcome.state();
                published.addAll(outcome.publish());
            }
            assertThat(published).as("order %s", order).containsExactly("overlock.applied", "overlock.released");
            assertThat(state.status()).isEqualTo(Overlock.RELEASED);
        }
    }

    static LockState withStatus(LockState s, String status) {
        return new LockState(status, s.applyConfirmedAt(), s.applyFailedAt(), s.failureReason(),
                s.releaseConfirmedAt(), s.releaseFailedAt(), s.releaseFailureReason(), s.appliedPublishedAt(),
                s.releasedPublishedAt(), s.settledCommandIds());
    }
}
