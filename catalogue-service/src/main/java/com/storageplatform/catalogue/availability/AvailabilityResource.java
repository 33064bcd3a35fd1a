package com.storageplatform.catalogue.availability;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.openapi.FilteredBy;
import com.storageplatform.kit.openapi.ScopeFamily;
import com.storageplatform.kit.paging.ListFilters;
import com.storageplatform.kit.web.Envelopes;
import java.time.LocalDate;
import java.util.UUID;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * {@code GET /v1/availability} (scope {@code units:read}, read-only): the list envelope, newest unit type first,
 * with the usual {@code limit} and {@code cursor}; filters {@code site_id}, {@code unit_type_id}, {@code date},
 * and {@code unit_id} (the unit's type, priced for that unit).
 */
@RestController
@ScopeFamily("units")
class AvailabilityResource {

    private final AvailabilityService availability;

    AvailabilityResource(AvailabilityService availability) {
        this.availability = availability;
    }

    @FilteredBy({"site_id", "unit_type_id", "unit_id", "date"})
    @GetMapping("/v1/availability")
    Mono<Envelopes.ListOf<Availability>> list(Caller caller, @RequestParam MultiValueMap<String, String> query) {
        ListFilters filters = ListFilters.of(query);
        UUID siteId = filters.id("site_id");
        UUID unitTypeId = filters.id("unit_type_id");
        UUID unitId = filters.id("unit_id");
        LocalDate date = filters.date("date");
        return availability.list(caller, siteId, unitTypeId, unitId, date, filters.page());
    }
}
