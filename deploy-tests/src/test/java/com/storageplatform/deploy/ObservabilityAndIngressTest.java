package com.storageplatform.deploy;

import static com.storageplatform.deploy.support.PlatformServices.ALL;
import static com.storageplatform.deploy.support.PlatformServices.GATEWAY;
import static com.storageplatform.deploy.support.PlatformServices.WEBHOOK_DISPATCHER;
import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.deploy.support.HelmChart;
import com.storageplatform.deploy.support.Manifests;
import com.storageplatform.deploy.support.ValueSet;
import io.fabric8.kubernetes.api.model.networking.v1.Ingress;
import io.fabric8.openshift.api.model.monitoring.v1.ServiceMonitor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Prometheus finds the dispatcher's metrics, and the Ingress leads to the gateway only. */
class ObservabilityAndIngressTest {

    @Test
    void theDispatchersMetricsAreAnnouncedByPodAnnotations() {
        Manifests manifests = HelmChart.render(ValueSet.DEFAULTS);

        assertThat(manifests.deployment(WEBHOOK_DISPATCHER).getSpec().getTemplate().getMetadata().getAnnotations())
                .containsEntry("prometheus.io/scrape", "true")
                .containsEntry("prometheus.io/path", "/internal/prometheus")
                .containsEntry("prometheus.io/port", "8080");
        assertThat(ALL).filteredOn(service -> !service.equals(WEBHOOK_DISPATCHER))
                .allSatisfy(service -> assertThat(manifests.deployment(service).getSpec().getTemplate()
                        .getMetadata().getAnnotations()).doesNotContainKey("prometheus.io/scrape"));
        assertThat(manifests.all(ServiceMonitor.class)).isEmpty();
    }

    @Test
    void aServiceMonitorScrapesTheDispatcherWhenEnabled() {
        Manifests manifests = HelmChart.render(ValueSet.EXISTING_CLUSTERS);

        assertThat(manifests.all(ServiceMonitor.class)).singleElement().satisfies(monitor -> {
            assertThat(monitor.getMetadata().getLabels()).containsEntry("release", "prometheus");
            assertThat(monitor.getSpec().getSelector().getMatchLabels())
                    .isEqualTo(manifests.deployment(WEBHOOK_DISPATCHER).getSpec().getSelector().getMatchLabels());
            assertThat(monitor.getSpec().getEndpoints()).singleElement().satisfies(endpoint -> {
                assertThat(endpoint.getPort()).isEqualTo("http");
                assertThat(endpoint.getPath()).isEqualTo("/internal/prometheus");
            });
        });
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
    }
}
