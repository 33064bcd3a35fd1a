package com.storageplatform.webhooks.delivery;

import com.storageplatform.kit.caller.ActorType;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.outbox.EventPublisher;
import com.storageplatform.webhooks.endpoint.Endpoints;
import com.storageplatform.webhooks.endpoint.StoredEndpoint;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import org.springframework.stereotype.Component;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;

/**
 * Records what an attempt came to. A success is written in a batch with others ({@link SuccessRecorder}); a
 * failure in one transaction of its own: the delivery's new state, the endpoint's failure streak,
 * and, when an endpoint has failed 50 times in a row and not succeeded for 7 days (both; one that never succeeded
 * counts its 7 days from its creation), disabling it: the
 * operator is notified and {@code webhook_endpoint.disabled} goes to the account's other active endpoints.
 */
@Component
class DeliveryOutcomes {

    static final int DISABLE_AFTER_FAILURES = 50;
    static final Duration DISABLE_WITHOUT_SUCCESS_FOR = Duration.ofDays(7);

    private final DeliveryQueue queue;
    private final SuccessRecorder successes;
    private final Endpoints endpoints;
    private final OperatorNotifier notifier;
    private final EventPublisher events;
    private final TransactionalOperator tx;
    private final RetrySchedule schedule;
    private final Clock clock;

    DeliveryOutcomes(DeliveryQueue queue, SuccessRecorder successes, Endpoints endpoints, OperatorNotifier notifier,
            EventPublisher events, TransactionalOperator tx, RetrySchedule schedule, Clock clock) {
        this.queue = queue;
        this.successes = successes;
        this.endpoints = endpoints;
        this.notifier = notifier;
        this.events = events;
        this.tx = tx;
        this.schedule = schedule;
        this.clock = clock;
    }

    Mono<Void> record(DeliveryQueue.Claimed delivery, DeliverySender.Attempt attempt) {
        Instant now = clock.instant();
        if (attempt.succeeded()) {
            return successes.record(delivery, attempt.status());
        }
        int attempts = delivery.attempts() + 1;
        Instant next = schedule.isExhausted(attempts) ? null : now.plus(schedule.delayAfter(attempts));
        return tx.transactional(queue.failed(delivery, attempt.status(), attempt.error(), now, next)
                .then(endpoints.recordFailure(delivery.accountId(), delivery.endpointId()))
                .flatMap(endpoint -> disableIfFailing(endpoint, now)));
    }

    private Mono<Void> disableIfFailing(StoredEndpoint endpoint, Instant now) {
        // An endpoint that never succeeded has gone without a success since it was created: a new one is not
        // disabled for failing its first 50 attempts, only once it is 7 days old.
        Instant succeededSince = endpoint.lastSuccessAt() == null ? endpoint.createdAt() : endpoint.lastSuccessAt();
        boolean failing = endpoint.consecutiveFailures() >= DISABLE_AFTER_FAILURES
                && succeededSince.isBefore(now.minus(DISABLE_WITHOUT_SUCCESS_FOR));
        if (!failing || !endpoint.status().equals(StoredEndpoint.ACTIVE)) {
            return Mono.empty();
        }
        String reason = endpoint.consecutiveFailures() + " consecutive failed deliveries and no success in 7 days";
        StoredEndpoint disabled = new StoredEndpoint(endpoint.id(), endpoint.accountId(), endpoint.operatorId(),
                endpoint.environment(), endpoint.url(), endpoint.description(), endpoint.enabledEvents(),
                endpoint.apiVersion(), StoredEndpoint.DISABLED, endpoint.consecutiveFailures(), endpoint.lastSuccessAt(),
                now, endpoint.createdAt(), now);
        return endpoints.disable(endpoint.accountId(), endpoint.id(), now)
                .then(notifier.endpointDisabled(disabled, reason))
                .then(events.publish(platformFor(endpoint), "webhook_endpoint.disabled", endpoint.id(), disabled.view()))
                .then();
    }

    /** The platform acting on the account's behalf: who the event log names for an automatic change. */
    private static Caller platformFor(StoredEndpoint endpoint) {
        return new Caller(endpoint.accountId(), endpoint.operatorId(), endpoint.environment(), Set.of(), null,
                ActorType.PLATFORM_ADMIN, "webhook-dispatcher", null);
    }
}
