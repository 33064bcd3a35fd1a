package com.storageplatform.crm.deal;

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
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** {@code /v1/deals} (scopes {@code crm:read} and {@code crm:write}, at the gateway). */
@RestController
@ScopeFamily("crm")
class DealResource {

    private final DealService deals;

    DealResource(DealService deals) {
        this.deals = deals;
    }

    /**
     * 201 with the deal, {@code open} ({@code deal.created}): in the account's default pipeline unless
     * {@code pipeline_id} (or {@code stage_id}) names another, at that pipeline's first stage unless
     * {@code stage_id} names an {@code open} or {@code reserved} one. {@code note} is trimmed; over 2000 characters
     * is 422. The customer must be a contact of the account (422 {@code not_found}), never the walk-in sales record
     * (422 {@code not_allowed}); a site, unit type, agreement or reservation outside the credential's sites is 403
     * {@code site_forbidden}.
     */
    @PostMapping("/v1/deals")
    @ResponseStatus(HttpStatus.CREATED)
    Mono<Envelopes.Data<Deal>> create(Caller caller, @RequestBody CreateDeal body) {
        return deals.create(caller, body).map(Envelopes::data);
    }

    @GetMapping("/v1/deals/{id}")
    Mono<Envelopes.Data<Deal>> read(Caller caller, @PathVariable String id) {
        return deals.read(caller, Ids.fromPath(id)).map(Envelopes::data);
    }

    /**
     * Newest first; filters {@code contact_id}, {@code site_id}, {@code status}, {@code pipeline_id} and
     * {@code stage_id}. A site-restricted credential sees its sites' deals only.
     */
    @FilteredBy({"contact_id", "site_id", "status", "pipeline_id", "stage_id"})
    @GetMapping("/v1/deals")
    Mono<Envelopes.ListOf<Deal>> list(Caller caller, @RequestParam MultiValueMap<String, String> query) {
        ListFilters filters = ListFilters.of(query);
        var f = new DealRepository.Filters(filters.id("contact_id"), filters.id("site_id"),
                filters.oneOf("status", Deal.STATUSES), filters.id("pipeline_id"), filters.id("stage_id"));
        return deals.list(caller, f, filters.page());
    }

    /**
     * Changes only the fields sent; a body of only {@code null} values is accepted. {@code status} {@code won} moves
     * an open deal to its pipeline's won stage and clears the next call ({@code deal.won}); a member of staff must
     * name the customer's {@code agreement_id} (422 without it). {@code lost} does the same with the lost stage
     * ({@code deal.lost}, which cancels the deal's reservation); without a {@code lost_reason} the stored one stays,
     * else the operator's default reason is set. {@code open} reopens a lost deal at its pipeline's first stage. A
     * won deal's status cannot change (409); a won or lost deal cannot move to an open stage, and the pipeline's won
     * or lost stage with the deal open is 422. Changing {@code contact_id} while the deal names another customer's
     * agreement is 422 on {@code agreement_id}.
     */
    @ApiErrors(ErrorCode.CONFLICT)
    @PatchMapping("/v1/deals/{id}")
    Mono<Envelopes.Data<Deal>> update(Caller caller, @PathVariable String id, @RequestBody DealChanges body) {
        return deals.update(caller, Ids.fromPath(id), body).map(Envelopes::data);
    }

    /**
     * Deleted. 409 while a unit is reserved for the deal (cancel the reservation first) or once a quote was sent
     * from it (mark it lost instead).
     */
    @ApiErrors(ErrorCode.CONFLICT)
    @DeleteMapping("/v1/deals/{id}")
    Mono<Envelopes.Data<Envelopes.Deleted>> delete(Caller caller, @PathVariable String id) {
        return deals.delete(caller, Ids.fromPath(id)).map(Envelopes::data);
    }
}
