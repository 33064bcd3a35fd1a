package com.storageplatform.crm.pipeline;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.openapi.ApiErrors;
import com.storageplatform.kit.openapi.ScopeFamily;
import com.storageplatform.kit.paging.ListFilters;
import com.storageplatform.kit.web.ApiException;
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

/**
 * {@code /v1/pipelines} (scopes {@code crm:read} and {@code crm:write}, at the gateway): the account's pipelines and
 * their ordered stages. The default pipeline is made the first time the account needs it.
 */
@RestController
@ScopeFamily("crm")
class PipelineResource {

    private final Pipelines pipelines;
    private final PipelineRepository repository;
    private final PipelineService service;

    PipelineResource(Pipelines pipelines, PipelineRepository repository, PipelineService service) {
        this.pipelines = pipelines;
        this.repository = repository;
        this.service = service;
    }

    /**
     * 201 with the pipeline: 2 to 20 stages in order, the first {@code open}, exactly one {@code won} and one
     * {@code lost} stage (422 {@code invalid} on {@code stages} otherwise), at most one {@code reserved}; stage names
     * unique in the pipeline. {@code is_default: true} makes it the account's default.
     */
    @PostMapping("/v1/pipelines")
    @ResponseStatus(HttpStatus.CREATED)
    Mono<Envelopes.Data<Pipeline>> create(Caller caller, @RequestBody PipelineBody body) {
        return service.create(caller, body).map(Envelopes::data);
    }

    /**
     * Renames it, makes it the default, or replaces its stages ({@code stages}: the whole new list; existing stages
     * by {@code id}, new ones without). 409 when a stage that deals stand in would be removed or given a kind that
     * cannot hold them; {@code is_default: false} on the default is 422 (make another the default instead).
     */
    @ApiErrors(ErrorCode.CONFLICT)
    @PatchMapping("/v1/pipelines/{id}")
    Mono<Envelopes.Data<Pipeline>> change(Caller caller, @PathVariable String id,
            @RequestBody PipelineChanges body) {
        return service.change(caller, Ids.fromPath(id), body).map(Envelopes::data);
    }

    /** Deleted with its stages. 409 for the account's default pipeline, or while deals stand in it. */
    @ApiErrors(ErrorCode.CONFLICT)
    @DeleteMapping("/v1/pipelines/{id}")
    Mono<Envelopes.Deleted> delete(Caller caller, @PathVariable String id) {
        return service.delete(caller, Ids.fromPath(id));
    }

    /** Newest first; the account's default pipeline is always among them (made now if it was not yet). */
    @GetMapping("/v1/pipelines")
    Mono<Envelopes.ListOf<Pipeline>> list(Caller caller, @RequestParam MultiValueMap<String, String> query) {
        ListFilters filters = ListFilters.of(query);
        var page = filters.page();
        return pipelines.defaultPipeline(caller.accountId()).then(repository.list(caller.accountId(), page));
    }

    @GetMapping("/v1/pipelines/{id}")
    Mono<Envelopes.Data<Pipeline>> read(Caller caller, @PathVariable String id) {
        return pipelines.find(caller.accountId(), Ids.fromPath(id))
                .switchIfEmpty(Mono.error(ApiException.notFound()))
                .map(Envelopes::data);
    }
}
