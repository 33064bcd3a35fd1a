package com.storageplatform.deploy;

import static com.storageplatform.deploy.support.PlatformServices.ALL;
import static com.storageplatform.deploy.support.PlatformServices.BACKENDS;
import static com.storageplatform.deploy.support.PlatformServices.GATEWAY;
import static com.storageplatform.deploy.support.PlatformServices.WEBHOOK_DISPATCHER;
import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.deploy.support.HelmChart;
import com.storageplatform.deploy.support.Manifests;
import com.storageplatform.deploy.support.ValueSet;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.networking.v1.IPBlock;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyEgressRule;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyIngressRule;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyPeer;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyPort;
import io.strimzi.api.kafka.model.kafka.Kafka;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Only the gateway reaches the services; the services reach only what they need. */
class NetworkPolicyTest {

    private static final List<String> PRIVATE_IPV4 = List.of("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16",
            "169.254.0.0/16", "127.0.0.0/8", "100.64.0.0/10");
    private static final List<String> PRIVATE_IPV6 = List.of("fc00::/7", "fe80::/10", "::1/128");

    @ParameterizedTest
    @EnumSource(ValueSet.class)
    void everyServiceIsIsolatedInBothDirections(ValueSet valueSet) {
        Manifests manifests = HelmChart.render(valueSet);

        for (String service : ALL) {
            NetworkPolicy policy = manifests.ofService(NetworkPolicy.class, service);
            assertThat(policy.getSpec().getPodSelector().getMatchLabels())
                    .isEqualTo(manifests.deployment(service).getSpec().getSelector().getMatchLabels());
            assertThat(policy.getSpec().getPolicyTypes()).containsExactlyInAnyOrder("Ingress", "Egress");
            // A rule without peers would let everyone in.
            assertThat(policy.getSpec().getIngress()).allSatisfy(rule -> assertThat(rule.getFrom()).isNotEmpty());
        }
    }

    @ParameterizedTest
    @EnumSource(ValueSet.class)
    void onlyTheGatewayAndTheCallersEachServiceNamesReachTheServices(ValueSet valueSet) {
        Manifests manifests = HelmChart.render(valueSet);
        Map<String, String> gatewayPods = manifests.deployment(GATEWAY).getSpec().getSelector().getMatchLabels();
        // Service-to-service calls the chart allows by default (values.yaml allowFrom): commerce asks the catalogue
        // for prices and billing for an order's payment.
        Map<String, List<String>> callers = Map.of("catalogue-service", List.of("commerce-service"),
                "billing-service", List.of("commerce-service"));

        for (String service : BACKENDS) {
            List<NetworkPolicyPeer> peers = manifests.ofService(NetworkPolicy.class, service).getSpec().getIngress()
                    .stream().flatMap(rule -> rule.getFrom().stream()).toList();
            assertThat(peers).as(service).allSatisfy(peer -> {
                if (peer.getPodSelector() == null) {
                    // The metrics scraper: a whole namespace, but nothing else (and on the management port only).
                    assertThat(peer.getNamespaceSelector().getMatchLabels())
                            .containsEntry("kubernetes.io/metadata.name", "monitoring");
                    assertThat(peer.getIpBlock()).isNull();
                } else {
                    List<Map<String, String>> allowed = new java.util.ArrayList<>(List.of(gatewayPods));
                    callers.getOrDefault(service, List.of()).forEach(caller -> allowed.add(
                            manifests.deployment(caller).getSpec().getSelector().getMatchLabels()));
                    assertThat(peer.getPodSelector().getMatchLabels()).isIn(allowed);
                    assertThat(peer.getNamespaceSelector()).isNull();
                    assertThat(peer.getIpBlock()).isNull();
                }
            });
        }
    }

