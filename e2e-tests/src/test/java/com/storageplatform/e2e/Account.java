package com.storageplatform.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.devstack.DevStack;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * A new operator's test account as an integration calls it through the gateway: one API key (by default with every
 * site, unit and catalogue scope), and the calls the tests make with it. Bodies are JSON text, so a test can
 * send explicit nulls and wrong types as a client would.
 */
final class Account {

    static final List<String> CATALOGUE_SCOPES = List.of("sites:read", "sites:write", "units:read", "units:write",
            "catalogue:read", "catalogue:write");

    private final DevStack stack;
    private final Admin admin;
    final Admin.Operator operator;
    final String key;

    private Account(DevStack stack, Admin admin, Admin.Operator operator, String key, List<String> scopes) {
        this.stack = stack;
        this.admin = admin;
        this.operator = operator;
        this.key = key;
        this.scopes = List.copyOf(scopes);
    }

    private final List<String> scopes;

    static Account create(DevStack stack, String operatorName) {
        return create(stack, operatorName, CATALOGUE_SCOPES);
    }

    /** A new operator's test account whose key holds {@code scopes}. */
    static Account create(DevStack stack, String operatorName, List<String> scopes) {
        Admin admin = new Admin(stack);
        Admin.Operator operator = admin.newOperator(operatorName);
        return new Account(stack, admin, operator, admin.apiKey(operator, "test", scopes, null)
                .path("key").asString(), scopes);
    }

    /** Another key of this account with the same scopes, restricted to {@code siteIds}. */
    String keyRestrictedTo(String... siteIds) {
        return admin.apiKey(operator, "test", scopes, List.of(siteIds)).path("key").asString();
    }

    String accountId() {
        return operator.testAccountId();
    }

    String url(String path) {
        return stack.gatewayUrl() + path;
    }

    Http.Response get(String pathAndQuery) {
        return Http.get(url(pathAndQuery), key);
    }

    Http.Response post(String path, String json) {
        return Http.post(url(path), key, json);
    }

    Http.Response patch(String path, String json) {
        return Http.patch(url(path), key, json);
    }

    Http.Response delete(String path) {
        return Http.delete(url(path), key);
    }

    /** POSTs and answers the created resource's {@code data}. */
    JsonNode created(String path, String json) {
        return data(post(path, json), 201);
    }

    String createdId(String path, String json) {
        return created(path, json).path("id").asString();
    }

    JsonNode updated(String path, String json) {
        return data(patch(path, json), 200);
    }

    JsonNode read(String path) {
        return data(get(path), 200);
    }

    /** The ids a list answers, in order. */
    List<String> listed(String pathAndQuery) {
        Http.Response list = get(pathAndQuery);
        assertThat(list.status()).as(pathAndQuery + " " + list.body()).isEqualTo(200);
        return list.ids();
    }

    /** The {@code field issue} pairs of a {@code validation_error} answered with {@code status}. */
    static List<String> issues(Http.Response response, int status) {
        assertThat(response.status()).as(response.body().toString()).isEqualTo(status);
        assertThat(response.errorCode()).isEqualTo("validation_error");
        return response.issues();
    }

    /** The issues of a 422. */
    static List<String> issues(Http.Response response) {
        return issues(response, 422);
    }

    /** The error code of a refusal answered with {@code status}. */
    static String errorCode(Http.Response response, int status) {
        assertThat(response.status()).as(response.body().toString()).isEqualTo(status);
        return response.errorCode();
    }

    String site(String name) {
        return createdId("/v1/sites", """
                {"name": "%s", "timezone": "Europe/London"}
                """.formatted(name));
    }

    String unitType(String siteId, String name, long priceMinor) {
        return createdId("/v1/unit-types", """
                {"site_id": "%s", "name": "%s", "price_minor": %d, "currency": "GBP"}
                """.formatted(siteId, name, priceMinor));
    }

    String unit(String siteId, String unitTypeId, String name) {
        return createdId("/v1/units", """
                {"site_id": "%s", "unit_type_id": "%s", "name": "%s"}
                """.formatted(siteId, unitTypeId, name));
    }

    /** Publishes one of commerce's events for this account. */
    void publish(String type, Map<String, ?> data) {
        CommerceEvents.publish(stack, type, accountId(), data);
    }

    private static JsonNode data(Http.Response response, int status) {
        assertThat(response.status()).as(response.raw().request().method() + " " + response.raw().uri() + " "
                + response.body()).isEqualTo(status);
        return response.data();
    }
}
