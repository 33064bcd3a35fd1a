package com.storageplatform.commerce.agreement;

import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.ErrorCode;
import com.storageplatform.kit.web.FieldIssue;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The agreement's lifecycle and access as pure rules: which action moves which status where, and what a
 * {@code PATCH} may change in each status. Every (status, action) pair has a unit test
 * ({@code AgreementLifecycleTest}); the table is in docs/api/commerce.md#lifecycle.
 *
 * <pre>
 * quote, draft      --sign-->        pending_move_in   (access: drafted -> signed, or access_held)
 * pending_move_in   --move-in-->     active
 * active            --give-notice--> notice_given
 * any but terminated --terminate-->  terminated
 * </pre>
 */
final class AgreementLifecycle {

    /** The lifecycle actions, by the path segment that names them. */
    enum Action {
        SIGN("sign", "signed"),
        MOVE_IN("move-in", "moved in"),
        GIVE_NOTICE("give-notice", "given notice"),
        TERMINATE("terminate", "terminated");

        final String path;
        final String done;

        Action(String path, String done) {
            this.path = path;
            this.done = done;
        }
    }

    private static final Map<Action, List<String>> FROM = Map.of(
            Action.SIGN, List.of(Agreement.QUOTE, Agreement.DRAFT),
            Action.MOVE_IN, List.of(Agreement.PENDING_MOVE_IN),
            Action.GIVE_NOTICE, List.of(Agreement.ACTIVE),
            Action.TERMINATE, List.of(Agreement.QUOTE, Agreement.DRAFT, Agreement.PENDING_MOVE_IN, Agreement.ACTIVE,
                    Agreement.NOTICE_GIVEN));

    private static final Map<Action, String> TO = Map.of(
            Action.SIGN, Agreement.PENDING_MOVE_IN,
            Action.MOVE_IN, Agreement.ACTIVE,
            Action.GIVE_NOTICE, Agreement.NOTICE_GIVEN,
            Action.TERMINATE, Agreement.TERMINATED);

    private AgreementLifecycle() {
    }

    /** The status {@code action} moves an agreement in {@code status} to; empty when it cannot leave that way. */
    static Optional<String> next(String status, Action action) {
        return FROM.get(action).contains(status) ? Optional.of(TO.get(action)) : Optional.empty();
    }

    /** The status after {@code action}, or 409 {@code conflict} with issue {@code invalid_transition}. */
    static String require(String status, Action action) {
        return next(status, action).orElseThrow(() -> invalidTransition("status",
                "An agreement that is " + status + " cannot be " + action.done + " (POST /v1/agreements/{id}/"
                        + action.path + " needs one that is " + String.join(" or ", FROM.get(action)) + ")."));
    }

    /**
     * The access status straight after signing: {@code access_held} when the operator requires an online ID check
     * before access and the customer has not passed one, else {@code signed}.
     */
    static String accessAfterSigning(boolean idCheckRequiredBeforeAccess, boolean customerVerified) {
        return idCheckRequiredBeforeAccess && !customerVerified ? Agreement.ACCESS_HELD : Agreement.SIGNED;
    }

    /** Access is released only from a hold: never {@code access_released} without {@code access_held} first. */
    static boolean mayReleaseAccess(String accessStatus) {
        return Agreement.ACCESS_HELD.equals(accessStatus);
    }

    static void requireAccessHeld(String accessStatus) {
        if (!mayReleaseAccess(accessStatus)) {
            throw invalidTransition("access_status", "Access is " + accessStatus + ": only an agreement whose "
                    + "access is held (access_held) can have it released.");
        }
    }

    /** The licence fee is agreed until the customer moves in: a quote, a draft or one pending move-in. */
    static boolean feeMayChange(String status) {
        return Agreement.QUOTE.equals(status) || Agreement.DRAFT.equals(status)
                || Agreement.PENDING_MOVE_IN.equals(status);
    }

    /**
     * A terminated agreement keeps its unit, its customer and its terms: a {@code PATCH} changes nothing on it. In
     * every other status a new unit is taken the same way (a quote's or draft's booking moves, a signed
     * agreement's customer is transferred: the hold moves to the new unit either way).
     */
    static boolean mayChange(String status) {
        return !Agreement.TERMINATED.equals(status);
    }

    /** Another customer cannot take over an agreement whose access waits for the current one's ID check. */
    static boolean customerMayChange(String status, String accessStatus) {
        return mayChange(status) && !Agreement.ACCESS_HELD.equals(accessStatus);
    }

    static ApiException invalidTransition(String field, String message) {
        return new ApiException(ErrorCode.CONFLICT, ErrorCode.CONFLICT.status(), message,
                List.of(new FieldIssue(field, FieldIssue.INVALID_TRANSITION)), Map.of());
    }
}