    @ParameterizedTest
    @EnumSource(ValueSet.class)
    void onlyTheIngressControllerAndTheAuthServiceReachTheGateway(ValueSet valueSet) {
        NetworkPolicy gateway = HelmChart.render(valueSet).ofService(NetworkPolicy.class, GATEWAY);

        List<NetworkPolicyIngressRule> toTheApi = gateway.getSpec().getIngress().stream()
                .filter(rule -> rule.getPorts().stream().anyMatch(port -> port.getPort().getIntVal() == 8080))
                .toList();
        assertThat(toTheApi).hasSize(2);
        assertThat(toTheApi.get(0)).satisfies(rule -> {
            assertThat(rule.getFrom()).singleElement().satisfies(peer -> assertThat(
                    peer.getNamespaceSelector().getMatchLabels())
                    .containsEntry("kubernetes.io/metadata.name", "ingress-nginx"));
            assertThat(rule.getPorts()).extracting(NetworkPolicyPort::getPort).containsExactly(new IntOrString(8080));
        });
        // The developer settings call the public API (webhook endpoints) from inside the auth service.
        assertThat(toTheApi.get(1)).satisfies(rule -> {
            assertThat(rule.getFrom()).singleElement().satisfies(peer -> assertThat(
                    peer.getPodSelector().getMatchLabels()).containsEntry("app.kubernetes.io/component",
                    "auth-service"));
            assertThat(rule.getPorts()).extracting(NetworkPolicyPort::getPort).containsExactly(new IntOrString(8080));
        });
    }

    @ParameterizedTest
    @EnumSource(ValueSet.class)
    void theMetricsScrapersReachEveryProcessOnItsManagementPortOnly(ValueSet valueSet) {
        Manifests manifests = HelmChart.render(valueSet);

        for (String service : ALL) {
            List<NetworkPolicyIngressRule> rules = manifests.ofService(NetworkPolicy.class, service).getSpec()
                    .getIngress();
            assertThat(rules).as(service).filteredOn(rule -> rule.getFrom().stream().anyMatch(peer ->
                    peer.getNamespaceSelector() != null && "monitoring".equals(peer.getNamespaceSelector()
                            .getMatchLabels().get("kubernetes.io/metadata.name"))))
                    .singleElement().satisfies(rule -> assertThat(rule.getPorts())
                            .extracting(port -> port.getPort().getIntVal()).containsExactly(9090));
            // Nobody else reaches the management port.
            assertThat(rules).as(service).filteredOn(rule -> rule.getPorts().stream()
                    .anyMatch(port -> port.getPort().getIntVal() == 9090)).hasSize(1);
        }
    }

    @Test
    void withTracingEveryProcessReachesTheCollectorAndOnlyThen() {
        Manifests exporting = HelmChart.render(ValueSet.EXISTING_CLUSTERS);
        Manifests quiet = HelmChart.render(ValueSet.DEFAULTS);

        for (String service : ALL) {
            assertThat(exporting.ofService(NetworkPolicy.class, service).getSpec().getEgress()).as(service)
                    .anySatisfy(rule -> {
                        assertThat(rule.getPorts()).extracting(port -> port.getPort().getIntVal())
                                .containsExactly(4318);
                        assertThat(rule.getTo()).singleElement().satisfies(peer -> assertThat(
                                peer.getNamespaceSelector().getMatchLabels())
                                .containsEntry("kubernetes.io/metadata.name", "observability"));
                    });
            assertThat(quiet.ofService(NetworkPolicy.class, service).getSpec().getEgress()).as(service)
                    .noneSatisfy(rule -> assertThat(rule.getPorts()).extracting(port -> port.getPort().getIntVal())
                            .contains(4318));
        }
    }

    @ParameterizedTest
    @EnumSource(ValueSet.class)
    void webhookDeliveriesReachThePublicInternetButNoPrivateRange(ValueSet valueSet) {
        NetworkPolicy dispatcher = HelmChart.render(valueSet).ofService(NetworkPolicy.class, WEBHOOK_DISPATCHER);

        List<NetworkPolicyEgressRule> internet = dispatcher.getSpec().getEgress().stream()
                .filter(rule -> rule.getTo() != null && rule.getTo().stream()
                        .anyMatch(peer -> peer.getIpBlock() != null && isEverything(peer.getIpBlock())))
                .toList();
        assertThat(internet).singleElement().satisfies(rule -> {
            // A webhook URL may name any https port: no port list, so every port (of public addresses only).
            assertThat(rule.getPorts()).isNullOrEmpty();
            assertThat(rule.getTo()).allSatisfy(peer -> assertThat(peer.getIpBlock()).isNotNull());
            IPBlock ipv4 = block(rule, "0.0.0.0/0");
            IPBlock ipv6 = block(rule, "::/0");
            assertThat(ipv4.getExcept()).containsAll(PRIVATE_IPV4);
            assertThat(ipv6.getExcept()).containsAll(PRIVATE_IPV6);
        });
    }

