package com.storageplatform.catalogue.site;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.openapi.FilteredBy;
import com.storageplatform.kit.openapi.ScopeFamily;
import com.storageplatform.kit.paging.ListFilters;
import com.storageplatform.kit.web.Envelopes;
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
 * {@code /v1/sites} (scopes {@code sites:read} and {@code sites:write}, enforced by the gateway). Sites are never
 * deleted: a site leaves service with status {@code archived}, so {@code DELETE} is 405.
 */
@RestController
@ScopeFamily("sites")
class SiteResource {

    private final SiteService sites;

    SiteResource(SiteService sites) {
        this.sites = sites;
    }

    @PostMapping("/v1/sites")
    @ResponseStatus(HttpStatus.CREATED)
    Mono<Envelopes.Data<Site>> create(Caller caller, @RequestBody CreateSite body) {
        return sites.create(caller, body).map(Envelopes::data);
    }

    @GetMapping("/v1/sites/{id}")
    Mono<Envelopes.Data<Site>> read(Caller caller, @PathVariable String id) {
        return sites.read(caller, Ids.fromPath(id)).map(Envelopes::data);
    }

    /** Newest first; filter {@code status}. */
    @FilteredBy("status")
    @GetMapping("/v1/sites")
    Mono<Envelopes.ListOf<Site>> list(Caller caller, @RequestParam MultiValueMap<String, String> query) {
        ListFilters filters = ListFilters.of(query);
        String status = filters.oneOf("status", Site.STATUSES);
        return sites.list(caller, status, filters.page());
    }

    @PatchMapping("/v1/sites/{id}")
    Mono<Envelopes.Data<Site>> update(Caller caller, @PathVariable String id, @RequestBody SiteChanges changes) {
        return sites.update(caller, Ids.fromPath(id), changes).map(Envelopes::data);
    }
}
