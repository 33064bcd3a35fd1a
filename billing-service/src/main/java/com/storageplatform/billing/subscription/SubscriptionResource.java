package com.storageplatform.billing.subscription;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.openapi.ApiErrors;
import com.storageplatform.kit.openapi.FilteredBy;
import com.storageplatform.kit.openapi.ScopeFamily;
import com.storageplatform.kit.paging.ListFilters;
import com.storageplatform.kit.web.Envelopes;
import com.storageplatform.kit.web.ErrorCode;
import org.springframework.http.HttpStatus;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * {@code /v1/subscriptions} (scopes {@code agreements:read} and {@code agreements:write}, at the gateway: the spec
 * puts plans with agreements; ADR 0027). A plan is never deleted: it is cancelled and ends.
 */
@RestController
@ScopeFamily("agreements")
class SubscriptionResource {

    private final SubscriptionService plans;
    private final Cancellations cancellations;

    SubscriptionResource(SubscriptionService plans, Cancellations cancellations) {
        this.plans = plans;
        this.cancellations = cancellations;
    }

    /**
     * 201 with the plan ({@code subscription.created}): {@code pending} until its start date (the agreement's move-in
     * date, else {@code start_date}), {@code active} from it. No {@code items} bills one licence-fee line at the
     * unit type's VAT treatment; {@code coverage} is not an item type (422 on {@code items[i].item_type}).
     */
    @PostMapping("/v1/subscriptions")
    @ResponseStatus(HttpStatus.CREATED)
    Mono<Envelopes.Data<Subscription>> create(Caller caller, @RequestBody CreateSubscription body) {
        return plans.create(caller, body).map(Envelopes::data);
    }

    @GetMapping("/v1/subscriptions/{id}")
    Mono<Envelopes.Data<Subscription>> read(Caller caller, @PathVariable String id) {
        return plans.read(caller, Ids.fromPath(id)).map(Envelopes::data);
    }

    /** Newest first; filters {@code contact_id}, {@code agreement_id} and {@code status}. */
    @FilteredBy({"contact_id", "agreement_id", "status"})
    @GetMapping("/v1/subscriptions")
    Mono<Envelopes.ListOf<Subscription>> list(Caller caller, @RequestParam MultiValueMap<String, String> query) {
        ListFilters filters = ListFilters.of(query);
        return plans.list(caller, filters.id("contact_id"), filters.id("agreement_id"),
                filters.oneOf("status", Subscription.STATUSES), filters.page());
    }

    /**
     * The plan bills up to {@code effective_date}, then ends ({@code subscription.cancelled}). The charges waiting for
     * its next invoice are billed at once on an invoice of their own, with its late fees unless another plan of the
     * agreement still runs to bill them; cover ends on the last day an invoice still stands for. A date before the
     * plan began (the agreement's move-in date, else the plan's start date) is 422 {@code below_minimum}; a plan
     * cancelled or ended already is 409.
     */
    @ApiErrors(ErrorCode.CONFLICT)
    @PostMapping("/v1/subscriptions/{id}/cancel")
    Mono<Envelopes.Data<Subscription>> cancel(Caller caller, @PathVariable String id,
            @RequestBody CancelSubscription body) {
        return cancellations.cancel(caller, Ids.fromPath(id), body).map(Envelopes::data);
    }
}
