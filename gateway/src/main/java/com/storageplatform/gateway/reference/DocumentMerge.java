package com.storageplatform.gateway.reference;

import java.util.Iterator;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * One API description from the services' own: their paths side by side and their components together. Two
 * services may define the same component (the shared error object, the paging parameters) only identically, and
 * may never describe the same path: either is a mistake that {@code ApiDescriptionTest} catches in the build.
 */
final class DocumentMerge {

    private DocumentMerge() {
    }

    /** @param documents each service's document by its short name, in a stable order */
    static ObjectNode merge(Map<String, JsonNode> documents, JsonNode info) {
        ObjectNode merged = JsonNodeFactory.instance.objectNode();
        ObjectNode paths = JsonNodeFactory.instance.objectNode();
        ObjectNode components = JsonNodeFactory.instance.objectNode();
        String openapi = null;
        java.util.Set<String> tags = new java.util.TreeSet<>(DocumentMerge::readingOrder);
        Map<String, String> pathOwners = new java.util.HashMap<>();
        for (Map.Entry<String, JsonNode> entry : documents.entrySet()) {
            String service = entry.getKey();
            JsonNode document = entry.getValue();
            openapi = openapi == null ? document.path("openapi").asString() : openapi;
            document.path("tags").forEach(tag -> tags.add(tag.path("name").asString()));
            for (Map.Entry<String, JsonNode> path : document.path("paths").properties()) {
                String owner = pathOwners.putIfAbsent(path.getKey(), service);
                if (owner != null) {
                    throw new IllegalStateException(
                            path.getKey() + " is described by both " + owner + " and " + service);
                }
                paths.set(path.getKey(), path.getValue());
            }
            for (Map.Entry<String, JsonNode> section : document.path("components").properties()) {
                ObjectNode target = components.has(section.getKey()) ? (ObjectNode) components.get(section.getKey())
                        : components.putObject(section.getKey());
                for (Map.Entry<String, JsonNode> component : section.getValue().properties()) {
                    JsonNode existing = target.get(component.getKey());
                    if (existing != null && !existing.equals(component.getValue())) {
                        throw new IllegalStateException("components." + section.getKey() + "." + component.getKey()
                                + " differs between services (" + service + " and another): give one a distinct name");
                    }
                    target.set(component.getKey(), component.getValue());
                }
            }
        }
        merged.put("openapi", openapi == null ? "3.1.0" : openapi);
        merged.set("info", info);
        tags.forEach(tag -> merged.withArray("tags").addObject().put("name", tag));
        merged.set("paths", sorted(paths));
        merged.set("components", components);
        return merged;
    }

    /** The reference lists the /v1 collections first, then the token endpoint, then the admin API. */
    static int readingOrder(String one, String other) {
        int rank = Integer.compare(rank(one), rank(other));
        return rank != 0 ? rank : one.compareTo(other);
    }

    private static int rank(String tag) {
        return tag.startsWith("Admin") ? 2 : tag.equals("OAuth") ? 1 : 0;
    }

    private static ObjectNode sorted(ObjectNode node) {
        ObjectNode sorted = JsonNodeFactory.instance.objectNode();
        java.util.List<String> names = new java.util.ArrayList<>();
        for (Iterator<String> it = node.propertyNames().iterator(); it.hasNext();) {
            names.add(it.next());
        }
        java.util.Collections.sort(names);
        names.forEach(name -> sorted.set(name, node.get(name)));
        return sorted;
    }
}
