package com.storageplatform.gateway.reference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

class DocumentMergeTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Test
    void pathsAreJoinedAndSharedComponentsKeptOnce() {
        ObjectNode merged = DocumentMerge.merge(documents(
                "{\"openapi\":\"3.1.0\",\"paths\":{\"/v1/sites\":{}},"
                        + "\"components\":{\"schemas\":{\"Error\":{\"type\":\"object\"},\"Site\":{}}}}",
                "{\"openapi\":\"3.1.0\",\"paths\":{\"/v1/webhooks\":{}},"
                        + "\"components\":{\"schemas\":{\"Error\":{\"type\":\"object\"},\"WebhookEndpoint\":{}}}}"),
                JSON.createObjectNode().put("title", "t"));
        assertThat(merged.path("paths").propertyNames()).containsExactly("/v1/sites", "/v1/webhooks");
        assertThat(merged.path("components").path("schemas").propertyNames())
                .containsExactlyInAnyOrder("Error", "Site", "WebhookEndpoint");
        assertThat(merged.path("info").path("title").asString()).isEqualTo("t");
    }

    @Test
    void theReferenceListsTheV1CollectionsFirstThenOAuthThenTheAdminApi() {
        ObjectNode merged = DocumentMerge.merge(documents(
                "{\"tags\":[{\"name\":\"Admin: operators\"},{\"name\":\"OAuth\"}],\"paths\":{}}",
                "{\"tags\":[{\"name\":\"Webhooks\"},{\"name\":\"Events\"}],\"paths\":{}}"),
                JSON.createObjectNode());
        assertThat(merged.path("tags").valueStream().map(tag -> tag.path("name").asString()))
                .containsExactly("Events", "Webhooks", "OAuth", "Admin: operators");
    }

    @Test
    void aComponentTwoServicesDefineDifferentlyIsRefused() {
        assertThatThrownBy(() -> DocumentMerge.merge(documents(
                "{\"paths\":{},\"components\":{\"schemas\":{\"Address\":{\"type\":\"object\"}}}}",
                "{\"paths\":{},\"components\":{\"schemas\":{\"Address\":{\"type\":\"string\"}}}}"),
                JSON.createObjectNode()))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("components.schemas.Address");
    }

    @Test
    void aPathTwoServicesDescribeIsRefused() {
        assertThatThrownBy(() -> DocumentMerge.merge(documents(
                "{\"paths\":{\"/v1/sites\":{}}}", "{\"paths\":{\"/v1/sites\":{}}}"), JSON.createObjectNode()))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("/v1/sites");
    }

    /**
     * The gateway merges every service's description when it starts and refuses two that name one component
     * differently; the committed descriptions must merge, or the gateway would not start with those services.
     */
    @Test
    void theCommittedDescriptionsOfEveryServiceMerge() throws java.io.IOException {
        Map<String, JsonNode> committed = new LinkedHashMap<>();
        try (java.util.stream.Stream<java.nio.file.Path> files = java.nio.file.Files.list(
                java.nio.file.Path.of("..", "docs", "openapi"))) {
            files.filter(file -> file.toString().endsWith(".json")).sorted()
                    .forEach(file -> committed.put(file.getFileName().toString(), JSON.readTree(file.toFile())));
        }
        assertThat(committed).containsKeys("billing.json", "commerce.json", "catalogue.json");

        ObjectNode merged = DocumentMerge.merge(committed, JSON.createObjectNode());

        assertThat(merged.path("paths").has("/v1/payments")).isTrue();
        assertThat(merged.path("paths").has("/v1/orders")).isTrue();
    }

    private static Map<String, JsonNode> documents(String first, String second) {
        Map<String, JsonNode> documents = new LinkedHashMap<>();
        documents.put("one", JSON.readTree(first));
        documents.put("two", JSON.readTree(second));
        return documents;
    }
}
