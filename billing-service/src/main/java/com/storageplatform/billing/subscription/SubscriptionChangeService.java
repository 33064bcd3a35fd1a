package com.storageplatform.billing.subscription;

import com.storageplatform.billing.internal.Records;
import com.storageplatform.billing.mandate.Mandates;
import com.storageplatform.billing.paymentmethod.PaymentMethods;
import com.storageplatform.billing.subscription.Subscription.Item;
import com.storageplatform.billing.subscription.SubscriptionChangeRules.Change;
import com.storageplatform.billing.subscription.SubscriptionChangeRules.Sent;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.time.Dates;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.FieldIssue;
import java.time.Clock;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * {@code PATCH /v1/subscriptions/{id}}, the transaction: the plan is locked, the body judged
 * ({@link SubscriptionChangeRules}), the card and mandate named looked up, and only then is anything written.
 */
@Service
class SubscriptionChangeService {

    private final SubscriptionRepository plans;
    private final SubscriptionEvents events;
    private final Records records;
    private final PaymentMethods paymentMethods;
    private final Mandates mandates;
    private final PriceIncreaseRepository increases;
    private final Clock clock;

    SubscriptionChangeService(SubscriptionRepository plans, SubscriptionEvents events, Records records,
            PaymentMethods paymentMethods, Mandates mandates, PriceIncreaseRepository increases, Clock clock) {
        this.plans = plans;
        this.events = events;
        this.records = records;
        this.paymentMethods = paymentMethods;
        this.mandates = mandates;
        this.increases = increases;
        this.clock = clock;
    }

    /**
     * Applies the fields sent: 404, then every bad field in one 422, then the plan's state (409), then the card and
     * mandate (422 {@code not_found}). A change publishes {@code subscription.updated}; a request that changes
     * nothing answers the plan as it is and publishes nothing.
     */
    Mono<Subscription> update(Caller caller, UUID id, SubscriptionChanges body) {
        UUID accountId = caller.accountId();
        return plans.planForUpdate(caller, id)
                .switchIfEmpty(Mono.error(ApiException.notFound()))
                .flatMap(current -> {
                    Sent sent = SubscriptionChangeRules.check(Validation.start(), body, current);
                    return plans.charges(accountId, id).collectList()
                            .zipWith(moveInDate(accountId, current, sent))
                            .map(both -> SubscriptionChangeRules.judge(current, sent, both.getT1(),
                                    both.getT2().orElse(null)))
                            .flatMap(change -> priceIncrease(accountId, current, change)
                                    .then(cards(accountId, current.contactId(), sent))
                                    .then(Mono.defer(() -> save(caller, current, change))));
                });
    }

    /** The agreement's move-in date, read only when a pending plan's first billing date may move (rule 2). */
    private Mono<Optional<LocalDate>> moveInDate(UUID accountId, Plan plan, Sent sent) {
        if (plan.agreementId() == null || sent.nextBillingDate() == null
                || !Subscription.PENDING.equals(plan.status())) {
            return Mono.just(Optional.empty());
        }
        return records.agreement(accountId, plan.agreementId())
                .map(agreement -> Dates.parseDate(agreement.path("move_in_date").asString(null)))
                .defaultIfEmpty(Optional.empty());
    }

    /**
     * Rule 8: while a price increase is scheduled, the licence fee and the billing period stay as its new price was
     * worked out for (409 until it applies or is cancelled).
     */
    private Mono<Void> priceIncrease(UUID accountId, Plan current, Change change) {
        Plan next = change.plan();
        if (next.amountMinor() == current.amountMinor() && next.intervalCount() == current.intervalCount()
                && next.billingInterval().equals(current.billingInterval())) {
            return Mono.empty();
        }
        return increases.scheduled(accountId, current.id())
                .flatMap(increase -> Mono.error(ApiException.conflict("A price increase of this plan is scheduled ("
                        + increase.id() + ", to " + increase.newAmountMinor() + " from " + increase.effectiveDate()
                        + "); its licence fee and billing period stay until it applies or is cancelled.")));
    }

    /** The card and mandate sent must be the customer's: each one not found is named in one 422. */
    private Mono<Void> cards(UUID accountId, UUID contactId, Sent sent) {
        Validation v = Validation.start();
        Mono<Void> card = !sent.bindsCard() ? Mono.empty()
                : paymentMethods.card(accountId, contactId, sent.paymentMethodId().value())
                        .switchIfEmpty(Mono.fromRunnable(() -> v.add("payment_method_id", FieldIssue.NOT_FOUND)))
                        .then();
        Mono<Void> mandate = !sent.bindsMandate() ? Mono.empty()
                : mandates.usable(accountId, contactId, sent.mandateId().value())
                        .filter(Boolean::booleanValue)
                        .switchIfEmpty(Mono.fromRunnable(() -> v.add("mandate_id", FieldIssue.NOT_FOUND)))
                        .then();
        return card.then(mandate).then(Mono.fromRunnable(v::orThrow));
    }

    private Mono<Subscription> save(Caller caller, Plan current, Change change) {
        UUID accountId = caller.accountId();
        if (!change.changes(current)) {
            return plans.view(accountId, current);
        }
        Plan saved = change.plan().edit().updatedAt(clock.instant()).build();
        List<Item> repriced = change.repriced();
        return plans.save(accountId, saved)
                .thenMany(Flux.fromIterable(repriced)
                        .concatMap(charge -> plans.saveCharge(accountId, saved.id(), charge, saved.updatedAt())))
                .then(events.publish(caller, SubscriptionEvents.UPDATED, saved.id()));
    }
}
