package com.storageplatform.catalogue.unit;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.openapi.ApiErrors;
import com.storageplatform.kit.openapi.FilteredBy;
import com.storageplatform.kit.openapi.ScopeFamily;
import com.storageplatform.kit.paging.ListFilters;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.Envelopes;
import com.storageplatform.kit.web.ErrorCode;
import com.storageplatform.kit.web.FieldIssue;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.enums.ParameterIn;
import io.swagger.v3.oas.annotations.media.Schema;
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
 * {@code /v1/units} (scopes {@code units:read} and {@code units:write}, enforced by the gateway). Units are never
 * deleted (agreements and invoices keep pointing at them): one leaves use with status {@code archived}, so
 * {@code DELETE} is 405.
 */
@RestController
@ScopeFamily("units")
class UnitResource {

    private final UnitService units;

    UnitResource(UnitService units) {
        this.units = units;
    }

    @ApiErrors({ErrorCode.CONFLICT, ErrorCode.SITE_FORBIDDEN})
    @PostMapping("/v1/units")
    @ResponseStatus(HttpStatus.CREATED)
    Mono<Envelopes.Data<Unit>> create(Caller caller, @RequestBody CreateUnit body) {
        return units.create(caller, body).map(Envelopes::data);
    }

    @GetMapping("/v1/units/{id}")
    Mono<Envelopes.Data<Unit>> read(Caller caller, @PathVariable String id) {
        return units.read(caller, Ids.fromPath(id)).map(Envelopes::data);
    }

    /**
     * Newest first; filters {@code site_id}, {@code unit_type_id}, {@code status}, {@code bookable}
     * ({@code true|false}) and, with {@code bookable}, {@code reservation_id}.
     */
    @FilteredBy({"site_id", "unit_type_id", "status"})
    @Parameter(in = ParameterIn.QUERY, name = "bookable", schema = @Schema(type = "boolean"),
            description = "true: only units that can be booked now; false: only those that cannot.")
    @Parameter(in = ParameterIn.QUERY, name = "reservation_id", schema = @Schema(type = "string", format = "uuid"),
            description = "With bookable: counts the unit this reservation holds as bookable (400 without bookable).")
    @GetMapping("/v1/units")
    Mono<Envelopes.ListOf<Unit>> list(Caller caller, @RequestParam MultiValueMap<String, String> parameters) {
        ListFilters query = ListFilters.of(parameters);
        UnitFilters filters = new UnitFilters(query.id("site_id"), query.id("unit_type_id"),
                query.oneOf("status", Unit.STATUSES), query.bool("bookable"), query.id("reservation_id"));
        if (filters.reservationId() != null && filters.bookable() == null) {
            throw ApiException.invalidQuery("reservation_id", FieldIssue.NOT_ALLOWED);
        }
        return units.list(caller, filters, query.page());
    }

    @ApiErrors({ErrorCode.CONFLICT, ErrorCode.SITE_FORBIDDEN})
    @PatchMapping("/v1/units/{id}")
    Mono<Envelopes.Data<Unit>> update(Caller caller, @PathVariable String id, @RequestBody UnitChanges changes) {
        return units.update(caller, Ids.fromPath(id), changes).map(Envelopes::data);
    }
}
