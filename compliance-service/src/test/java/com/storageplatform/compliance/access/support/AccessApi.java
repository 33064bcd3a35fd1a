package com.storageplatform.compliance.access.support;

import com.storageplatform.kit.caller.ActorType;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.Environment;
import com.storageplatform.kit.testsupport.ResourceApi;
import com.storageplatform.kit.testsupport.TestCallers;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.json.JsonMapper;

/** One access collection ({@code /v1/access-credentials}, ...) as a client calls it, for tests. */
public final class AccessApi extends ResourceApi {

    public static final String[] SCOPES = {"access:read", "access:write"};

    public AccessApi(WebTestClient client, JsonMapper json, String collection) {
        super(client, json, collection);
    }

    private AccessApi(AccessApi api, String collection) {
        super(api, collection);
    }

    /** An API-key caller of a fresh test account with both access scopes. */
    public static Caller newAccount() {
        return TestCallers.apiCaller(SCOPES);
    }

    /** A back-office staff caller of the same account, with the same scopes and sites. */
    public static Caller staffOf(Caller caller) {
        return new Caller(caller.accountId(), caller.operatorId(), caller.environment(), caller.scopes(),
                caller.siteIds(), ActorType.STAFF, "staff_" + caller.credentialId(), caller.requestId());
    }

    /** The same credential of a live account. */
    public static Caller liveOf(Caller caller) {
        return new Caller(caller.accountId(), caller.operatorId(), Environment.LIVE, caller.scopes(),
                caller.siteIds(), caller.actorType(), caller.credentialId(), caller.requestId());
    }

    @Override
    public AccessApi on(String otherCollection) {
        return new AccessApi(this, otherCollection);
    }
}
