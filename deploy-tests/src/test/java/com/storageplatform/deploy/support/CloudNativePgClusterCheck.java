package com.storageplatform.deploy.support;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * CloudNativePG publishes no Java model, so its {@code Cluster} is checked by hand against the operator's API
 * (postgresql.cnpg.io/v1): the fields it requires, the types of those the chart sets, and no unknown field in
 * the parts the chart writes.
 */
final class CloudNativePgClusterCheck {

    static final String API_VERSION = "postgresql.cnpg.io/v1";
    static final String KIND = "Cluster";

    /** ClusterSpec's fields in CloudNativePG 1.2x. */
    private static final Set<String> SPEC_FIELDS = Set.of("affinity", "backup", "bootstrap", "certificates",
            "description", "enablePDB", "enableSuperuserAccess", "env", "envFrom", "ephemeralVolumeSource",
            "ephemeralVolumesSizeLimit", "externalClusters", "failoverDelay", "imageCatalogRef", "imageName",
            "imagePullPolicy", "imagePullSecrets", "inheritedMetadata", "instances", "livenessProbeTimeout",
            "logLevel", "managed", "maxSyncReplicas", "minSyncReplicas", "monitoring", "nodeMaintenanceWindow",
            "plugins", "postgresGID", "postgresUID", "postgresql", "primaryUpdateMethod", "primaryUpdateStrategy",
            "priorityClassName", "probes", "projectedVolumeTemplate", "replica", "replicationSlots", "resources",
            "schedulerName", "seccompProfile", "serviceAccountTemplate", "smartShutdownTimeout", "startDelay",
            "stopDelay", "storage", "superuserSecret", "switchoverDelay", "tablespaces", "topologySpreadConstraints",
            "walStorage");
    private static final Set<String> STORAGE_FIELDS = Set.of("pvcTemplate", "resizeInUseVolumes", "size",
            "storageClass");
    private static final Set<String> AFFINITY_FIELDS = Set.of("additionalPodAffinity", "additionalPodAntiAffinity",
            "enablePodAntiAffinity", "nodeAffinity", "nodeSelector", "podAntiAffinityType", "tolerations",
            "topologyKey");
    private static final Set<String> ROLE_FIELDS = Set.of("bypassrls", "comment", "connectionLimit", "createdb",
            "createrole", "disablePassword", "ensure", "inRoles", "inherit", "login", "name", "passwordSecret",
            "replication", "superuser", "validUntil");

    private CloudNativePgClusterCheck() {
    }

    static boolean handles(GenericKubernetesResource resource) {
        return API_VERSION.equals(resource.getApiVersion()) && KIND.equals(resource.getKind());
    }

    /** Each problem found; empty when the operator would accept the Cluster. */
    static List<String> problems(GenericKubernetesResource cluster) {
        List<String> problems = new ArrayList<>();
        Map<String, Object> spec = map(cluster.getAdditionalProperties().get("spec"), "spec", problems);
        unknown(spec, SPEC_FIELDS, "spec", problems);
        if (!(spec.get("instances") instanceof Integer instances) || instances < 1) {
            problems.add("spec.instances: an integer of at least 1 is required");
        }
        Map<String, Object> storage = map(spec.get("storage"), "spec.storage", problems);
        unknown(storage, STORAGE_FIELDS, "spec.storage", problems);
        if (!(storage.get("size") instanceof String)) {
            problems.add("spec.storage.size: a quantity string is required");
        }
        if (spec.containsKey("affinity")) {
            Map<String, Object> affinity = map(spec.get("affinity"), "spec.affinity", problems);
            unknown(affinity, AFFINITY_FIELDS, "spec.affinity", problems);
        }
        if (spec.containsKey("postgresql")) {
            Object parameters = map(spec.get("postgresql"), "spec.postgresql", problems).get("parameters");
            map(parameters == null ? Map.of() : parameters, "spec.postgresql.parameters", problems)
                    .forEach((name, value) -> {
                        if (!(value instanceof String)) {
                            problems.add("spec.postgresql.parameters." + name + ": a string is required");
                        }
                    });
        }
        if (spec.containsKey("bootstrap")) {
            Map<String, Object> initdb = map(map(spec.get("bootstrap"), "spec.bootstrap", problems).get("initdb"),
                    "spec.bootstrap.initdb", problems);
            for (String field : List.of("database", "owner")) {
                if (!(initdb.get(field) instanceof String)) {
                    problems.add("spec.bootstrap.initdb." + field + ": a string is required");
                }
            }
        }
        if (spec.containsKey("managed")) {
            Object roles = map(spec.get("managed"), "spec.managed", problems).get("roles");
            if (!(roles instanceof List<?> list)) {
                problems.add("spec.managed.roles: a list is required");
            } else {
                for (int i = 0; i < list.size(); i++) {
                    String path = "spec.managed.roles[" + i + "]";
                    Map<String, Object> role = map(list.get(i), path, problems);
                    unknown(role, ROLE_FIELDS, path, problems);
                    if (!(role.get("name") instanceof String)) {
                        problems.add(path + ".name: a string is required");
                    }
                    if (role.containsKey("passwordSecret")
                            && !(map(role.get("passwordSecret"), path, problems).get("name") instanceof String)) {
                        problems.add(path + ".passwordSecret.name: a string is required");
                    }
                }
            }
        }
        return problems;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object value, String path, List<String> problems) {
        if (value instanceof Map<?, ?> map) {
            return (Map<String, Object>) map;
        }
        problems.add(path + ": an object is required");
        return Map.of();
    }

    private static void unknown(Map<String, Object> object, Set<String> known, String path, List<String> problems) {
        object.keySet().stream().filter(key -> !known.contains(key)).sorted()
                .forEach(key -> problems.add(path + "." + key + ": unknown field"));
    }
}
