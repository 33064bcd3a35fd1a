package com.storageplatform.gateway.reference;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.TreeMap;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The platform's API description as {@code GET /openapi.json} serves it: the services' committed documents
 * ({@code docs/openapi/<service>.json}, packaged into the gateway by its build, ADR 0018) merged into one, built
 * once at start. It never calls a service, so it answers the same whether they are up or not.
 */
public final class ApiDescription {

    static final String LOCATION = "classpath*:openapi/*.json";

    private final byte[] json;

    private ApiDescription(ObjectNode document, JsonMapper mapper) {
        this.json = mapper.writeValueAsBytes(document);
    }

    public static ApiDescription load(JsonMapper mapper) {
        Map<String, JsonNode> documents = new TreeMap<>();
        try {
            for (Resource resource : new PathMatchingResourcePatternResolver().getResources(LOCATION)) {
                String name = resource.getFilename();
                try (InputStream in = resource.getInputStream()) {
                    documents.put(name.substring(0, name.length() - ".json".length()), mapper.readTree(in));
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException("Cannot read the packaged API descriptions", e);
        }
        if (documents.isEmpty()) {
            throw new IllegalStateException("No API description is packaged (" + LOCATION + "): build the gateway "
                    + "with Maven, which copies docs/openapi");
        }
        ObjectNode info = mapper.createObjectNode();
        JsonNode first = documents.values().iterator().next().path("info");
        info.put("title", "Storage operator platform API");
        info.put("version", first.path("version").asString("v1"));
        info.put("description", first.path("description").asString(""));
        return new ApiDescription(DocumentMerge.merge(documents, info), mapper);
    }

    /** The document, serialised once: each request reads it through a view of its own, without a copy. */
    public ByteBuffer json() {
        return ByteBuffer.wrap(json).asReadOnlyBuffer();
    }
}
