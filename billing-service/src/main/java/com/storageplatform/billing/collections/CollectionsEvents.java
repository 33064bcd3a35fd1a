package com.storageplatform.billing.collections;

import com.storageplatform.billing.collections.DunningLadder.Step;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.outbox.EventPublisher;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code dunning.*} on {@code billing.events}, both public: {@code dunning.advanced} for each step a case takes
 * (the case, with {@code step}: the step taken), {@code dunning.resolved} when a case that had taken a step closes
 * (the case, closed).
 */
@Component
class CollectionsEvents {

    static final String ADVANCED = "dunning.advanced";
    static final String RESOLVED = "dunning.resolved";

    private final EventPublisher events;
    private final JsonMapper json;

    CollectionsEvents(EventPublisher events, JsonMapper json) {
        this.events = events;
        this.json = json;
    }

    /**
     * The step a case took, as {@code dunning.advanced} carries it.
     *
     * @param lateFeeMinor the fee charged on a {@code late_fee} step (0 when the case is in another currency than
     *                     the account's); null on any other
     */
    record StepTaken(int index, String action, int daysAfterDue, Long lateFeeMinor) {

        static StepTaken of(int index, Step step, Long lateFeeMinor) {
            return new StepTaken(index, step.action(), step.daysAfterDue(), lateFeeMinor);
        }
    }

    Mono<Void> advanced(Caller caller, CollectionsCase collectionsCase, StepTaken step) {
        ObjectNode data = json.valueToTree(collectionsCase);
        data.set("step", json.valueToTree(step));
        return events.publish(caller, ADVANCED, collectionsCase.id(), data).then();
    }

    Mono<Void> resolved(Caller caller, CollectionsCase collectionsCase) {
        return events.publish(caller, RESOLVED, collectionsCase.id(), collectionsCase).then();
    }
}