    @ParameterizedTest
    @EnumSource(value = ValueSet.class, names = {"DEFAULTS", "OPERATORS", "MINIMAL"})
    void noOtherServiceReachesTheInternet(ValueSet valueSet) {
        Manifests manifests = HelmChart.render(valueSet);

        for (String service : ALL) {
            if (service.equals(WEBHOOK_DISPATCHER)) {
                continue;
            }
            for (NetworkPolicyEgressRule rule : manifests.ofService(NetworkPolicy.class, service).getSpec()
                    .getEgress()) {
                if (rule.getTo() == null || rule.getTo().isEmpty()) {
                    // Without configured CIDRs a data service (or the auth service's Keycloak) may be anywhere, but
                    // only on its own port.
                    assertThat(rule.getPorts()).as(service).extracting(port -> port.getPort().getIntVal())
                            .isSubsetOf(service.equals("auth-service") ? List.of(5432, 9092, 443) : List.of(5432, 9092));
                } else {
                    assertThat(rule.getTo()).as(service).noneSatisfy(peer -> assertThat(peer.getIpBlock())
                            .isNotNull().matches(NetworkPolicyTest::isEverything));
                }
            }
        }
    }

    @Test
    void theInternetEgressCanBeNarrowedToListedPorts() {
        NetworkPolicy dispatcher = HelmChart.render(List.of(), Map.of("networkPolicy.internetPorts[0]", "443",
                "networkPolicy.internetPorts[1]", "8443")).ofService(NetworkPolicy.class, WEBHOOK_DISPATCHER);

        NetworkPolicyEgressRule internet = internetRule(dispatcher);
        assertThat(internet.getPorts()).extracting(port -> port.getPort().getIntVal())
                .containsExactlyInAnyOrder(443, 8443);
        assertThat(block(internet, "0.0.0.0/0").getExcept()).containsAll(PRIVATE_IPV4);
    }

    @Test
    void theExtraExclusionsAreAddedToTheRightFamily() {
        NetworkPolicy dispatcher = HelmChart.render(ValueSet.EXISTING_CLUSTERS)
                .ofService(NetworkPolicy.class, WEBHOOK_DISPATCHER);

        NetworkPolicyEgressRule internet = internetRule(dispatcher);
        assertThat(block(internet, "0.0.0.0/0").getExcept()).contains("203.0.113.0/24");
        assertThat(block(internet, "::/0").getExcept()).doesNotContain("203.0.113.0/24");
    }

    @ParameterizedTest
    @EnumSource(ValueSet.class)
    void theGatewayReachesEveryServiceAndTheServicesTheirDatabaseAndKafka(ValueSet valueSet) {
        Manifests manifests = HelmChart.render(valueSet);

        List<NetworkPolicyEgressRule> gatewayEgress = manifests.ofService(NetworkPolicy.class, GATEWAY).getSpec()
                .getEgress();
        for (String service : BACKENDS) {
            Map<String, String> pods = manifests.deployment(service).getSpec().getSelector().getMatchLabels();
            assertThat(gatewayEgress).as(service)
                    .anySatisfy(rule -> assertThat(podsOf(rule)).contains(pods));
            List<Integer> ports = manifests.ofService(NetworkPolicy.class, service).getSpec().getEgress().stream()
                    .flatMap(rule -> rule.getPorts().stream()).map(port -> port.getPort().getIntVal())
                    .filter(Objects::nonNull).toList();
            assertThat(ports).as(service).contains(53, databasePort(valueSet), kafkaPort(valueSet));
        }
    }

    @Test
    void operatorCreatedClustersAdmitOnlyTheServices() {
        Manifests manifests = HelmChart.render(ValueSet.OPERATORS);

        NetworkPolicy postgres = manifests.get(NetworkPolicy.class, Manifests.FULLNAME + "-postgresql");
        assertThat(postgres.getSpec().getIngress().get(0).getFrom())
                .extracting(peer -> peer.getPodSelector().getMatchLabels().get("app.kubernetes.io/component"))
                .filteredOn(Objects::nonNull)
                .containsExactlyInAnyOrderElementsOf(BACKENDS);
        Kafka kafka = manifests.all(Kafka.class).get(0);
        assertThat(kafka.getSpec().getKafka().getListeners()).singleElement()
                .satisfies(listener -> assertThat(listener.getNetworkPolicyPeers())
                        .extracting(peer -> peer.getPodSelector().getMatchLabels().get("app.kubernetes.io/component"))
                        .containsExactlyInAnyOrderElementsOf(BACKENDS));
    }

