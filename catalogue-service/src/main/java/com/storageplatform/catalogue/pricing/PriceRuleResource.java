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

/** {@code /v1/price-rules} (scopes {@code catalogue:read} and {@code catalogue:write}, enforced by the gateway). */
@RestController
@ScopeFamily("catalogue")
class PriceRuleResource {

    private final PriceRuleService rules;

    PriceRuleResource(PriceRuleService rules) {
        this.rules = rules;
    }

    @ApiErrors(ErrorCode.SITE_FORBIDDEN)
    @PostMapping("/v1/price-rules")
    @ResponseStatus(HttpStatus.CREATED)
    Mono<Envelopes.Data<PriceRule>> create(Caller caller, @RequestBody CreatePriceRule body) {
        return rules.create(caller, body).map(Envelopes::data);
    }

    @GetMapping("/v1/price-rules/{id}")
    Mono<Envelopes.Data<PriceRule>> read(Caller caller, @PathVariable String id) {
        return rules.read(caller, Ids.fromPath(id)).map(Envelopes::data);
    }

    /**
     * Newest first; filters {@code kind}, {@code status}, and {@code site_id} / {@code unit_type_id} (the rules that
     * apply there: naming it, or naming none).
     */
    @FilteredBy({"kind", "status", "site_id", "unit_type_id"})
    @GetMapping("/v1/price-rules")
    Mono<Envelopes.ListOf<PriceRule>> list(Caller caller, @RequestParam MultiValueMap<String, String> query) {
        ListFilters filters = ListFilters.of(query);
        String kind = filters.oneOf("kind", PriceRule.KINDS);
        String status = filters.oneOf("status", PriceRule.STATUSES);
        UUID siteId = filters.id("site_id");
        UUID unitTypeId = filters.id("unit_type_id");
        return rules.list(caller, kind, status, siteId, unitTypeId, filters.page());
    }

    @ApiErrors(ErrorCode.SITE_FORBIDDEN)
    @PatchMapping("/v1/price-rules/{id}")
    Mono<Envelopes.Data<PriceRule>> update(Caller caller, @PathVariable String id,
            @RequestBody PriceRuleChanges changes) {
        return rules.update(caller, Ids.fromPath(id), changes).map(Envelopes::data);
    }

    @DeleteMapping("/v1/price-rules/{id}")
    Mono<Envelopes.Data<Envelopes.Deleted>> delete(Caller caller, @PathVariable String id) {
        return rules.delete(caller, Ids.fromPath(id)).map(Envelopes::data);
    }
}
