package com.storageplatform.catalogue.site;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.caller.ActorType;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.Environment;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.request.MutationFilter;
import com.storageplatform.kit.testsupport.TestCallers;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** {@code /v1/sites} as a client calls it, for the site tests. */
final class SiteApi {

    static final String READ = "sites:read";
    static final String WRITE = "sites:write";

    private final WebTestClient client;
    private final JsonMapper json;

    SiteApi(WebTestClient client, JsonMapper json) {
        this.client = client;
        this.json = json;
    }

    /** An API-key caller of a fresh test account that may read and write sites. */
    static Caller newAccount() {
        return TestCallers.apiCaller(READ, WRITE);
    }

    /** The same credential, restricted to {@code siteIds}. */
    static Caller restrictedTo(Caller caller, UUID... siteIds) {
        return new Caller(caller.accountId(), caller.operatorId(), caller.environment(), caller.scopes(),
                Set.of(siteIds), caller.actorType(), caller.credentialId(), caller.requestId());
    }

    /** A live-account caller of the same operator as {@code caller} (whose account is the test one). */
    static Caller liveAccountOf(Caller caller) {
        return new Caller(Ids.newId(), caller.operatorId(), Environment.LIVE, caller.scopes(), null, ActorType.API,
                "key_" + Ids.newId(), "req_test_live");
    }

    static String minimal(String name) {
        return """
                {"name": "%s", "timezone": "Europe/London"}
                """.formatted(name);
    }

    WebTestClient.ResponseSpec post(Caller caller, String body) {
        return post(caller, null, body);
    }

    WebTestClient.ResponseSpec post(Caller caller, String idempotencyKey, String body) {
        WebTestClient.RequestBodySpec request = client.post().uri("/v1/sites")
                .header("Authorization", TestCallers.bearer(caller));
        if (idempotencyKey != null) {
            request = request.header(MutationFilter.KEY_HEADER, idempotencyKey);
        }
        return request.contentType(MediaType.APPLICATION_JSON).bodyValue(body).exchange();
    }

    WebTestClient.ResponseSpec patch(Caller caller, String id, String body) {
        return client.patch().uri("/v1/sites/" + id).header("Authorization", TestCallers.bearer(caller))
                .contentType(MediaType.APPLICATION_JSON).bodyValue(body).exchange();
    }

    WebTestClient.ResponseSpec get(Caller caller, String pathAndQuery) {
        return client.get().uri(pathAndQuery).header("Authorization", TestCallers.bearer(caller)).exchange();
    }

    /** Creates a site and answers its {@code data}. */
    JsonNode create(Caller caller, String body) {
        return body(post(caller, body).expectStatus().isCreated()).get("data");
    }

    JsonNode createNamed(Caller caller, String name) {
        return create(caller, minimal(name));
    }

    JsonNode read(Caller caller, String id) {
        return body(get(caller, "/v1/sites/" + id).expectStatus().isOk()).get("data");
    }

    JsonNode updated(Caller caller, String id, String body) {
        return body(patch(caller, id, body).expectStatus().isOk()).get("data");
    }

    JsonNode list(Caller caller, String query) {
        return body(get(caller, "/v1/sites" + query).expectStatus().isOk());
    }

    List<String> listedIds(Caller caller, String query) {
        List<String> ids = new ArrayList<>();
        list(caller, query).get("data").values().forEach(site -> ids.add(site.get("id").asString()));
        return ids;
    }

    /** The {@code field issue} pairs of a {@code validation_error} answered with {@code status}. */
    List<String> issues(WebTestClient.ResponseSpec response, int status) {
        JsonNode body = body(response.expectStatus().isEqualTo(status));
        assertThat(body.path("error").path("code").asString()).isEqualTo("validation_error");
        List<String> issues = new ArrayList<>();
        body.path("error").path("details").values()
                .forEach(issue -> issues.add(issue.get("field").asString() + " " + issue.get("issue").asString()));
        return issues;
    }

    /** The 422 issues of a refused request. */
    List<String> issues(WebTestClient.ResponseSpec response) {
        return issues(response, 422);
    }

    /** The error code of a refused request answered with {@code status}. */
    String errorCode(WebTestClient.ResponseSpec response, int status) {
        return body(response.expectStatus().isEqualTo(status)).path("error").path("code").asString();
    }

    JsonNode body(WebTestClient.ResponseSpec response) {
        byte[] bytes = response.expectBody().returnResult().getResponseBody();
        assertThat(bytes).as("response body").isNotNull();
        return json.readTree(bytes);
    }
}
