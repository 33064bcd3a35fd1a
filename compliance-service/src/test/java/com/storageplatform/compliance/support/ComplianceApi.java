package com.storageplatform.compliance.support;

import com.storageplatform.kit.caller.ActorType;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.Environment;
import com.storageplatform.kit.testsupport.ResourceApi;
import com.storageplatform.kit.testsupport.TestCallers;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.json.JsonMapper;

/** One compliance collection ({@code /v1/identity-verifications}, ...) as a client calls it, for tests. */
public final class ComplianceApi extends ResourceApi {

    public static final String[] SCOPES = {"compliance:read", "compliance:write"};

    public ComplianceApi(WebTestClient client, JsonMapper json, String collection) {
        super(client, json, collection);
    }

    private ComplianceApi(ComplianceApi api, String collection) {
        super(api, collection);
    }

    @Override
    public ComplianceApi on(String otherCollection) {
        return new ComplianceApi(this, otherCollection);
    }

    /** An API-key caller of a fresh test account with both compliance scopes. */
    public static Caller newAccount() {
        return TestCallers.apiCaller(SCOPES);
    }

    /** A back-office staff caller of the same account, with the same scopes and sites. */
    public static Caller staffOf(Caller caller) {
        return new Caller(caller.accountId(), caller.operatorId(), caller.environment(), caller.scopes(),
                caller.siteIds(), ActorType.STAFF, "staff_" + caller.credentialId(), caller.requestId());
    }

    /** The same credential on a live account. */
    public static Caller live(Caller caller) {
        return new Caller(caller.accountId(), caller.operatorId(), Environment.LIVE, caller.scopes(),
                caller.siteIds(), caller.actorType(), caller.credentialId(), caller.requestId());
    }
}
