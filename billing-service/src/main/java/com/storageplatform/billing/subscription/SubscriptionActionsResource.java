package com.storageplatform.billing.subscription;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.openapi.ApiErrors;
import com.storageplatform.kit.openapi.ScopeFamily;
import com.storageplatform.kit.web.Envelopes;
import com.storageplatform.kit.web.ErrorCode;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * What changes a plan's billing besides its terms: {@code /v1/subscriptions/{id}/renewal-date} and
 * {@code /v1/subscriptions/{id}/promotion} (scopes {@code agreements:read} and {@code agreements:write}, ADR 0027).
 */
@RestController
@ScopeFamily("agreements")
class SubscriptionActionsResource {

    private final RenewalDates renewalDates;
    private final PlanPromotions promotions;

    SubscriptionActionsResource(RenewalDates renewalDates, PlanPromotions promotions) {
        this.renewalDates = renewalDates;
        this.promotions = promotions;
    }

    /**
     * Moves the renewal date of an active or past-due plan and bills the days between the old and the new date.
     * The plan answers with {@code pending_renewal_change}: the bridge from its {@code next_billing_date} to the day
     * before the new date, and what the bridge bills (the licence fee and each repeating charge and cover running on
     * its first day, each prorated by days against the period starting on {@code next_billing_date}). The bridge is
     * invoiced on {@code next_billing_date}; full periods then start on the new date, whose day becomes
     * {@code anchor_day}. Until then {@code next_billing_date} and {@code anchor_day} stay as they are
     * ({@code subscription.updated}).
     *
     * <p>422 on {@code next_billing_date} for a non-date, {@code below_minimum} on or before the current
     * {@code next_billing_date} and {@code above_maximum} on or after the billing date ending the period that starts
     * on it. 409 {@code conflict} for a plan that is not active or past due, for one whose next billing date is off
     * its anchor (a first part period), and while another move is pending (cancel it first).
     */
    @ApiErrors(ErrorCode.CONFLICT)
    @PostMapping("/v1/subscriptions/{id}/renewal-date")
    Mono<Envelopes.Data<Subscription>> moveRenewalDate(Caller caller, @PathVariable String id,
            @RequestBody MoveRenewalDate body) {
        return renewalDates.move(caller, Ids.fromPath(id), body).map(Envelopes::data);
    }

    /**
     * Cancels the pending renewal-date move before it is billed: {@code pending_renewal_change} is cleared
     * ({@code subscription.updated}). A plan with no move pending is answered as it is.
     */
    @DeleteMapping("/v1/subscriptions/{id}/renewal-date")
    Mono<Envelopes.Data<Subscription>> cancelRenewalDateMove(Caller caller, @PathVariable String id) {
        return renewalDates.cancel(caller, Ids.fromPath(id)).map(Envelopes::data);
    }

    /**
     * Puts a promotion on the plan: the coupon of {@code promotion_code} as the catalogue defines it now, with
     * {@code source} {@code api} ({@code subscription.updated}). It discounts the plan's next invoices for its
     * duration; {@code periods_applied} counts the invoices billed with it.
     *
     * <p>422 on {@code promotion_code} when the account has no such coupon ({@code not_found}), or it is archived,
     * outside its dates or not for the plan's site or unit type ({@code not_allowed}), or a fixed amount in another
     * currency ({@code invalid}). 409 {@code conflict} on a cancelled or ended plan, and on a plan that has a
     * promotion already (take it off first).
     */
    @ApiErrors(ErrorCode.CONFLICT)
    @PostMapping("/v1/subscriptions/{id}/promotion")
    Mono<Envelopes.Data<Subscription>> putPromotion(Caller caller, @PathVariable String id,
            @RequestBody PutPromotion body) {
        return promotions.put(caller, Ids.fromPath(id), body).map(Envelopes::data);
    }

    /**
     * Takes the plan's promotion off: its next invoices are billed without it ({@code subscription.updated}). A plan
     * without a promotion is answered as it is.
     */
    @DeleteMapping("/v1/subscriptions/{id}/promotion")
    Mono<Envelopes.Data<Subscription>> removePromotion(Caller caller, @PathVariable String id) {
        return promotions.remove(caller, Ids.fromPath(id)).map(Envelopes::data);
    }
}
