package com.storageplatform.catalogue.product;

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
 * {@code /v1/products} (scopes {@code catalogue:read} and {@code catalogue:write}, enforced by the gateway).
 * Products are never deleted: orders and invoices name them, so a product leaves sale with status
 * {@code archived} and {@code DELETE} is 405.
 */
@RestController
@ScopeFamily("catalogue")
class ProductResource {

    private final ProductService products;

    ProductResource(ProductService products) {
        this.products = products;
    }

    @PostMapping("/v1/products")
    @ResponseStatus(HttpStatus.CREATED)
    Mono<Envelopes.Data<Product>> create(Caller caller, @RequestBody CreateProduct body) {
        return products.create(caller, body).map(Envelopes::data);
    }

    @GetMapping("/v1/products/{id}")
    Mono<Envelopes.Data<Product>> read(Caller caller, @PathVariable String id) {
        return products.read(caller, Ids.fromPath(id)).map(Envelopes::data);
    }

    /** Newest first; filters {@code usable_website}, {@code usable_shop}, {@code status}. */
    @FilteredBy({"usable_website", "usable_shop", "status"})
    @GetMapping("/v1/products")
    Mono<Envelopes.ListOf<Product>> list(Caller caller, @RequestParam MultiValueMap<String, String> query) {
        ListFilters filters = ListFilters.of(query);
        Boolean usableWebsite = filters.bool("usable_website");
        Boolean usableShop = filters.bool("usable_shop");
        String status = filters.oneOf("status", Product.STATUSES);
        return products.list(caller, usableWebsite, usableShop, status, filters.page());
    }

    @PatchMapping("/v1/products/{id}")
    Mono<Envelopes.Data<Product>> update(Caller caller, @PathVariable String id,
            @RequestBody ProductChanges changes) {
        return products.update(caller, Ids.fromPath(id), changes).map(Envelopes::data);
    }
}
