package com.storageplatform.deploy;

import static com.storageplatform.deploy.support.PlatformServices.ALL;
import static com.storageplatform.deploy.support.PlatformServices.GATEWAY;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import com.storageplatform.deploy.support.HelmChart;
import com.storageplatform.deploy.support.Manifests;
import com.storageplatform.deploy.support.ValueSet;
import io.fabric8.kubernetes.api.model.ContainerPort;
import io.fabric8.kubernetes.api.model.networking.v1.Ingress;
import io.fabric8.openshift.api.model.monitoring.v1.ServiceMonitor;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Prometheus finds every process's metrics on its management port, which nothing outside the cluster reaches;
 * traces go to the collector only when switched on; the Ingress leads to the gateway only.
 */
class ObservabilityAndIngressTest {

    @Test
    void everyProcesssMetricsAreAnnouncedByPodAnnotationsOnItsManagementPort() {
        Manifests manifests = HelmChart.render(ValueSet.DEFAULTS);

        assertThat(ALL).allSatisfy(service -> {
            assertThat(manifests.deployment(service).getSpec().getTemplate().getMetadata().getAnnotations())
                    .as(service)
                    .containsEntry("prometheus.io/scrape", "true")
                    .containsEntry("prometheus.io/path", "/internal/prometheus")
                    .containsEntry("prometheus.io/port", "9090");
            assertThat(manifests.container(service).getPorts())
                    .extracting(ContainerPort::getName, ContainerPort::getContainerPort)
                    .containsExactly(tuple("http", 8080), tuple("management", 9090));
            assertThat(manifests.config(service)).containsEntry("MANAGEMENT_SERVER_PORT", "9090");
        });
        assertThat(manifests.all(ServiceMonitor.class)).isEmpty();
    }

    @Test
    void aServiceMonitorScrapesEveryProcessOnItsManagementPortWhenEnabled() {
        Manifests manifests = HelmChart.render(ValueSet.EXISTING_CLUSTERS);

        assertThat(manifests.all(ServiceMonitor.class)).hasSize(ALL.size()).allSatisfy(monitor -> {
            assertThat(monitor.getMetadata().getLabels()).containsEntry("release", "prometheus");
            assertThat(monitor.getSpec().getEndpoints()).singleElement().satisfies(endpoint -> {
                assertThat(endpoint.getPort()).isEqualTo("management");
                assertThat(endpoint.getPath()).isEqualTo("/internal/prometheus");
                assertThat(endpoint.getInterval()).isEqualTo("30s");
            });
        });
        for (String service : ALL) {
            ServiceMonitor monitor = manifests.ofService(ServiceMonitor.class, service);
            assertThat(monitor.getSpec().getSelector().getMatchLabels())
                    .isEqualTo(manifests.deployment(service).getSpec().getSelector().getMatchLabels());
            // The port the monitor names is one the Service has.
            assertThat(manifests.ofService(io.fabric8.kubernetes.api.model.Service.class, service).getSpec()
                    .getPorts()).anySatisfy(port -> {
                        assertThat(port.getName()).isEqualTo("management");
                        assertThat(port.getPort()).isEqualTo(9090);
                        assertThat(port.getTargetPort().getStrVal()).isEqualTo("management");
                    });
        }
    }

    @Test
    void theIngressNeverLeadsToAManagementPort() {
        Ingress ingress = HelmChart.render(ValueSet.EXISTING_CLUSTERS).ofService(Ingress.class, GATEWAY);

        assertThat(ingress.getSpec().getRules()).flatExtracting(rule -> rule.getHttp().getPaths())
                .allSatisfy(path -> assertThat(path.getBackend().getService().getPort().getName()).isEqualTo("http"));
    }

    @Test
    void tracesStayInTheProcessUntilSwitchedOnAndThenGoToTheCollector() {
        Manifests defaults = HelmChart.render(ValueSet.DEFAULTS);
        Manifests exporting = HelmChart.render(ValueSet.EXISTING_CLUSTERS);

        assertThat(ALL).allSatisfy(service -> {
            assertThat(defaults.config(service)).as(service)
                    .containsEntry("MANAGEMENT_TRACING_SAMPLING_PROBABILITY", "0.1")
                    .doesNotContainKeys("MANAGEMENT_TRACING_EXPORT_OTLP_ENABLED",
                            "MANAGEMENT_OPENTELEMETRY_TRACING_EXPORT_OTLP_ENDPOINT");
            assertThat(exporting.config(service)).as(service)
                    .containsEntry("MANAGEMENT_TRACING_SAMPLING_PROBABILITY", "0.25")
                    .containsEntry("MANAGEMENT_TRACING_EXPORT_OTLP_ENABLED", "true")
                    .containsEntry("MANAGEMENT_OPENTELEMETRY_TRACING_EXPORT_OTLP_ENDPOINT",
                            "http://otel-collector.observability.svc:4318/v1/traces");
        });
    }

