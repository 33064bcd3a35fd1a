package com.storageplatform.commerce.support;

import com.storageplatform.kit.caller.ActorType;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.testsupport.ResourceApi;
import com.storageplatform.kit.testsupport.TestCallers;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.json.JsonMapper;

/** One commerce collection ({@code /v1/contacts}, {@code /v1/reservations}, ...) as a client calls it, for tests. */
public final class CommerceApi extends ResourceApi {

    /** Every scope commerce serves, and {@code units:read} for the prices it asks the catalogue for. */
    public static final String[] SCOPES = {"contacts:read", "contacts:write", "reservations:read",
            "reservations:write", "agreements:read", "agreements:write", "units:read"};

    public CommerceApi(WebTestClient client, JsonMapper json, String collection) {
        super(client, json, collection);
    }

    private CommerceApi(CommerceApi api, String collection) {
        super(api, collection);
    }

    /** An API-key caller of a fresh test account with every commerce scope. */
    public static Caller newAccount() {
        return TestCallers.apiCaller(SCOPES);
    }

    /** A back-office staff caller of the same account, with the same scopes. */
    public static Caller staffOf(Caller caller) {
        return new Caller(caller.accountId(), caller.operatorId(), caller.environment(), caller.scopes(),
                caller.siteIds(), ActorType.STAFF, "staff_" + caller.credentialId(), caller.requestId());
    }

    @Override
    public CommerceApi on(String otherCollection) {
        return new CommerceApi(this, otherCollection);
    }
}
