package com.storageplatform.deploy;

import static com.storageplatform.deploy.support.PlatformServices.BACKENDS;
import static com.storageplatform.deploy.support.PlatformServices.GATEWAY;
import static com.storageplatform.deploy.support.PlatformServices.SHORT_NAMES;
import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.deploy.support.HelmChart;
import com.storageplatform.deploy.support.Manifests;
import com.storageplatform.deploy.support.PlatformServices;
import com.storageplatform.deploy.support.ValueSet;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.strimzi.api.kafka.model.kafka.Kafka;
import io.strimzi.api.kafka.model.nodepool.KafkaNodePool;
import io.strimzi.api.kafka.model.nodepool.ProcessRoles;
import io.strimzi.api.kafka.model.topic.KafkaTopic;
import io.strimzi.api.kafka.model.user.KafkaUser;
import java.net.URI;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** PostgreSQL and Kafka, as existing clusters or through their operators, and the gateway's view of the services. */
class DataServicesTest {

    private static final String KAFKA_CLUSTER = Manifests.FULLNAME + "-kafka";
    private static final String POSTGRES_CLUSTER = Manifests.FULLNAME + "-postgresql";
    /** Where Keycloak is in the existing-clusters value set. */
    private static final String KEYCLOAK_CIDR = "10.40.0.10/32";

    @Test
    void servicesUseTheExistingClustersWithTlsAndSasl() {
        Manifests manifests = HelmChart.render(ValueSet.EXISTING_CLUSTERS);

        for (int i = 0; i < BACKENDS.size(); i++) {
            String service = BACKENDS.get(i);
            assertThat(manifests.config(service)).as(service)
                    // The kit adds the driver prefixes itself.
                    .containsEntry("PLATFORM_DATABASE_URL", "postgresql://pg.databases.internal:5433/platform")
                    .containsEntry("PLATFORM_DATABASE_SCHEMA", SHORT_NAMES.get(i))
                    .containsEntry("SPRING_FLYWAY_URL", "jdbc:postgresql://pg.databases.internal:5433/platform"
                            + "?sslmode=verify-full&sslrootcert=/etc/platform/database-ca/ca.crt")
                    .containsEntry("SPRING_KAFKA_BOOTSTRAP_SERVERS",
                            "b-1.kafka.internal:9096,b-2.kafka.internal:9096,b-3.kafka.internal:9096")
                    .containsEntry("SPRING_KAFKA_SECURITY_PROTOCOL", "SASL_SSL")
                    .containsEntry("SPRING_KAFKA_PROPERTIES_SASL_MECHANISM", "SCRAM-SHA-512")
                    .containsEntry("SPRING_KAFKA_SSL_TRUST_STORE_TYPE", "PEM")
                    .containsEntry("SPRING_KAFKA_SSL_TRUST_STORE_LOCATION", "file:/etc/platform/kafka-ca/ca.crt")
                    .hasEntrySatisfying("SPRING_APPLICATION_JSON", json -> assertThat(json)
                            .contains("\"sslMode\":\"verify-full\"")
                            .contains("\"sslRootCert\":\"/etc/platform/database-ca/ca.crt\""));
            List<Volume> volumes = manifests.deployment(service).getSpec().getTemplate().getSpec().getVolumes();
            assertThat(volumes).extracting(volume -> volume.getSecret() == null ? null
                    : volume.getSecret().getSecretName()).contains("postgres-ca", "kafka-ca");
        }
    }

    @Test
    void theGatewayHasNoDatabaseOrKafka() {
        Map<String, String> config = HelmChart.render(ValueSet.EXISTING_CLUSTERS).config(GATEWAY);

        assertThat(config.keySet()).noneMatch(key -> key.startsWith("PLATFORM_DATABASE")
                || key.startsWith("SPRING_KAFKA"));
    }

