package com.storageplatform.crm.pipeline;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.openapi.ScopeFamily;
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
 * {@code /v1/pipelines} (scope {@code crm:read}, at the gateway): the account's pipelines and their stages, read
 * only for now. The default pipeline is made the first time the account needs it.
 */
@RestController
@ScopeFamily("crm")
class PipelineResource {

    private final Pipelines pipelines;
    private final PipelineRepository repository;

    PipelineResource(Pipelines pipelines, PipelineRepository repository) {
        this.pipelines = pipelines;
        this.repository = repository;
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
