package com.storageplatform.compliance.access.event;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.openapi.FilteredBy;
import com.storageplatform.kit.openapi.ScopeFamily;
import com.storageplatform.kit.paging.ListFilters;
import com.storageplatform.kit.web.Envelopes;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.enums.ParameterIn;
import io.swagger.v3.oas.annotations.media.Schema;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * {@code /v1/access-events} (scope {@code access:read}, at the gateway): read-only, written only from the gate
 * systems' reports. Any other method is 405.
 */
@RestController
@ScopeFamily("access")
class AccessEventResource {

    private final AccessEvents events;

    AccessEventResource(AccessEvents events) {
        this.events = events;
    }

    /** An event at a site outside a restricted credential's sites is 403. */
    @GetMapping("/v1/access-events/{id}")
    Mono<Envelopes.Data<AccessEvent>> read(Caller caller, @PathVariable String id) {
        return events.read(caller, Ids.fromPath(id)).map(Envelopes::data);
    }

    /**
     * Newest recorded first; filters {@code site_id}, {@code contact_id}, {@code credential_id}, {@code device_id},
     * {@code kind}, and the range {@code occurred_at[gte]} / {@code occurred_at[lte]} (RFC 3339, inclusive, either
     * or both). A site-restricted credential sees its own sites' events, and a {@code site_id} of another site is
     * 403.
     */
    @FilteredBy({"site_id", "contact_id", "credential_id", "device_id", "kind"})
    @Parameter(in = ParameterIn.QUERY, name = "occurred_at[gte]",
            schema = @Schema(type = "string", format = "date-time"),
            description = "Only events that occurred at or after this time (RFC 3339).")
    @Parameter(in = ParameterIn.QUERY, name = "occurred_at[lte]",
            schema = @Schema(type = "string", format = "date-time"),
            description = "Only events that occurred at or before this time (RFC 3339).")
    @GetMapping("/v1/access-events")
    Mono<Envelopes.ListOf<AccessEvent>> list(Caller caller, @RequestParam MultiValueMap<String, String> query) {
        ListFilters filters = ListFilters.of(query);
        var f = new AccessEventRepository.Filters(filters.id("site_id"), filters.id("contact_id"),
                filters.id("credential_id"), filters.id("device_id"), filters.oneOf("kind", AccessEvent.KINDS),
                filters.dateTime("occurred_at[gte]"), filters.dateTime("occurred_at[lte]"));
        return events.list(caller, f, filters.page());
    }
}