    @ParameterizedTest
    @EnumSource(ValueSet.class)
    void theGatewayAndEveryServiceFindEveryServiceThroughItsClusterService(ValueSet valueSet) {
        Manifests manifests = HelmChart.render(valueSet);

        // The gateway routes there; a service calls its peers there (the kit's ServiceClient).
        for (String caller : PlatformServices.ALL) {
            for (int i = 0; i < BACKENDS.size(); i++) {
                String url = manifests.config(caller)
                        .get("PLATFORM_SERVICES_" + SHORT_NAMES.get(i).toUpperCase(Locale.ROOT) + "_URL");
                assertThat(url).as(caller + " -> " + BACKENDS.get(i)).isNotNull();
                URI uri = URI.create(url);
                Service service = manifests.ofService(Service.class, BACKENDS.get(i));
                assertThat(uri.getHost())
                        .isEqualTo(service.getMetadata().getName() + "." + HelmChart.NAMESPACE + ".svc");
                assertThat(uri.getPort()).isEqualTo(service.getSpec().getPorts().get(0).getPort());
            }
        }
    }

    @Test
    void strimziCreatesAKraftClusterWithANodePool() {
        Manifests manifests = HelmChart.render(ValueSet.OPERATORS);

        Kafka kafka = manifests.get(Kafka.class, KAFKA_CLUSTER);
        assertThat(kafka.getMetadata().getAnnotations()).containsEntry("strimzi.io/kraft", "enabled")
                .containsEntry("strimzi.io/node-pools", "enabled");
        assertThat(kafka.getSpec().getKafka().getListeners()).singleElement().satisfies(listener -> {
            assertThat(listener.isTls()).isTrue();
            assertThat(listener.getAuth().getType()).isEqualTo("scram-sha-512");
        });
        assertThat(kafka.getSpec().getEntityOperator().getTopicOperator()).isNotNull();
        KafkaNodePool pool = manifests.all(KafkaNodePool.class).get(0);
        assertThat(pool.getMetadata().getLabels()).containsEntry("strimzi.io/cluster", KAFKA_CLUSTER);
        assertThat(pool.getSpec().getRoles()).containsExactlyInAnyOrder(ProcessRoles.CONTROLLER, ProcessRoles.BROKER);
        assertThat(pool.getSpec().getReplicas()).isEqualTo(3);
    }

    @Test
    void strimzisV1ApiCanBeChosen() {
        List<java.nio.file.Path> values = ValueSet.OPERATORS.file().stream().toList();
        Map<String, String> v1 = Map.of("kafka.strimzi.apiVersion", "kafka.strimzi.io/v1");

        // Strimzi's model reports its own apiVersion whatever the document says, so the text is checked.
        String rendered = HelmChart.template(values, v1);
        assertThat(rendered).doesNotContain("kafka.strimzi.io/v1beta2");
        assertThat(rendered.split("\napiVersion: kafka.strimzi.io/v1\n", -1)).hasSize(1 + 1 + 1 + 7 + 7);
        assertThat(HelmChart.render(values, v1).all(KafkaTopic.class)).hasSize(7);
    }

