package com.storageplatform.billing.subscription;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.openapi.ApiErrors;
import com.storageplatform.kit.openapi.FilteredBy;
import com.storageplatform.kit.openapi.ScopeFamily;
import com.storageplatform.kit.paging.ListFilters;
import com.storageplatform.kit.web.Envelopes;
import com.storageplatform.kit.web.ErrorCode;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.enums.ParameterIn;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
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
 * Price increases of plans' licence fees: {@code /v1/subscriptions/{id}/price-increases} for one plan and
 * {@code /v1/price-increases} for many (scopes {@code agreements:read} and {@code agreements:write}, as plans).
 */
@RestController
@ScopeFamily("agreements")
class PriceIncreaseResource {

    private final PriceIncreases increases;

    PriceIncreaseResource(PriceIncreases increases) {
        this.increases = increases;
    }

    /**
     * 201 with the increase, {@code scheduled} ({@code price_increase.scheduled}). Exactly one of
     * {@code amount_minor} (the new licence fee), {@code increase_minor} (added to it) and {@code increase_percent}
     * (a percentage of it added, at most two decimals, rounded half up to minor units). The billing run applies it on
     * {@code effective_date}: the plan's {@code amount_minor} moves that day, and the first period starting on or
     * after it bills the new price; a period that started before keeps the old one.
     *
     * <p>422 naming each bad field: none or more than one of the three ({@code required}, {@code not_allowed}), an
     * amount below 1, a percentage not above 0 or above 100 or with more than two decimals, {@code effective_date}
     * missing or not a date, or sooner than the operator's notice period after today at the plan's site
     * ({@code below_minimum}; {@code price_increase_notice_days}, 28 by default), a new price that does not rise
     * ({@code below_minimum}). 409 {@code conflict} for a plan cancelled or ended, one with no licence fee, and one
     * with an increase scheduled already (one at a time: cancel it first).
     */
    @ApiErrors(ErrorCode.CONFLICT)
    @PostMapping("/v1/subscriptions/{id}/price-increases")
    @ResponseStatus(HttpStatus.CREATED)
    Mono<Envelopes.Data<PriceIncrease>> schedule(Caller caller, @PathVariable String id,
            @RequestBody SchedulePriceIncrease body) {
        return increases.schedule(caller, Ids.fromPath(id), body).map(Envelopes::data);
    }

    /** The plan's increases, newest first. */
    @GetMapping("/v1/subscriptions/{id}/price-increases")
    Mono<Envelopes.ListOf<PriceIncrease>> ofPlan(Caller caller, @PathVariable String id,
            @RequestParam MultiValueMap<String, String> query) {
        return increases.ofPlan(caller, Ids.fromPath(id), ListFilters.of(query).page());
    }

    /**
     * Cancels a scheduled increase before the billing run applies it: the plan keeps its price. 409 once it is
     * applied or cancelled.
     */
    @ApiErrors(ErrorCode.CONFLICT)
    @PostMapping("/v1/subscriptions/{id}/price-increases/{increaseId}/cancel")
    Mono<Envelopes.Data<PriceIncrease>> cancel(Caller caller, @PathVariable String id,
            @PathVariable String increaseId) {
        return increases.cancel(caller, Ids.fromPath(id), Ids.fromPath(increaseId)).map(Envelopes::data);
    }

    /**
     * 201 with one increase per plan, in the plans' key order, all scheduled in one transaction
     * ({@code price_increase.scheduled} for each): the plans named in {@code subscription_ids} (1 to 1,000), or every
     * plan of {@code site_id} and/or {@code unit_type_id} (the agreement's unit type) that is pending, active or past
     * due with a licence fee. The change and {@code effective_date} are as for one plan.
     *
     * <p>All or nothing: a 422 names each plan refused on its {@code subscription_ids[i]} (or on the filter) and says
     * why in the message: not found, cancelled or ended, no licence fee, an increase scheduled already, a new price
     * that does not rise; {@code effective_date} inside any plan's notice period; {@code not_found} on the filter
     * when no plan matches, {@code above_maximum} when more than 1,000 do.
     */
    @PostMapping("/v1/price-increases")
    @ResponseStatus(HttpStatus.CREATED)
    Mono<Envelopes.Data<List<PriceIncrease>>> scheduleMany(Caller caller,
            @RequestBody SchedulePriceIncreases body) {
        return increases.scheduleMany(caller, body).map(Envelopes::data);
    }

    /**
     * Newest first; filters {@code subscription_id}, {@code status}, and {@code effective_date[gte]} and
     * {@code effective_date[lte]} (the effective date from and to, inclusive).
     */
    @FilteredBy({"subscription_id", "status"})
    @Parameter(in = ParameterIn.QUERY, name = "effective_date[gte]", schema = @Schema(type = "string",
            format = "date"), description = "Only increases effective on or after this day (YYYY-MM-DD).")
    @Parameter(in = ParameterIn.QUERY, name = "effective_date[lte]", schema = @Schema(type = "string",
            format = "date"), description = "Only increases effective on or before this day (YYYY-MM-DD).")
    @GetMapping("/v1/price-increases")
    Mono<Envelopes.ListOf<PriceIncrease>> list(Caller caller, @RequestParam MultiValueMap<String, String> query) {
        ListFilters filters = ListFilters.of(query);
        return increases.list(caller, filters.id("subscription_id"),
                filters.oneOf("status", PriceIncrease.STATUSES), filters.date("effective_date[gte]"),
                filters.date("effective_date[lte]"), filters.page());
    }

    @GetMapping("/v1/price-increases/{id}")
    Mono<Envelopes.Data<PriceIncrease>> read(Caller caller, @PathVariable String id) {
        return increases.read(caller, Ids.fromPath(id)).map(Envelopes::data);
    }
}
