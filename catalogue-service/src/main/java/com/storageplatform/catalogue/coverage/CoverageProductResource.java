package com.storageplatform.catalogue.coverage;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.openapi.ApiErrors;
import com.storageplatform.kit.openapi.FilteredBy;
import com.storageplatform.kit.openapi.ScopeFamily;
import com.storageplatform.kit.paging.ListFilters;
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

/** {@code /v1/coverage-products} (scopes {@code catalogue:read} and {@code catalogue:write}, at the gateway). */
@RestController
@ScopeFamily("catalogue")
class CoverageProductResource {

    private final CoverageProductService products;

    CoverageProductResource(CoverageProductService products) {
        this.products = products;
    }

    @PostMapping("/v1/coverage-products")
    @ResponseStatus(HttpStatus.CREATED)
    Mono<Envelopes.Data<CoverageProduct>> create(Caller caller, @RequestBody CreateCoverageProduct body) {
        return products.create(caller, body).map(Envelopes::data);
    }

    @GetMapping("/v1/coverage-products/{id}")
    Mono<Envelopes.Data<CoverageProduct>> read(Caller caller, @PathVariable String id) {
        return products.read(caller, Ids.fromPath(id)).map(Envelopes::data);
    }

    /** Newest first; filters {@code kind} and {@code status}. */
    @FilteredBy({"kind", "status"})
    @GetMapping("/v1/coverage-products")
    Mono<Envelopes.ListOf<CoverageProduct>> list(Caller caller, @RequestParam MultiValueMap<String, String> query) {
        ListFilters filters = ListFilters.of(query);
        String kind = filters.oneOf("kind", CoverageProduct.KINDS);
        String status = filters.oneOf("status", CoverageProduct.STATUSES);
        return products.list(caller, kind, status, filters.page());
    }

    @ApiErrors({ErrorCode.COVER_IN_FORCE, ErrorCode.SITE_FORBIDDEN})
    @PatchMapping("/v1/coverage-products/{id}")
    Mono<Envelopes.Data<CoverageProduct>> update(Caller caller, @PathVariable String id,
            @RequestBody CoverageProductChanges changes) {
        return products.update(caller, Ids.fromPath(id), changes).map(Envelopes::data);
    }

    @DeleteMapping("/v1/coverage-products/{id}")
    Mono<Envelopes.Data<Envelopes.Deleted>> delete(Caller caller, @PathVariable String id) {
        return products.delete(caller, Ids.fromPath(id)).map(Envelopes::data);
    }
}
