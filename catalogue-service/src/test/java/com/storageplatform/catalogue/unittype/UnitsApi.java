package com.storageplatform.catalogue.unittype;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.testsupport.TestCallers;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import java.util.stream.Collectors;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The unit, pricing and availability endpoints as a client calls them, for the tests of those features. */
public final class UnitsApi {

    private final WebTestClient client;
    private final JsonMapper json;

    public UnitsApi(WebTestClient client, JsonMapper json) {
        // A shared two-core machine can be slow to answer; a slow answer is not what these tests judge.
        this.client = client.mutate().responseTimeout(Duration.ofSeconds(30)).build();
        this.json = json;
    }

    /** An API-key caller of a fresh test account that may read and write sites, units and the catalogue. */
    public static Caller newAccount() {
        return TestCallers.apiCaller("sites:read", "sites:write", "units:read", "units:write", "catalogue:read",
                "catalogue:write");
    }

    /** The same credential, restricted to {@code siteIds}. */
    public static Caller restrictedTo(Caller caller, String... siteIds) {
        return new Caller(caller.accountId(), caller.operatorId(), caller.environment(), caller.scopes(),
                Arrays.stream(siteIds).map(UUID::fromString).collect(Collectors.toSet()),
                caller.actorType(), caller.credentialId(), caller.requestId());
    }

    public WebTestClient.ResponseSpec post(Caller caller, String path, String body) {
        return client.post().uri(path).header("Authorization", TestCallers.bearer(caller))
                .contentType(MediaType.APPLICATION_JSON).bodyValue(body).exchange();
    }

    public WebTestClient.ResponseSpec patch(Caller caller, String path, String body) {
        return client.patch().uri(path).header("Authorization", TestCallers.bearer(caller))
                .contentType(MediaType.APPLICATION_JSON).bodyValue(body).exchange();
    }

    public WebTestClient.ResponseSpec get(Caller caller, String pathAndQuery) {
        return client.get().uri(pathAndQuery).header("Authorization", TestCallers.bearer(caller)).exchange();
    }

    public WebTestClient.ResponseSpec delete(Caller caller, String path) {
        return client.delete().uri(path).header("Authorization", TestCallers.bearer(caller)).exchange();
    }

    /** POSTs and answers the created resource's {@code data}. */
    public JsonNode created(Caller caller, String path, String body) {
        return body(post(caller, path, body).expectStatus().isCreated()).get("data");
    }

    public JsonNode updated(Caller caller, String path, String body) {
        return body(patch(caller, path, body).expectStatus().isOk()).get("data");
    }

    public JsonNode read(Caller caller, String path) {
        return body(get(caller, path).expectStatus().isOk()).get("data");
    }

    public JsonNode list(Caller caller, String pathAndQuery) {
        return body(get(caller, pathAndQuery).expectStatus().isOk());
    }

    public List<String> listedIds(Caller caller, String pathAndQuery) {
        List<String> ids = new ArrayList<>();
        list(caller, pathAndQuery).get("data").values().forEach(item -> ids.add(item.get("id").asString()));
        return ids;
    }

    public String site(Caller caller, String name) {
        return created(caller, "/v1/sites", """
                {"name": "%s", "timezone": "Europe/London"}
                """.formatted(name)).get("id").asString();
    }

    public String unitType(Caller caller, String siteId, String name, long priceMinor) {
        return created(caller, "/v1/unit-types", """
                {"site_id": "%s", "name": "%s", "price_minor": %d, "currency": "GBP"}
                """.formatted(siteId, name, priceMinor)).get("id").asString();
    }

    public String unit(Caller caller, String siteId, String unitTypeId, String name) {
        return created(caller, "/v1/units", """
                {"site_id": "%s", "unit_type_id": "%s", "name": "%s"}
                """.formatted(siteId, unitTypeId, name)).get("id").asString();
    }

    /** The {@code field issue} pairs of a {@code validation_error} answered with {@code status}. */
    public List<String> issues(WebTestClient.ResponseSpec response, int status) {
        JsonNode body = body(response.expectStatus().isEqualTo(status));
        assertThat(body.path("error").path("code").asString()).isEqualTo("validation_error");
        List<String> issues = new ArrayList<>();
        body.path("error").path("details").values()
                .forEach(issue -> issues.add(issue.get("field").asString() + " " + issue.get("issue").asString()));
        return issues;
    }

    public List<String> issues(WebTestClient.ResponseSpec response) {
        return issues(response, 422);
    }

    public String errorCode(WebTestClient.ResponseSpec response, int status) {
        return body(response.expectStatus().isEqualTo(status)).path("error").path("code").asString();
    }

    /** The error's message, for a refusal answered with {@code status} and {@code code}. */
    public String errorMessage(WebTestClient.ResponseSpec response, int status, String code) {
        JsonNode error = body(response.expectStatus().isEqualTo(status)).path("error");
        assertThat(error.path("code").asString()).isEqualTo(code);
        return error.path("message").asString();
    }

    public JsonNode body(WebTestClient.ResponseSpec response) {
        byte[] bytes = response.expectBody().returnResult().getResponseBody();
        assertThat(bytes).as("response body").isNotNull();
        return json.readTree(bytes);
    }
}
