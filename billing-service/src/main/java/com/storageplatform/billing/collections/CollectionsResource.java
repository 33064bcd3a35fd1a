package com.storageplatform.billing.collections;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.openapi.FilteredBy;
import com.storageplatform.kit.openapi.ScopeFamily;
import com.storageplatform.kit.paging.ListFilters;
import com.storageplatform.kit.web.Envelopes;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * {@code /v1/collections-cases} (read only) and {@code /v1/dunning-ladder} (scopes {@code billing:read} and
 * {@code billing:write}, at the gateway). Cases open and close by themselves, as the customer's invoices go overdue
 * and come out of arrears.
 */
@RestController
@ScopeFamily("billing")
class CollectionsResource {

    private final ArrearsCases cases;
    private final DunningLadders ladders;

    CollectionsResource(ArrearsCases cases, DunningLadders ladders) {
        this.cases = cases;
        this.ladders = ladders;
    }

    /** An arrears case of the account. */
    @GetMapping("/v1/collections-cases/{id}")
    Mono<Envelopes.Data<CollectionsCase>> read(Caller caller, @PathVariable String id) {
        return cases.read(caller, Ids.fromPath(id)).map(Envelopes::data);
    }

    /** Newest first; filters {@code contact_id} and {@code status}. */
    @FilteredBy({"contact_id", "status"})
    @GetMapping("/v1/collections-cases")
    Mono<Envelopes.ListOf<CollectionsCase>> list(Caller caller, @RequestParam MultiValueMap<String, String> query) {
        ListFilters filters = ListFilters.of(query);
        return cases.list(caller, filters.id("contact_id"), filters.oneOf("status", CollectionsCase.STATUSES),
                filters.page());
    }

    /**
     * The operator's dunning ladder: its own, else the default (a reminder 3 days after the due date, a late fee of
     * 1000 minor units at 7, an overlock at 14, the final notice at 21).
     */
    @GetMapping("/v1/dunning-ladder")
    Mono<Envelopes.Data<DunningLadder>> ladder(Caller caller) {
        return ladders.of(caller).map(Envelopes::data);
    }

    /**
     * {@code steps} replaces the ladder, each step named by its index when it is wrong
     * ({@code steps[2].days_after_due}): days from 1 to 365, each more than the step before
     * ({@code below_minimum}); {@code amount_minor} on a {@code late_fee} only; at most one {@code overlock} and
     * one {@code final_notice} ({@code duplicate} on {@code action}), the final notice last ({@code not_allowed}).
     * {@code null}, or the default's steps, restores the default. Cases opened from then on follow it; open cases
     * keep the ladder they opened with.
     */
    @PatchMapping("/v1/dunning-ladder")
    Mono<Envelopes.Data<DunningLadder>> updateLadder(Caller caller, @RequestBody LadderChanges body) {
        return ladders.update(caller, body).map(Envelopes::data);
    }
}
