package com.storageplatform.catalogue.unittype;

import com.storageplatform.kit.web.ErrorCode;
import com.storageplatform.kit.openapi.ApiErrors;
import com.storageplatform.kit.openapi.FilteredBy;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.paging.ListFilters;
import com.storageplatform.kit.web.Envelopes;
import java.util.UUID;
import com.storageplatform.kit.openapi.ScopeFamily;
import org.springframework.http.HttpStatus;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * {@code /v1/unit-types} (scopes {@code units:read} and {@code units:write}, enforced by the gateway). Unit types
 * are never deleted (units, reservations and agreements keep pointing at them): one leaves sale with status
 * {@code archived}, so {@code DELETE} is 405.
 */
@RestController
@ScopeFamily("units")
class UnitTypeResource {

    private final UnitTypeService types;

    UnitTypeResource(UnitTypeService types) {
        this.types = types;
    }

    @ApiErrors({ErrorCode.CONFLICT, ErrorCode.SITE_FORBIDDEN})
    @PostMapping("/v1/unit-types")
    @ResponseStatus(HttpStatus.CREATED)
    Mono<Envelopes.Data<UnitType>> create(Caller caller, @RequestBody CreateUnitType body) {
        return types.create(caller, body).map(Envelopes::data);
    }

    @GetMapping("/v1/unit-types/{id}")
    Mono<Envelopes.Data<UnitType>> read(Caller caller, @PathVariable String id) {
        return types.read(caller, Ids.fromPath(id)).map(Envelopes::data);
    }

    /** Newest first; filters {@code site_id}, {@code status}. */
    @FilteredBy({"site_id", "status"})
    @GetMapping("/v1/unit-types")
    Mono<Envelopes.ListOf<UnitType>> list(Caller caller, @RequestParam MultiValueMap<String, String> query) {
        ListFilters filters = ListFilters.of(query);
        UUID siteId = filters.id("site_id");
        String status = filters.oneOf("status", UnitType.STATUSES);
        return types.list(caller, siteId, status, filters.page());
    }

    @ApiErrors({ErrorCode.CONFLICT, ErrorCode.SITE_FORBIDDEN})
    @PatchMapping("/v1/unit-types/{id}")
    Mono<Envelopes.Data<UnitType>> update(Caller caller, @PathVariable String id,
            @RequestBody UnitTypeChanges changes) {
        return types.update(caller, Ids.fromPath(id), changes).map(Envelopes::data);
    }
}
