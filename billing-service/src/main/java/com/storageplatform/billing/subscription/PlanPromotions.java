package com.storageplatform.billing.subscription;

import com.storageplatform.billing.internal.Records;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.inbox.EventData;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.ApiException;
import java.time.Clock;
import java.util.Optional;
import java.util.UUID;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Mono;

/**
 * Promotions put on a plan, or taken off, by the API after it was made. One promotion is in force on a plan at a
 * time: one that has discounted all its periods stays on until it is taken off.
 */
@Service
class PlanPromotions {

    private final SubscriptionRepository plans;
    private final SubscriptionEvents events;
    private final Promotions promotions;
    private final Records records;
    private final Clock clock;

    PlanPromotions(SubscriptionRepository plans, SubscriptionEvents events, Promotions promotions, Records records,
            Clock clock) {
        this.plans = plans;
        this.events = events;
        this.promotions = promotions;
        this.records = records;
        this.clock = clock;
    }

    /**
     * The plan with the coupon of {@code promotion_code} on it ({@code subscription.updated}): 409 on a cancelled or
     * ended plan and on one with a promotion in force; 422 on {@code promotion_code} when the account has no such
     * coupon or it does not apply to the plan today.
     */
    Mono<Subscription> put(Caller caller, UUID id, PutPromotion body) {
        return Mono.defer(() -> {
            Validation v = Validation.start();
            String code = body.promotionCode();
            v.require("promotion_code", code).maxLength("promotion_code", code, 50)
                    .printable("promotion_code", code, false)
                    .orThrow();
            UUID accountId = caller.accountId();
            return plans.planForUpdate(caller, id)
                    .switchIfEmpty(Mono.error(ApiException.notFound()))
                    .flatMap(plan -> {
                        if (Subscription.CANCELLED.equals(plan.status()) || Subscription.ENDED.equals(plan.status())) {
                            return Mono.error(ApiException.conflict("Subscription " + id + " is " + plan.status()
                                    + "; a promotion goes only on a plan that still runs."));
                        }
                        return plans.promotion(accountId, id).map(Optional::of).defaultIfEmpty(Optional.empty())
                                .flatMap(current -> current.isPresent()
                                        ? Mono.error(ApiException.conflict("Subscription " + id + " has the "
                                                + "promotion " + current.get().name() + " on it; take it off first "
                                                + "(DELETE /v1/subscriptions/" + id + "/promotion)."))
                                        : unitTypeId(accountId, plan))
                                .flatMap(unitTypeId -> promotions.byCode(accountId, v, "promotion_code", code, plan,
                                        unitTypeId.orElse(null), Promotions.API))
                                // byCode is empty only with its issue recorded on promotion_code.
                                .switchIfEmpty(Mono.error(() -> ApiException.invalid(v.issues())))
                                .flatMap(promotion -> plans.insertPromotion(accountId, id, promotion))
                                .then(events.publish(caller, SubscriptionEvents.UPDATED, id));
                    });
        });
    }

    /** The plan without its promotion ({@code subscription.updated}); with none, the plan as it is. */
    Mono<Subscription> remove(Caller caller, UUID id) {
        UUID accountId = caller.accountId();
        return plans.planForUpdate(caller, id)
                .switchIfEmpty(Mono.error(ApiException.notFound()))
                .flatMap(plan -> plans.promotion(accountId, id)
                        .flatMap(current -> plans.removePromotion(accountId, id, clock.instant())
                                .then(events.publish(caller, SubscriptionEvents.UPDATED, id)))
                        .switchIfEmpty(Mono.defer(() -> plans.view(accountId, plan))));
    }

    /** The unit type of the plan's agreement, which a coupon may be limited to. */
    private Mono<Optional<UUID>> unitTypeId(UUID accountId, Plan plan) {
        Mono<UUID> unitType = plan.agreementId() == null ? Mono.empty()
                : records.agreement(accountId, plan.agreementId())
                        .mapNotNull(agreement -> EventData.id(agreement, "unit_type_id"));
        return unitType.map(Optional::of).defaultIfEmpty(Optional.empty());
    }
}
