package com.storageplatform.billing.support;

import com.storageplatform.kit.caller.ActorType;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.testsupport.ResourceApi;
import com.storageplatform.kit.testsupport.TestCallers;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.json.JsonMapper;

/** One billing collection ({@code /v1/invoices}, {@code /v1/payments}, ...) as a client calls it, for tests. */
public final class BillingApi extends ResourceApi {

    public static final String[] SCOPES = {"billing:read", "billing:write"};

    public BillingApi(WebTestClient client, JsonMapper json, String collection) {
        super(client, json, collection);
    }

    private BillingApi(BillingApi api, String collection) {
        super(api, collection);
    }

    /** An API-key caller of a fresh test account with both billing scopes. */
    public static Caller newAccount() {
        return TestCallers.apiCaller(SCOPES);
    }

    /** A back-office staff caller of the same account, with the same scopes. */
    public static Caller staffOf(Caller caller) {
        return new Caller(caller.accountId(), caller.operatorId(), caller.environment(), caller.scopes(),
                caller.siteIds(), ActorType.STAFF, "staff_" + caller.credentialId(), caller.requestId());
    }

    @Override
    public BillingApi on(String otherCollection) {
        return new BillingApi(this, otherCollection);
    }
}
