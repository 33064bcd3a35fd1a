package com.storageplatform.billing.subscription;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.openapi.ApiErrors;
import com.storageplatform.kit.openapi.ScopeFamily;
import com.storageplatform.kit.web.Envelopes;
import com.storageplatform.kit.web.ErrorCode;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** {@code PATCH /v1/subscriptions/{id}} (scope {@code agreements:write}, at the gateway; ADR 0027). */
@RestController
@ScopeFamily("agreements")
class SubscriptionChangeResource {

    private final SubscriptionChangeService changes;

    SubscriptionChangeResource(SubscriptionChangeService changes) {
        this.changes = changes;
    }

    /**
     * Changes only the fields sent ({@code subscription.updated}; nothing changed publishes nothing). A running
     * ({@code active} or {@code past_due}) plan's {@code next_billing_date} and {@code anchor_day} are 409
     * {@code subscription_renewal_date_endpoint}, even at their current values: move them with the plan's
     * {@code renewal-date} action, which bills the days between the dates. 409 {@code conflict}: a cancelled or ended
     * plan; an {@code expected_amount_minor} that is no longer the plan's {@code amount_minor}; a new period while a
     * renewal-date move waits; a licence fee on a plan without one; a pending plan's first billing date on or before a
     * period already invoiced, or moved away from the day its cover or repeating charges start (move the agreement's
     * {@code move_in_date} instead); a new period a repeating charge cannot be priced for. A new
     * {@code billing_interval} or {@code interval_count} re-prices every repeating charge and cover from its own price;
     * the licence fee stays unless {@code amount_minor} is sent. Clearing {@code collection_waived} or binding a card
     * ends a standing order.
     */
    @ApiErrors({ErrorCode.CONFLICT, ErrorCode.SUBSCRIPTION_RENEWAL_DATE_ENDPOINT})
    @PatchMapping("/v1/subscriptions/{id}")
    Mono<Envelopes.Data<Subscription>> update(Caller caller, @PathVariable String id,
            @RequestBody SubscriptionChanges body) {
        return changes.update(caller, Ids.fromPath(id), body).map(Envelopes::data);
    }
}