    @Test
    void tracingNeedsACollectorToSendTo() {
        assertThatThrownBy(() -> HelmChart.render(List.of(), Map.of("tracing.enabled", "true")))
                .hasMessageContaining("otlpEndpoint");
        assertThatThrownBy(() -> HelmChart.render(List.of(), Map.of("tracing.samplingProbability", "2")))
                .hasMessageContaining("samplingProbability");
    }

    @ParameterizedTest
    @EnumSource(value = ValueSet.class, names = {"EXISTING_CLUSTERS", "OPERATORS"})
    void withAServiceMonitorNoPodCarriesScrapeAnnotations(ValueSet valueSet) {
        Manifests manifests = HelmChart.render(valueSet);

        // Both would make an annotation-based scrape job and the ServiceMonitor scrape the same pods twice.
        assertThat(manifests.all(ServiceMonitor.class)).isNotEmpty();
        assertThat(ALL).allSatisfy(service -> assertThat(manifests.deployment(service).getSpec().getTemplate()
                .getMetadata().getAnnotations()).as(service).doesNotContainKeys("prometheus.io/scrape",
                        "prometheus.io/path", "prometheus.io/port"));
    }

    @Test
    void theIngressTakesItsClassAndTlsFromValuesAndLeadsToTheGateway() {
        Ingress ingress = HelmChart.render(ValueSet.EXISTING_CLUSTERS).ofService(Ingress.class, GATEWAY);

        assertThat(ingress.getSpec().getIngressClassName()).isEqualTo("nginx");
        assertThat(ingress.getMetadata().getAnnotations())
                .containsEntry("cert-manager.io/cluster-issuer", "letsencrypt");
        assertThat(ingress.getSpec().getTls()).singleElement().satisfies(tls -> {
            assertThat(tls.getSecretName()).isEqualTo("api-storage-tls");
            assertThat(tls.getHosts()).containsExactly("api.storage.example.com");
        });
        assertThat(ingress.getSpec().getRules()).singleElement().satisfies(rule -> {
            assertThat(rule.getHost()).isEqualTo("api.storage.example.com");
            assertThat(rule.getHttp().getPaths()).singleElement().satisfies(path -> {
                assertThat(path.getBackend().getService().getName()).isEqualTo(Manifests.nameOf(GATEWAY));
                assertThat(path.getBackend().getService().getPort().getName()).isEqualTo("http");
            });
        });
    }

    @Test
    void withoutTlsTheIngressServesPlainHttpOnItsClass() {
        Ingress ingress = HelmChart.render(ValueSet.MINIMAL).ofService(Ingress.class, GATEWAY);

        assertThat(ingress.getSpec().getIngressClassName()).isEqualTo("traefik");
        assertThat(ingress.getSpec().getTls()).isNullOrEmpty();
        assertThat(ingress.getMetadata().getAnnotations() == null ? Map.of() : ingress.getMetadata().getAnnotations())
                .doesNotContainKey("nginx.ingress.kubernetes.io/proxy-body-size");
    }

    @Test
    void anNginxIngressPassesAnImportsFileOf50MiBUnlessTheOperatorSaysOtherwise() {
        String bodySize = "nginx.ingress.kubernetes.io/proxy-body-size";
        assertThat(HelmChart.render(ValueSet.EXISTING_CLUSTERS).ofService(Ingress.class, GATEWAY).getMetadata()
                .getAnnotations()).containsEntry(bodySize, "50m")
                .containsEntry("cert-manager.io/cluster-issuer", "letsencrypt");
        assertThat(HelmChart.render(List.of(), Map.of("ingress.maxBodySize", "80m")).ofService(Ingress.class, GATEWAY)
                .getMetadata().getAnnotations()).containsEntry(bodySize, "80m");
        assertThat(HelmChart.render(List.of(), Map.of("ingress.annotations." + bodySize.replace(".", "\\."), "10m"))
                .ofService(Ingress.class, GATEWAY).getMetadata().getAnnotations()).containsEntry(bodySize, "10m");
        assertThatThrownBy(() -> HelmChart.render(List.of(), Map.of("ingress.maxBodySize", "lots")))
                .hasMessageContaining("maxBodySize");
    }
}
