package com.storageplatform.deploy.support;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.KubernetesResource;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses a rendered YAML stream into typed Kubernetes objects and refuses what a cluster would refuse: an
 * unknown apiVersion or kind, an unknown field, a value of the wrong type, a missing required field, a
 * resource without a name, and two resources of one kind with one name.
 */
public final class ManifestParser {

    private static final Pattern DOCUMENT_SEPARATOR = Pattern.compile("(?m)^---\\s*$");
    private static final Pattern SOURCE = Pattern.compile("(?m)^# Source: (.+)$");
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final KubernetesSerialization SERIALIZATION = StrictKubernetesSerialization.create();

    private ManifestParser() {
    }

    public static Manifests parse(String yamlStream) {
        List<HasMetadata> resources = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (String document : DOCUMENT_SEPARATOR.split(yamlStream)) {
            JsonNode tree = readTree(document);
            if (tree == null || tree.isMissingNode() || tree.isNull() || tree.isEmpty()) {
                continue;
            }
            resources.add(parseDocument(tree, sourceOf(document)));
            // As written: Strimzi's model reports its own apiVersion whatever the document says.
            String identity = tree.path("apiVersion").asText() + "/" + tree.path("kind").asText() + "/"
                    + tree.path("metadata").path("name").asText();
            if (!seen.add(identity)) {
                throw new InvalidManifestException("Rendered twice: " + identity);
            }
        }
        return new Manifests(resources);
    }

    private static HasMetadata parseDocument(JsonNode tree, String source) {
        String kind = tree.path("kind").asText("");
        String name = tree.path("metadata").path("name").asText("");
        String where = source + " (" + kind + " " + name + ")";
        if (tree.path("apiVersion").asText("").isEmpty() || kind.isEmpty() || name.isEmpty()) {
            throw new InvalidManifestException(where + ": apiVersion, kind and metadata.name are required");
        }
        KubernetesResource parsed;
        try {
            parsed = StrictKubernetesSerialization.convert(SERIALIZATION, tree);
        } catch (IllegalArgumentException e) {
            throw new InvalidManifestException(where + ": " + firstLine(e.getMessage()), e);
        }
        if (parsed instanceof GenericKubernetesResource generic) {
            List<String> problems;
            if (CloudNativePgClusterCheck.handles(generic)) {
                problems = CloudNativePgClusterCheck.problems(generic);
            } else if (KeycloakResourceCheck.handles(generic)) {
                problems = KeycloakResourceCheck.problems(generic);
            } else {
                throw new InvalidManifestException(where + ": unknown kind " + tree.path("apiVersion").asText()
                        + " " + kind);
            }
            if (!problems.isEmpty()) {
                throw new InvalidManifestException(where + ": " + problems);
            }
            return generic;
        }
        List<String> missing = RequiredFields.missingIn(parsed);
        if (!missing.isEmpty()) {
            throw new InvalidManifestException(where + ": required fields missing: " + missing);
        }
        return (HasMetadata) parsed;
    }

    private static JsonNode readTree(String document) {
        try {
            return YAML.readTree(document);
        } catch (JsonProcessingException e) {
            throw new InvalidManifestException(sourceOf(document) + ": not YAML: " + firstLine(e.getMessage()), e);
        }
    }

    private static String sourceOf(String document) {
        Matcher source = SOURCE.matcher(document);
        return source.find() ? source.group(1) : "document";
    }

    private static String firstLine(String message) {
        return message == null ? "" : message.lines().findFirst().orElse("");
    }
}
