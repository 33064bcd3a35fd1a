package com.storageplatform.webhooks;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.ServiceContract;
import com.storageplatform.kit.testsupport.TestCallers;
import com.storageplatform.kit.testsupport.openapi.OpenApiContract;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** webhook-dispatcher boots against real PostgreSQL and Kafka and honours the platform's service contract. */
@DispatcherTest
class WebhookDispatcherServiceContractTest extends ServiceContract {

    /** An unknown id: counted under its route's template, never under its own path. */
    @Override
    protected RouteProbe ownRoute() {
        return new RouteProbe("/v1/webhooks/" + Ids.newId(), TestCallers.apiCaller("webhooks:read"),
                "/v1/webhooks/{id}");
    }

    /**
     * An event's data is any JSON object: described as Jackson's JsonNode bean instead, its boolean {@code object}
     * property refused every event's data ({@code "object": "import"}), as the fuzzing of GET /v1/events found.
     */
    @Test
    void anEventsDataIsDescribedAsAnyJsonObjectNotAsJacksonsJsonNode() {
        JsonNode schemas = JsonMapper.builder().build().readTree(OpenApiContract.document(client))
                .path("components").path("schemas");
        assertThat(schemas.has("JsonNode")).isFalse();
        assertThat(schemas.path("Event").path("properties").path("data").path("type").asString()).isEqualTo("object");
        assertThat(schemas.path("Event").path("properties").path("data").has("properties")).isFalse();
    }
}