    @Test
    void everyServiceHasItsEventsTopicAndItsKafkaLogin() {
        Manifests manifests = HelmChart.render(ValueSet.OPERATORS);

        assertThat(manifests.all(KafkaTopic.class)).extracting(topic -> topic.getMetadata().getName())
                .containsExactlyInAnyOrderElementsOf(SHORT_NAMES.stream().map(name -> name + ".events").toList());
        assertThat(manifests.all(KafkaTopic.class)).allSatisfy(topic -> {
            assertThat(topic.getMetadata().getLabels()).containsEntry("strimzi.io/cluster", KAFKA_CLUSTER);
            assertThat(topic.getSpec().getPartitions()).isEqualTo(24);
            assertThat(topic.getSpec().getConfig()).containsEntry("retention.ms", 604800000);
        });
        for (String service : BACKENDS) {
            assertThat(manifests.find(KafkaUser.class, Manifests.nameOf(service))).as(service).isPresent();
            assertThat(manifests.container(service).getEnv()).as(service).anySatisfy(variable -> {
                assertThat(variable.getName()).isEqualTo("SPRING_KAFKA_PROPERTIES_SASL_JAAS_CONFIG");
                // Strimzi writes each KafkaUser's JAAS configuration into a Secret of the user's name.
                assertThat(variable.getValueFrom().getSecretKeyRef().getName()).isEqualTo(Manifests.nameOf(service));
            });
            assertThat(manifests.config(service))
                    .containsEntry("SPRING_KAFKA_BOOTSTRAP_SERVERS",
                            KAFKA_CLUSTER + "-kafka-bootstrap." + HelmChart.NAMESPACE + ".svc:9093")
                    .containsEntry("SPRING_KAFKA_SECURITY_PROTOCOL", "SASL_SSL")
                    .containsEntry("SPRING_KAFKA_SSL_TRUST_STORE_LOCATION", "file:/etc/platform/kafka-ca/ca.crt");
        }
    }

