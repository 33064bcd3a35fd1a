package com.storageplatform.catalogue.pricing;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.openapi.ApiErrors;
import com.storageplatform.kit.openapi.FilteredBy;
import com.storageplatform.kit.openapi.ScopeFamily;
import com.storageplatform.kit.paging.ListFilters;
import com.storageplatform.kit.web.Envelopes;
import com.storageplatform.kit.web.ErrorCode;
import java.util.UUID;
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

/** {@code /v1/rate-plans} (scopes {@code catalogue:read} and {@code catalogue:write}, enforced by the gateway). */
@RestController
@ScopeFamily("catalogue")
class RatePlanResource {

    private final RatePlanService plans;

    RatePlanResource(RatePlanService plans) {
        this.plans = plans;
    }

    @ApiErrors({ErrorCode.CONFLICT, ErrorCode.SITE_FORBIDDEN})
    @PostMapping("/v1/rate-plans")
    @ResponseStatus(HttpStatus.CREATED)
    Mono<Envelopes.Data<RatePlan>> create(Caller caller, @RequestBody CreateRatePlan body) {
        return plans.create(caller, body).map(Envelopes::data);
    }

    @GetMapping("/v1/rate-plans/{id}")
    Mono<Envelopes.Data<RatePlan>> read(Caller caller, @PathVariable String id) {
        return plans.read(caller, Ids.fromPath(id)).map(Envelopes::data);
    }

    /** Newest first; filters {@code site_id}, {@code unit_type_id}. */
    @FilteredBy({"site_id", "unit_type_id"})
    @GetMapping("/v1/rate-plans")
    Mono<Envelopes.ListOf<RatePlan>> list(Caller caller, @RequestParam MultiValueMap<String, String> query) {
        ListFilters filters = ListFilters.of(query);
        UUID siteId = filters.id("site_id");
        UUID unitTypeId = filters.id("unit_type_id");
        return plans.list(caller, siteId, unitTypeId, filters.page());
    }

    @ApiErrors({ErrorCode.CONFLICT, ErrorCode.SITE_FORBIDDEN})
    @PatchMapping("/v1/rate-plans/{id}")
    Mono<Envelopes.Data<RatePlan>> update(Caller caller, @PathVariable String id,
            @RequestBody RatePlanChanges changes) {
        return plans.update(caller, Ids.fromPath(id), changes).map(Envelopes::data);
    }

    @DeleteMapping("/v1/rate-plans/{id}")
    Mono<Envelopes.Data<Envelopes.Deleted>> delete(Caller caller, @PathVariable String id) {
        return plans.delete(caller, Ids.fromPath(id)).map(Envelopes::data);
    }
}
