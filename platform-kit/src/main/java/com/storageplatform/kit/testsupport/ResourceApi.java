package com.storageplatform.kit.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.caller.Caller;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * One collection of a service ({@code /v1/products}, {@code /v1/reservations}, ...) as a client calls it, for tests.
 * A service's own subclass adds only its scopes and callers ({@code newAccount()}).
 */
public class ResourceApi {

    private final WebTestClient client;
    private final JsonMapper json;
    private final String collection;

    public ResourceApi(WebTestClient client, JsonMapper json, String collection) {
        // A shared two-core machine can be slow to answer; a slow answer is not what these tests judge.
        this.client = client.mutate().responseTimeout(Duration.ofSeconds(30)).build();
        this.json = json;
        this.collection = collection;
    }

    /** The same client on another collection, for a subclass's {@link #on(String)}. */
    protected ResourceApi(ResourceApi api, String collection) {
        this.client = api.client;
        this.json = api.json;
        this.collection = collection;
    }

    public ResourceApi on(String otherCollection) {
        return new ResourceApi(this, otherCollection);
    }

    /** {@code POST} to an action: {@code /v1/reservations/{id}/cancel}. */
    public WebTestClient.ResponseSpec action(Caller caller, String id, String action, String body) {
        return client.post().uri(collection + "/" + id + "/" + action)
                .header("Authorization", TestCallers.bearer(caller))
                .contentType(MediaType.APPLICATION_JSON).bodyValue(body).exchange();
    }

    public WebTestClient.ResponseSpec post(Caller caller, String body) {
        return client.post().uri(collection).header("Authorization", TestCallers.bearer(caller))
                .contentType(MediaType.APPLICATION_JSON).bodyValue(body).exchange();
    }

    public WebTestClient.ResponseSpec patch(Caller caller, String id, String body) {
        return client.patch().uri(collection + "/" + id).header("Authorization", TestCallers.bearer(caller))
                .contentType(MediaType.APPLICATION_JSON).bodyValue(body).exchange();
    }

    public WebTestClient.ResponseSpec delete(Caller caller, String id) {
        return client.delete().uri(collection + "/" + id).header("Authorization", TestCallers.bearer(caller))
                .exchange();
    }

    public WebTestClient.ResponseSpec get(Caller caller, String pathAndQuery) {
        return client.get().uri(collection + pathAndQuery).header("Authorization", TestCallers.bearer(caller))
                .exchange();
    }

    /** Creates a record and answers its {@code data}. */
    public JsonNode create(Caller caller, String body) {
        return body(post(caller, body).expectStatus().isCreated()).get("data");
    }

    public String createId(Caller caller, String body) {
        return create(caller, body).get("id").asString();
    }

    public JsonNode read(Caller caller, String id) {
        return body(get(caller, "/" + id).expectStatus().isOk()).get("data");
    }

    public JsonNode updated(Caller caller, String id, String body) {
        return body(patch(caller, id, body).expectStatus().isOk()).get("data");
    }

    public JsonNode list(Caller caller, String query) {
        return body(get(caller, query).expectStatus().isOk());
    }

    public List<String> listedIds(Caller caller, String query) {
        List<String> ids = new ArrayList<>();
        list(caller, query).get("data").values().forEach(item -> ids.add(item.get("id").asString()));
        return ids;
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

    /** The 422 issues of a refused request. */
    public List<String> issues(WebTestClient.ResponseSpec response) {
        return issues(response, 422);
    }

    /** The error code of a refused request answered with {@code status}. */
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

    /** What {@link #eventually}'s failure says: {@link ThreadDumpOnTimeout} knows it as a timeout. */
    static final String EVENTUALLY_TIMED_OUT = "condition met within 30 seconds";

    /** Polls {@code check} until it holds (a projection catching up with Kafka), for at most 30 seconds. */
    public static void eventually(Supplier<Boolean> check) {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!check.get()) {
            assertThat(System.nanoTime()).as(EVENTUALLY_TIMED_OUT).isLessThan(deadline);
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }
}
