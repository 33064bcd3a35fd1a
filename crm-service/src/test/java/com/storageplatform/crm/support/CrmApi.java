package com.storageplatform.crm.support;

import com.storageplatform.kit.caller.ActorType;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.testsupport.ResourceApi;
import com.storageplatform.kit.testsupport.TestCallers;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.json.JsonMapper;

/** One crm collection ({@code /v1/deals}, {@code /v1/pipelines}) as a client calls it, for tests. */
public final class CrmApi extends ResourceApi {

    public static final String[] SCOPES = {"crm:read", "crm:write"};

    public CrmApi(WebTestClient client, JsonMapper json, String collection) {
        super(client, json, collection);
    }

    private CrmApi(CrmApi api, String collection) {
        super(api, collection);
    }

    /** An API-key caller of a fresh test account with both crm scopes. */
    public static Caller newAccount() {
        return TestCallers.apiCaller(SCOPES);
    }

    /** A back-office staff caller of the same account, with the same scopes and sites. */
    public static Caller staffOf(Caller caller) {
        return new Caller(caller.accountId(), caller.operatorId(), caller.environment(), caller.scopes(),
                caller.siteIds(), ActorType.STAFF, "staff_" + caller.credentialId(), caller.requestId());
    }

    @Override
    public CrmApi on(String otherCollection) {
        return new CrmApi(this, otherCollection);
    }
}
