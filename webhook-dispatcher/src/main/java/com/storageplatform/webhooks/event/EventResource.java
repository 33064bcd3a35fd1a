package com.storageplatform.webhooks.event;

import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.enums.ParameterIn;
import io.swagger.v3.oas.annotations.Parameter;
import com.storageplatform.kit.openapi.FilteredBy;
import com.storageplatform.kit.openapi.ScopeFamily;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.paging.ListFilters;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.Envelopes;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * {@code GET /v1/events}: the account's event feed, newest first (scope {@code events:read}). A site-restricted
 * credential's feed leaves out the events of records at other sites, and reading one of them by id is 404, as if it
 * were not in the feed.
 */
@RestController
@ScopeFamily("events")
class EventResource {

    private final EventLog log;

    EventResource(EventLog log) {
        this.log = log;
    }

    @FilteredBy("type")
    @Parameter(in = ParameterIn.QUERY, name = "created[gte]", schema = @Schema(type = "string", format = "date-time"),
            description = "Only events created at or after this moment (RFC 3339).")
    @Parameter(in = ParameterIn.QUERY, name = "created[gt]", schema = @Schema(type = "string", format = "date-time"),
            description = "Only events created after this moment (RFC 3339).")
    @Parameter(in = ParameterIn.QUERY, name = "created[lte]", schema = @Schema(type = "string", format = "date-time"),
            description = "Only events created at or before this moment (RFC 3339).")
    @Parameter(in = ParameterIn.QUERY, name = "created[lt]", schema = @Schema(type = "string", format = "date-time"),
            description = "Only events created before this moment (RFC 3339).")
    @GetMapping("/v1/events")
    Mono<Envelopes.ListOf<Event>> list(Caller caller, @RequestParam MultiValueMap<String, String> query) {
        ListFilters parameters = ListFilters.of(query);
        EventFilters filters = EventFilters.from(parameters);
        return log.list(caller, filters, parameters.page());
    }

    @GetMapping("/v1/events/{id}")
    Mono<Envelopes.Data<Event>> read(Caller caller, @PathVariable String id) {
        return log.find(caller, Ids.fromPath(id))
                .map(StoredEvent::view)
                .switchIfEmpty(Mono.error(() -> ApiException.notFound("event")))
                .map(Envelopes::data);
    }
}
