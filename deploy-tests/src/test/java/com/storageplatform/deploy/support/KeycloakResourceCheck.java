package com.storageplatform.deploy.support;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The Keycloak operator publishes no Java model of its resources here, so the chart's {@code Keycloak} is checked
 * by hand against its API (k8s.keycloak.org/v2alpha1, Keycloak 26): no unknown field in the parts the chart writes,
 * and what the chart relies on is there (a PostgreSQL database with its login, the public hostname, the bootstrap
 * admin service client).
 */
final class KeycloakResourceCheck {

    static final String API_VERSION = "k8s.keycloak.org/v2alpha1";
    static final String KIND = "Keycloak";

    /** KeycloakSpec's fields in the Keycloak 26 operator. */
    private static final Set<String> SPEC_FIELDS = Set.of("instances", "image", "imagePullSecrets",
            "additionalOptions", "env", "startOptimized", "unsupported", "http", "httpManagement", "hostname",
            "features", "transaction", "ingress", "networkPolicy", "db", "cache", "resources", "proxy", "truststores",
            "scheduling", "bootstrapAdmin", "tracing", "update", "serviceMonitor");
    private static final Set<String> DB_FIELDS = Set.of("vendor", "host", "port", "database", "url", "schema",
            "usernameSecret", "passwordSecret", "poolInitialSize", "poolMinSize", "poolMaxSize");
    private static final Set<String> HTTP_FIELDS = Set.of("httpEnabled", "httpPort", "httpsPort", "tlsSecret",
            "annotations", "labels");
    private static final Set<String> HOSTNAME_FIELDS = Set.of("hostname", "admin", "strict", "backchannelDynamic");
    private static final Set<String> INGRESS_FIELDS = Set.of("enabled", "className", "annotations", "labels",
            "tlsSecret");

    private KeycloakResourceCheck() {
    }

    static boolean handles(GenericKubernetesResource resource) {
        return API_VERSION.equals(resource.getApiVersion()) && KIND.equals(resource.getKind());
    }

    /** Each problem found; empty when the operator would accept the resource and run what the chart expects. */
    @SuppressWarnings("unchecked")
    static List<String> problems(GenericKubernetesResource keycloak) {
        List<String> problems = new ArrayList<>();
        Object specValue = keycloak.getAdditionalProperties().get("spec");
        if (!(specValue instanceof Map<?, ?> spec)) {
            return List.of("spec is required");
        }
        unknown((Map<String, Object>) spec, SPEC_FIELDS, "spec", problems);
        Map<String, Object> db = section(spec, "db", DB_FIELDS, problems);
        if (!"postgres".equals(db.get("vendor"))) {
            problems.add("spec.db.vendor must be postgres");
        }
        for (String secret : List.of("usernameSecret", "passwordSecret")) {
            if (!(db.get(secret) instanceof Map<?, ?> ref) || ref.get("name") == null || ref.get("key") == null) {
                problems.add("spec.db." + secret + " needs name and key");
            }
        }
        section(spec, "http", HTTP_FIELDS, problems);
        section(spec, "ingress", INGRESS_FIELDS, problems);
        Map<String, Object> hostname = section(spec, "hostname", HOSTNAME_FIELDS, problems);
        if (!(hostname.get("hostname") instanceof String host) || !host.startsWith("https://")) {
            problems.add("spec.hostname.hostname must be the public https URL");
        }
        Object admin = spec.get("bootstrapAdmin");
        if (!(admin instanceof Map<?, ?> bootstrap) || !(bootstrap.get("service") instanceof Map<?, ?> service)
                || service.get("secret") == null) {
            problems.add("spec.bootstrapAdmin.service.secret is required (the auth service's provisioning client)");
        }
        if (spec.get("instances") != null && !(spec.get("instances") instanceof Integer)) {
            problems.add("spec.instances must be an integer");
        }
        return problems;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> section(Map<?, ?> spec, String name, Set<String> fields, List<String> problems) {
        Object value = spec.get(name);
        if (value == null) {
            return Map.of();
        }
        if (!(value instanceof Map<?, ?> map)) {
            problems.add("spec." + name + " must be an object");
            return Map.of();
        }
        unknown((Map<String, Object>) map, fields, "spec." + name, problems);
        return (Map<String, Object>) map;
    }

    private static void unknown(Map<String, Object> object, Set<String> fields, String where, List<String> problems) {
        object.keySet().stream().filter(field -> !fields.contains(field)).sorted()
                .forEach(field -> problems.add(where + "." + field + " is not a field of the Keycloak API"));
    }
}