    @Test
    void aServiceCanAdmitAnotherServiceByName() {
        Manifests manifests = HelmChart.render(List.of(),
                Map.of("services.catalogue-service.allowFrom[0]", "commerce-service"));
        Map<String, String> commercePods = manifests.deployment("commerce-service").getSpec().getSelector()
                .getMatchLabels();
        Map<String, String> cataloguePods = manifests.deployment("catalogue-service").getSpec().getSelector()
                .getMatchLabels();

        assertThat(manifests.ofService(NetworkPolicy.class, "catalogue-service").getSpec().getIngress().get(0)
                .getFrom()).extracting(NetworkPolicyTest::podsOf).contains(commercePods);
        assertThat(manifests.ofService(NetworkPolicy.class, "commerce-service").getSpec().getEgress())
                .anySatisfy(rule -> assertThat(podsOf(rule)).contains(cataloguePods));
    }

    @Test
    void byDefaultCommerceReachesTheCatalogueForPricesAndBillingForPaymentsAndNothingElse() {
        Manifests manifests = HelmChart.render(List.of(), Map.of());
        Map<String, String> commercePods = manifests.deployment("commerce-service").getSpec().getSelector()
                .getMatchLabels();
        for (String callee : List.of("catalogue-service", "billing-service")) {
            Map<String, String> calleePods = manifests.deployment(callee).getSpec().getSelector().getMatchLabels();
            assertThat(manifests.ofService(NetworkPolicy.class, callee).getSpec().getIngress().get(0).getFrom())
                    .extracting(NetworkPolicyTest::podsOf).contains(commercePods);
            assertThat(manifests.ofService(NetworkPolicy.class, "commerce-service").getSpec().getEgress())
                    .anySatisfy(rule -> assertThat(podsOf(rule)).contains(calleePods));
        }
        for (String other : List.of("crm-service", "compliance-service", "auth-service", "webhook-dispatcher")) {
            assertThat(manifests.ofService(NetworkPolicy.class, other).getSpec().getIngress().get(0).getFrom())
                    .extracting(NetworkPolicyTest::podsOf).doesNotContain(commercePods);
        }
    }

    @Test
    void policiesCanBeLeftToTheClusterOperator() {
        Manifests manifests = HelmChart.render(List.of(), Map.of("networkPolicy.enabled", "false"));

        assertThat(manifests.all(NetworkPolicy.class)).isEmpty();
    }

    /** The pod labels a peer selects (empty for a namespace or address peer). */
    private static Map<String, String> podsOf(NetworkPolicyPeer peer) {
        return peer.getPodSelector() == null ? Map.of() : peer.getPodSelector().getMatchLabels();
    }

    /** The pod labels each peer of an egress rule selects. */
    private static List<Map<String, String>> podsOf(NetworkPolicyEgressRule rule) {
        return rule.getTo() == null ? List.of() : rule.getTo().stream().map(NetworkPolicyTest::podsOf).toList();
    }

    /** The egress rule to every address (with the private ranges excepted). */
    private static NetworkPolicyEgressRule internetRule(NetworkPolicy policy) {
        return policy.getSpec().getEgress().stream()
                .filter(rule -> rule.getTo() != null && rule.getTo().stream()
                        .anyMatch(peer -> peer.getIpBlock() != null && isEverything(peer.getIpBlock())))
                .findFirst().orElseThrow();
    }

    private static boolean isEverything(IPBlock block) {
        return block.getCidr().equals("0.0.0.0/0") || block.getCidr().equals("::/0");
    }

    private static IPBlock block(NetworkPolicyEgressRule rule, String cidr) {
        return rule.getTo().stream().map(NetworkPolicyPeer::getIpBlock).filter(Objects::nonNull)
                .filter(block -> block.getCidr().equals(cidr)).findFirst().orElseThrow();
    }

    private static int databasePort(ValueSet valueSet) {
        return valueSet == ValueSet.EXISTING_CLUSTERS ? 5433 : 5432;
    }

    private static int kafkaPort(ValueSet valueSet) {
        return switch (valueSet) {
            case EXISTING_CLUSTERS -> 9096;
            case OPERATORS -> 9093;
            default -> 9092;
        };
    }
}