    @Test
    void cloudNativePgCreatesTheDatabaseWithOneLoginPerService() {
        Manifests manifests = HelmChart.render(ValueSet.OPERATORS);

        GenericKubernetesResource cluster = manifests.get(GenericKubernetesResource.class, POSTGRES_CLUSTER);
        assertThat(cluster.getKind()).isEqualTo("Cluster");
        @SuppressWarnings("unchecked")
        Map<String, Object> spec = (Map<String, Object>) cluster.getAdditionalProperties().get("spec");
        assertThat(spec).containsEntry("instances", 3);
        assertThat(spec).extractingByKey("postgresql").asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.MAP)
                .extractingByKey("parameters").isEqualTo(Map.of("max_connections", "400"));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> roles = (List<Map<String, Object>>) ((Map<String, Object>) spec.get("managed"))
                .get("roles");
        assertThat(roles).extracting(role -> role.get("name")).containsExactlyInAnyOrderElementsOf(SHORT_NAMES);
        assertThat(roles).extracting(role -> (Object) ((Map<?, ?>) role.get("passwordSecret")).get("name"))
                .containsExactlyInAnyOrderElementsOf(BACKENDS.stream().map(s -> Manifests.nameOf(s) + "-db").toList());
        for (String service : BACKENDS) {
            assertThat(manifests.config(service))
                    .containsEntry("PLATFORM_DATABASE_URL", "postgresql://" + POSTGRES_CLUSTER + "-rw."
                            + HelmChart.NAMESPACE + ".svc:5432/platform")
                    .hasEntrySatisfying("SPRING_FLYWAY_URL", url -> assertThat(url).contains("sslmode=verify-full"));
            assertThat(manifests.deployment(service).getSpec().getTemplate().getSpec().getVolumes())
                    .extracting(volume -> volume.getSecret() == null ? null : volume.getSecret().getSecretName())
                    .contains(POSTGRES_CLUSTER + "-ca", KAFKA_CLUSTER + "-cluster-ca-cert");
        }
    }

    @Test
    void withoutOperatorsNoCustomResourceIsRendered() {
        Manifests manifests = HelmChart.render(ValueSet.DEFAULTS);

        assertThat(manifests.resources()).noneMatch(resource -> resource.getApiVersion().contains("strimzi.io")
                || resource.getApiVersion().contains("cnpg.io") || resource.getApiVersion().contains("coreos.com"));
    }

    @Test
    void everyServiceGetsTheOutboxsParkingBoundAndTheGatewayHasNoOutbox() {
        for (String service : BACKENDS) {
            assertThat(HelmChart.render(ValueSet.DEFAULTS).config(service)).as(service)
                    .containsEntry("PLATFORM_OUTBOX_PARK_AFTER_ATTEMPTS", "10")
                    .containsEntry("PLATFORM_OUTBOX_PARK_AFTER_FAILING_FOR", "15m");
        }
        Manifests changed = HelmChart.render(List.of(), Map.of("outbox.parkAfterAttempts", "3",
                "outbox.parkAfterFailingFor", "1h"));
        assertThat(changed.config("catalogue-service"))
                .containsEntry("PLATFORM_OUTBOX_PARK_AFTER_ATTEMPTS", "3")
                .containsEntry("PLATFORM_OUTBOX_PARK_AFTER_FAILING_FOR", "1h");
        assertThat(changed.config(GATEWAY)).doesNotContainKey("PLATFORM_OUTBOX_PARK_AFTER_ATTEMPTS");
    }

    @Test
    void everyServiceGetsItsConsumersFetchWaitAndTheGatewayHasNoConsumer() {
        for (String service : BACKENDS) {
            assertThat(HelmChart.render(ValueSet.DEFAULTS).config(service)).as(service)
                    .containsEntry("SPRING_KAFKA_CONSUMER_FETCH_MIN_SIZE", "16384B")
                    .containsEntry("SPRING_KAFKA_CONSUMER_FETCH_MAX_WAIT", "20ms");
        }
        Manifests changed = HelmChart.render(List.of(), Map.of("kafka.consumer.fetchMinBytes", "1",
                "kafka.consumer.fetchMaxWaitMs", "500"));
        assertThat(changed.config("billing-service"))
                .containsEntry("SPRING_KAFKA_CONSUMER_FETCH_MIN_SIZE", "1B")
                .containsEntry("SPRING_KAFKA_CONSUMER_FETCH_MAX_WAIT", "500ms");
        assertThat(changed.config(GATEWAY)).doesNotContainKey("SPRING_KAFKA_CONSUMER_FETCH_MIN_SIZE");
    }

    @Test
    void theGatewaySharesItsRateLimitsThroughRedis() {
        Manifests manifests = HelmChart.render(ValueSet.EXISTING_CLUSTERS);

        assertThat(manifests.config(GATEWAY)).containsEntry("PLATFORM_RATE_LIMITS_REDIS", "true")
                .containsEntry("SPRING_DATA_REDIS_HOST", "redis.cache.internal")
                .containsEntry("SPRING_DATA_REDIS_PORT", "6380")
                .containsEntry("SPRING_DATA_REDIS_SSL_ENABLED", "true")
                .containsEntry("PLATFORM_RESILIENCE_PEERS_REDIS_TIMEOUT", "200ms")
                .containsEntry("SERVER_FORWARD_HEADERS_STRATEGY", "native");
        assertThat(HelmChart.render(ValueSet.DEFAULTS).config(GATEWAY))
                .containsEntry("PLATFORM_RATE_LIMITS_REDIS", "false")
                .doesNotContainKey("SPRING_DATA_REDIS_HOST")
                .doesNotContainKey("PLATFORM_RESILIENCE_PEERS_REDIS_TIMEOUT");
    }

    @Test
    void keycloakAndTheDeveloperSettingsReachOnlyTheAuthServiceWhichMayCallKeycloakAndTheGateway() {
        Manifests manifests = HelmChart.render(ValueSet.EXISTING_CLUSTERS);

        assertThat(manifests.config("auth-service"))
                .containsEntry("PLATFORM_KEYCLOAK_URL", "https://id.storage.example.com")
                .containsEntry("PLATFORM_KEYCLOAK_INTERNAL_URL", "http://keycloak.identity.svc:8080")
                .containsEntry("PLATFORM_KEYCLOAK_REALM", "operators")
                .containsEntry("PLATFORM_KEYCLOAK_CLIENT_ID", "storage-platform")
                .containsEntry("PLATFORM_KEYCLOAK_ADMIN_REALM", "master")
                .containsEntry("PLATFORM_KEYCLOAK_TIMEOUT", "30s")
                .containsEntry("PLATFORM_APP_URL", "https://developers.storage.example.com/app")
                .containsEntry("PLATFORM_APP_API_URL", "http://" + Manifests.nameOf(GATEWAY) + "."
                        + HelmChart.NAMESPACE + ".svc:8080");
        assertThat(secretRefs(manifests, "auth-service"))
                .containsEntry("PLATFORM_KEYCLOAK_CLIENT_SECRET", "platform-keycloak/client-secret")
                .containsEntry("PLATFORM_KEYCLOAK_ADMIN_CLIENT_ID", "platform-keycloak-admin/client-id")
                .containsEntry("PLATFORM_KEYCLOAK_ADMIN_CLIENT_SECRET", "platform-keycloak-admin/client-secret")
                .containsEntry("PLATFORM_APP_COOKIE_KEY", "platform-app-cookie-key/cookie-key");
        assertThat(egressCidrs(manifests, "auth-service")).contains(KEYCLOAK_CIDR);
        assertThat(PlatformServices.ALL).filteredOn(service -> !service.equals("auth-service"))
                .allSatisfy(service -> {
                    assertThat(keycloakVariables(manifests, service)).as(service).isEmpty();
                    assertThat(egressCidrs(manifests, service)).as(service).doesNotContain(KEYCLOAK_CIDR);
                });
        // The settings call the public API: the auth service may reach the gateway, and the gateway lets it in.
        assertThat(egressPodNames(manifests, "auth-service")).contains(GATEWAY);
        assertThat(ingressPodNames(manifests, GATEWAY)).containsExactly("auth-service");
    }

    @Test
    void withTheDefaultsTheDeveloperSettingsLiveOnTheIngressHostAndKeycloakIsCalledAtItsUrl() {
        Manifests manifests = HelmChart.render(ValueSet.DEFAULTS);

        assertThat(manifests.config("auth-service"))
                .containsEntry("PLATFORM_KEYCLOAK_URL", "https://id.example.com")
                .containsEntry("PLATFORM_APP_URL", "https://api.example.com/app")
                .doesNotContainKey("PLATFORM_KEYCLOAK_INTERNAL_URL");
        assertThat(secretRefs(manifests, "auth-service"))
                .containsEntry("PLATFORM_KEYCLOAK_CLIENT_SECRET", Manifests.FULLNAME + "-keycloak/client-secret")
                .containsEntry("PLATFORM_APP_COOKIE_KEY", Manifests.FULLNAME + "-app-cookie-key/cookie-key");
        assertThat(manifests.ofService(NetworkPolicy.class, "auth-service").getSpec().getEgress())
                .flatExtracting(rule -> rule.getPorts() == null ? List.of() : rule.getPorts())
                .extracting(port -> port.getPort().getIntVal()).contains(443);
    }

    @Test
    void withTheKeycloakOperatorTheChartCreatesAKeycloakOnItsOwnDatabaseWithTheProvisioningClient() {
        Manifests manifests = HelmChart.render(ValueSet.OPERATORS);

        GenericKubernetesResource keycloak = keycloaks(manifests).get(0);
        assertThat(keycloak.getApiVersion()).isEqualTo("k8s.keycloak.org/v2alpha1");
        Map<String, Object> spec = keycloak.get("spec");
        assertThat(spec).containsEntry("instances", 2);
        assertThat(keycloak.<Map<String, Object>>get("spec", "db")).containsEntry("vendor", "postgres")
                .containsEntry("database", "keycloak")
                .containsEntry("usernameSecret", Map.of("name", "keycloak-db", "key", "username"));
        assertThat(keycloak.<Map<String, Object>>get("spec", "hostname"))
                .containsEntry("hostname", "https://id.storage.example.com");
        assertThat(keycloak.<Map<String, Object>>get("spec", "bootstrapAdmin"))
                .isEqualTo(Map.of("service", Map.of("secret", Manifests.FULLNAME + "-keycloak-admin")));
        assertThat(manifests.config("auth-service"))
                .containsEntry("PLATFORM_KEYCLOAK_URL", "https://id.storage.example.com")
                .containsEntry("PLATFORM_KEYCLOAK_INTERNAL_URL", "http://" + keycloak.getMetadata().getName()
                        + "-service." + HelmChart.NAMESPACE + ".svc:8080");
        // The provisioning client's Secret is also Keycloak's bootstrap admin client, in the keys the operator reads.
        assertThat(manifests.secrets()).filteredOn(secret -> secret.getMetadata().getName()
                .equals(Manifests.FULLNAME + "-keycloak-admin")).singleElement()
                .satisfies(secret -> assertThat(secret.getData()).containsOnlyKeys("client-id", "client-secret"));
        assertThat(manifests.ofService(NetworkPolicy.class, "auth-service").getSpec().getEgress())
                .anySatisfy(rule -> assertThat(rule.getTo()).anySatisfy(peer -> assertThat(
                        peer.getPodSelector().getMatchLabels()).containsEntry("app", "keycloak")));
        assertThat(keycloaks(HelmChart.render(ValueSet.DEFAULTS))).isEmpty();
    }

    private static List<GenericKubernetesResource> keycloaks(Manifests manifests) {
        return manifests.all(GenericKubernetesResource.class).stream()
                .filter(resource -> resource.getKind().equals("Keycloak")).toList();
    }

    /** The Secret name and key of each secret variable of a service. */
    private static Map<String, String> secretRefs(Manifests manifests, String service) {
        Map<String, String> refs = new java.util.TreeMap<>();
        manifests.container(service).getEnv().stream().filter(env -> env.getValueFrom() != null
                && env.getValueFrom().getSecretKeyRef() != null).forEach(env -> refs.put(env.getName(),
                env.getValueFrom().getSecretKeyRef().getName() + "/" + env.getValueFrom().getSecretKeyRef().getKey()));
        return refs;
    }

    /** The services (by the chart's pod labels) a service's NetworkPolicy lets it reach. */
    private static List<String> egressPodNames(Manifests manifests, String service) {
        return manifests.ofService(NetworkPolicy.class, service).getSpec().getEgress().stream()
                .filter(rule -> rule.getTo() != null).flatMap(rule -> rule.getTo().stream())
                .filter(peer -> peer.getPodSelector() != null && peer.getPodSelector().getMatchLabels() != null)
                .map(peer -> peer.getPodSelector().getMatchLabels().get("app.kubernetes.io/component"))
                .filter(java.util.Objects::nonNull).toList();
    }

    /** The services (by the chart's pod labels) a service's NetworkPolicy lets in. */
    private static List<String> ingressPodNames(Manifests manifests, String service) {
        return manifests.ofService(NetworkPolicy.class, service).getSpec().getIngress().stream()
                .filter(rule -> rule.getFrom() != null).flatMap(rule -> rule.getFrom().stream())
                .filter(peer -> peer.getPodSelector() != null && peer.getPodSelector().getMatchLabels() != null)
                .map(peer -> peer.getPodSelector().getMatchLabels().get("app.kubernetes.io/component"))
                .filter(java.util.Objects::nonNull).toList();
    }

    /** The PLATFORM_KEYCLOAK_* variables of a service, from its ConfigMap and its Secret references. */
    private static List<String> keycloakVariables(Manifests manifests, String service) {
        return Stream.concat(manifests.config(service).keySet().stream(),
                manifests.container(service).getEnv().stream().map(EnvVar::getName))
                .filter(name -> name.startsWith("PLATFORM_KEYCLOAK")).toList();
    }

    /** The CIDRs a service's NetworkPolicy lets it reach. */
    private static List<String> egressCidrs(Manifests manifests, String service) {
        return manifests.ofService(NetworkPolicy.class, service).getSpec().getEgress().stream()
                .filter(rule -> rule.getTo() != null).flatMap(rule -> rule.getTo().stream())
                .filter(peer -> peer.getIpBlock() != null).map(peer -> peer.getIpBlock().getCidr()).toList();
    }
}
