package com.storageplatform.catalogue.product;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.testsupport.ResourceApi;
import com.storageplatform.kit.testsupport.TestCallers;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.json.JsonMapper;

/** One catalogue collection ({@code /v1/products}, {@code /v1/coupons}, ...) as a client calls it, for tests. */
public final class CatalogueApi extends ResourceApi {

    public CatalogueApi(WebTestClient client, JsonMapper json, String collection) {
        super(client, json, collection);
    }

    private CatalogueApi(CatalogueApi api, String collection) {
        super(api, collection);
    }

    /** An API-key caller of a fresh test account with every catalogue and site scope. */
    public static Caller newAccount() {
        return TestCallers.apiCaller("catalogue:read", "catalogue:write", "sites:read", "sites:write", "units:read",
                "units:write");
    }

    @Override
    public CatalogueApi on(String otherCollection) {
        return new CatalogueApi(this, otherCollection);
    }
}
