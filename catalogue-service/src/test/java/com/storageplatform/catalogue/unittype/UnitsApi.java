package com.storageplatform.catalogue.unittype;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.testsupport.ResourceApi;
import com.storageplatform.kit.testsupport.TestCallers;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The unit, pricing and availability endpoints as a client calls them, for the tests of those features: the kit's
 * {@link ResourceApi} at the root, so every method takes the whole path.
 */
public final class UnitsApi {

    private final WebTestClient client;
    private final ResourceApi root;

    public UnitsApi(WebTestClient client, JsonMapper json) {
        this.root = new ResourceApi(client, json, "");
        // A shared two-core machine can be slow to answer; a slow answer is not what these tests judge.
        this.client = client.mutate().responseTimeout(Duration.ofSeconds(30)).build();
    }

    /** An API-key caller of a fresh test account that may read and write sites, units and the catalogue. */
    public static Caller newAccount() {
        return TestCallers.apiCaller("sites:read", "sites:write", "units:read", "units:write", "catalogue:read",
                "catalogue:write");
    }

    /** The same credential, restricted to {@code siteIds}. */
    public static Caller restrictedTo(Caller caller, String... siteIds) {
        return TestCallers.restrictedTo(caller, Arrays.stream(siteIds).map(UUID::fromString).toArray(UUID[]::new));
    }

    public WebTestClient.ResponseSpec post(Caller caller, String path, String body) {
        return root.on(path).post(caller, body);
    }

    public WebTestClient.ResponseSpec patch(Caller caller, String path, String body) {
        return client.patch().uri(path).header("Authorization", TestCallers.bearer(caller))
                .contentType(MediaType.APPLICATION_JSON).bodyValue(body).exchange();
    }

    public WebTestClient.ResponseSpec get(Caller caller, String pathAndQuery) {
        return root.get(caller, pathAndQuery);
    }

    public WebTestClient.ResponseSpec delete(Caller caller, String path) {
        return client.delete().uri(path).header("Authorization", TestCallers.bearer(caller)).exchange();
    }

    /** POSTs and answers the created resource's {@code data}. */
    public JsonNode created(Caller caller, String path, String body) {
        return root.on(path).create(caller, body);
    }

    public JsonNode updated(Caller caller, String path, String body) {
        return body(patch(caller, path, body).expectStatus().isOk()).get("data");
    }

    public JsonNode read(Caller caller, String path) {
        return body(get(caller, path).expectStatus().isOk()).get("data");
    }

    public JsonNode list(Caller caller, String pathAndQuery) {
        return root.list(caller, pathAndQuery);
    }

    public List<String> listedIds(Caller caller, String pathAndQuery) {
        return root.listedIds(caller, pathAndQuery);
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
        return root.issues(response, status);
    }

    public List<String> issues(WebTestClient.ResponseSpec response) {
        return root.issues(response);
    }

    public String errorCode(WebTestClient.ResponseSpec response, int status) {
        return root.errorCode(response, status);
    }

    /** The error's message, for a refusal answered with {@code status} and {@code code}. */
    public String errorMessage(WebTestClient.ResponseSpec response, int status, String code) {
        return root.errorMessage(response, status, code);
    }

    public JsonNode body(WebTestClient.ResponseSpec response) {
        return root.body(response);
    }
}
