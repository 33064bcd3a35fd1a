package com.storageplatform.commerce.agreement;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.storageplatform.commerce.agreement.AgreementLifecycle.Action;
import com.storageplatform.kit.web.ApiException;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Every (status, action) pair of the agreement's lifecycle, and the access and PATCH rules by status. */
class AgreementLifecycleTest {

    /** The whole table: what each action leads to from each status; absent = refused. */
    private static final Map<String, Map<Action, String>> TABLE = new HashMap<>();

    static {
        TABLE.put(Agreement.QUOTE, Map.of(Action.SIGN, Agreement.PENDING_MOVE_IN,
                Action.TERMINATE, Agreement.TERMINATED));
        TABLE.put(Agreement.DRAFT, Map.of(Action.SIGN, Agreement.PENDING_MOVE_IN,
                Action.TERMINATE, Agreement.TERMINATED));
        TABLE.put(Agreement.PENDING_MOVE_IN, Map.of(Action.MOVE_IN, Agreement.ACTIVE,
                Action.TERMINATE, Agreement.TERMINATED));
        TABLE.put(Agreement.ACTIVE, Map.of(Action.GIVE_NOTICE, Agreement.NOTICE_GIVEN,
                Action.TERMINATE, Agreement.TERMINATED));
        TABLE.put(Agreement.NOTICE_GIVEN, Map.of(Action.TERMINATE, Agreement.TERMINATED));
        TABLE.put(Agreement.TERMINATED, Map.of());
    }

    @Test
    void everyStatusAndActionPairLeadsWhereTheTableSays() {
        assertThat(TABLE.keySet()).containsExactlyInAnyOrderElementsOf(Agreement.STATUSES);
        int pairs = 0;
        for (String status : Agreement.STATUSES) {
            for (Action action : Action.values()) {
                Optional<String> expected = Optional.ofNullable(TABLE.get(status).get(action));
                assertThat(AgreementLifecycle.next(status, action)).as(status + " " + action).isEqualTo(expected);
                pairs++;
            }
        }
        assertThat(pairs).isEqualTo(24);
    }

    @Test
    void aRefusedActionIsAConflictWithAnInvalidTransitionOnStatus() {
        for (String status : Agreement.STATUSES) {
            for (Action action : Action.values()) {
                if (TABLE.get(status).containsKey(action)) {
                    assertThat(AgreementLifecycle.require(status, action)).isEqualTo(TABLE.get(status).get(action));
                    continue;
                }
                assertThatThrownBy(() -> AgreementLifecycle.require(status, action))
                        .isInstanceOfSatisfying(ApiException.class, e -> {
                            assertThat(e.code()).isEqualTo(com.storageplatform.kit.web.ErrorCode.CONFLICT);
                            assertThat(e.status().value()).isEqualTo(409);
                            assertThat(e.details()).hasSize(1);
                            assertThat(e.details().get(0).field()).isEqualTo("status");
                            assertThat(e.details().get(0).issue()).isEqualTo("invalid_transition");
                            assertThat(e.getMessage()).contains(status).contains(action.path);
                        });
            }
        }
    }

    @Test
    void signingHoldsAccessOnlyWhenAnIdCheckIsRequiredAndHasNotPassed() {
        assertThat(AgreementLifecycle.accessAfterSigning(true, false)).isEqualTo(Agreement.ACCESS_HELD);
        assertThat(AgreementLifecycle.accessAfterSigning(true, true)).isEqualTo(Agreement.SIGNED);
        assertThat(AgreementLifecycle.accessAfterSigning(false, false)).isEqualTo(Agreement.SIGNED);
        assertThat(AgreementLifecycle.accessAfterSigning(false, true)).isEqualTo(Agreement.SIGNED);
    }

    @Test
    void accessIsReleasedOnlyFromAHold() {
        for (String access : Agreement.ACCESS_STATUSES) {
            assertThat(AgreementLifecycle.mayReleaseAccess(access)).as(access)
                    .isEqualTo(Agreement.ACCESS_HELD.equals(access));
        }
        assertThatThrownBy(() -> AgreementLifecycle.requireAccessHeld(Agreement.SIGNED))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.details().get(0).issue())
                        .isEqualTo("invalid_transition"));
    }

    @Test
    void theFeeChangesOnlyUntilMoveIn() {
        assertThat(Agreement.STATUSES.stream().filter(AgreementLifecycle::feeMayChange))
                .containsExactly(Agreement.QUOTE, Agreement.DRAFT, Agreement.PENDING_MOVE_IN);
    }

    @Test
    void everyStatusButTerminatedMayChange() {
        assertThat(Agreement.STATUSES.stream().filter(AgreementLifecycle::mayChange))
                .containsExactly(Agreement.QUOTE, Agreement.DRAFT, Agreement.PENDING_MOVE_IN, Agreement.ACTIVE,
                        Agreement.NOTICE_GIVEN);
    }

    @Test
    void theCustomerCannotChangeWhileAccessWaitsForTheirIdCheckOrOnceTerminated() {
        assertThat(AgreementLifecycle.customerMayChange(Agreement.PENDING_MOVE_IN, Agreement.ACCESS_HELD)).isFalse();
        assertThat(AgreementLifecycle.customerMayChange(Agreement.TERMINATED, Agreement.SIGNED)).isFalse();
        assertThat(AgreementLifecycle.customerMayChange(Agreement.ACTIVE, Agreement.ACCESS_RELEASED)).isTrue();
        assertThat(AgreementLifecycle.customerMayChange(Agreement.DRAFT, Agreement.DRAFTED)).isTrue();
    }
}
