package com.storageplatform.deploy;

import static com.storageplatform.deploy.support.PlatformServices.ALL;
import static com.storageplatform.deploy.support.PlatformServices.GATEWAY;
import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.deploy.support.HelmChart;
import com.storageplatform.deploy.support.Manifests;
import com.storageplatform.deploy.support.ValueSet;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Probe;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.SecurityContext;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServiceAccount;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.autoscaling.v2.HorizontalPodAutoscaler;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Every service runs as a well-behaved Kubernetes workload, whichever value set installs it. */
class WorkloadTest {

    private static final Pattern MAX_RAM_PERCENTAGE = Pattern.compile("-XX:MaxRAMPercentage=([0-9.]+)");

    @ParameterizedTest
    @EnumSource(ValueSet.class)
    void everyServiceHasADeploymentServiceServiceAccountAndConfigMap(ValueSet valueSet) {
        Manifests manifests = HelmChart.render(valueSet);

        assertThat(manifests.all(Deployment.class)).hasSize(ALL.size());
        for (String service : ALL) {
            Deployment deployment = manifests.deployment(service);
            PodSpec pod = deployment.getSpec().getTemplate().getSpec();
            assertThat(pod.getServiceAccountName()).isEqualTo(Manifests.nameOf(service));
            assertThat(pod.getAutomountServiceAccountToken()).isFalse();
            assertThat(manifests.ofService(ServiceAccount.class, service)).isNotNull();
            assertThat(manifests.ofService(ConfigMap.class, service)).isNotNull();
            Map<String, String> selector = deployment.getSpec().getSelector().getMatchLabels();
            assertThat(deployment.getSpec().getTemplate().getMetadata().getLabels()).containsAllEntriesOf(selector);
            assertThat(manifests.ofService(Service.class, service).getSpec().getSelector()).isEqualTo(selector);
        }
    }

    @ParameterizedTest
    @EnumSource(ValueSet.class)
    void everyContainerHasStartupLivenessAndReadinessProbes(ValueSet valueSet) {
        Manifests manifests = HelmChart.render(valueSet);

        for (String service : ALL) {
            Container container = manifests.container(service);
            assertThat(pathOf(container.getLivenessProbe())).as(service).isEqualTo("/health");
            assertThat(pathOf(container.getStartupProbe())).as(service).isEqualTo("/health");
            // The gateway has no /internal/ready; its /v1/ready aggregates the services and is rate limited.
            assertThat(pathOf(container.getReadinessProbe())).as(service)
                    .isEqualTo(service.equals(GATEWAY) ? "/health" : "/internal/ready");
        }
    }

    @ParameterizedTest
    @EnumSource(ValueSet.class)
    void everyContainerHasResourceRequestsAndLimits(ValueSet valueSet) {
        Manifests manifests = HelmChart.render(valueSet);

        for (String service : ALL) {
            var resources = manifests.container(service).getResources();
            assertThat(resources.getRequests()).as(service).containsKeys("cpu", "memory");
            assertThat(resources.getLimits()).as(service).containsKeys("cpu", "memory");
        }
    }

    @ParameterizedTest
    @EnumSource(ValueSet.class)
    void everyPodRunsAsNonRootOnAReadOnlyRootFilesystem(ValueSet valueSet) {
        Manifests manifests = HelmChart.render(valueSet);

        for (String service : ALL) {
            PodSpec pod = manifests.deployment(service).getSpec().getTemplate().getSpec();
            assertThat(pod.getSecurityContext().getRunAsNonRoot()).as(service).isTrue();
            assertThat(pod.getSecurityContext().getRunAsUser()).as(service).isEqualTo(10001L);
            assertThat(pod.getSecurityContext().getSeccompProfile().getType()).isEqualTo("RuntimeDefault");
            for (Container container : pod.getContainers()) {
                SecurityContext security = container.getSecurityContext();
                assertThat(security.getRunAsNonRoot()).as(service).isTrue();
                assertThat(security.getRunAsUser()).as(service).isEqualTo(10001L);
                assertThat(security.getAllowPrivilegeEscalation()).as(service).isFalse();
                assertThat(security.getReadOnlyRootFilesystem()).as(service).isTrue();
                assertThat(security.getCapabilities().getDrop()).as(service).containsExactly("ALL");
                assertThat(security.getCapabilities().getAdd()).as(service).isNullOrEmpty();
                assertThat(security.getSeccompProfile().getType()).as(service).isEqualTo("RuntimeDefault");
                assertThat(container.getVolumeMounts()).as(service)
                        .anySatisfy(mount -> assertThat(mount.getMountPath()).isEqualTo("/tmp"));
            }
            assertThat(pod.getVolumes()).as(service)
                    .anySatisfy(volume -> assertThat(volume.getEmptyDir()).isNotNull());
        }
    }

    @ParameterizedTest
    @EnumSource(value = ValueSet.class, names = {"DEFAULTS", "EXISTING_CLUSTERS", "OPERATORS"})
    void everyServiceHasAnAutoscalerAndADisruptionBudget(ValueSet valueSet) {
        Manifests manifests = HelmChart.render(valueSet);

        assertThat(manifests.all(HorizontalPodAutoscaler.class)).hasSize(ALL.size());
        assertThat(manifests.all(PodDisruptionBudget.class)).hasSize(ALL.size());
        for (String service : ALL) {
            HorizontalPodAutoscaler autoscaler = manifests.ofService(HorizontalPodAutoscaler.class, service);
            assertThat(autoscaler.getSpec().getScaleTargetRef().getName()).isEqualTo(Manifests.nameOf(service));
            assertThat(autoscaler.getSpec().getScaleTargetRef().getKind()).isEqualTo("Deployment");
            assertThat(autoscaler.getSpec().getMinReplicas()).isGreaterThanOrEqualTo(2);
            assertThat(autoscaler.getSpec().getMetrics()).singleElement()
                    .satisfies(metric -> assertThat(metric.getResource().getName()).isEqualTo("cpu"));
            // The autoscaler owns the replica count: an upgrade must not reset it.
            assertThat(manifests.deployment(service).getSpec().getReplicas()).isNull();
            PodDisruptionBudget budget = manifests.ofService(PodDisruptionBudget.class, service);
            assertThat(budget.getSpec().getSelector().getMatchLabels())
                    .isEqualTo(manifests.deployment(service).getSpec().getSelector().getMatchLabels());
        }
    }

    @ParameterizedTest
    @EnumSource(value = ValueSet.class, names = "MINIMAL")
    void aSingleReplicaInstallHasNoAutoscalerAndStaysDrainable(ValueSet valueSet) {
        Manifests manifests = HelmChart.render(valueSet);

        assertThat(manifests.all(HorizontalPodAutoscaler.class)).isEmpty();
        for (String service : ALL) {
            assertThat(manifests.deployment(service).getSpec().getReplicas()).isEqualTo(1);
            // maxUnavailable, not minAvailable 1, which would block every node drain.
            var budget = manifests.ofService(PodDisruptionBudget.class, service).getSpec();
            assertThat(budget.getMinAvailable()).isNull();
            assertThat(budget.getMaxUnavailable().getIntVal()).isEqualTo(1);
        }
    }

    @ParameterizedTest
    @EnumSource(ValueSet.class)
    void podsShutDownGracefully(ValueSet valueSet) {
        Manifests manifests = HelmChart.render(valueSet);

        for (String service : ALL) {
            PodSpec pod = manifests.deployment(service).getSpec().getTemplate().getSpec();
            Container container = pod.getContainers().get(0);
            Map<String, String> config = manifests.config(service);
            assertThat(config).containsEntry("SERVER_SHUTDOWN", "graceful");
            long preStopSeconds = Long.parseLong(container.getLifecycle().getPreStop().getExec().getCommand().get(1));
            assertThat(container.getLifecycle().getPreStop().getExec().getCommand().get(0)).isEqualTo("sleep");
            Duration phase = Duration.parse("PT" + config.get("SPRING_LIFECYCLE_TIMEOUT_PER_SHUTDOWN_PHASE")
                    .toUpperCase());
            assertThat(pod.getTerminationGracePeriodSeconds()).as(service)
                    .isGreaterThan(preStopSeconds + phase.toSeconds());
        }
    }

    @ParameterizedTest
    @EnumSource(ValueSet.class)
    void theHeapFollowsTheContainerLimitAndLogsAreStructured(ValueSet valueSet) {
        Manifests manifests = HelmChart.render(valueSet);

        for (String service : ALL) {
            assertThat(manifests.config(service))
                    .hasEntrySatisfying("JAVA_OPTS", options -> assertThat(options)
                            .contains("-XX:MaxRAMPercentage=65"))
                    .containsEntry("LOGGING_STRUCTURED_FORMAT_CONSOLE", "ecs");
        }
    }

    @ParameterizedTest
    @EnumSource(ValueSet.class)
    void theHeapLeavesTheJvmRoomBesideIt(ValueSet valueSet) {
        Manifests manifests = HelmChart.render(valueSet);

        for (String service : ALL) {
            BigDecimal limit = Quantity.getAmountInBytes(manifests.container(service).getResources().getLimits()
                    .get("memory"));
            // The last -XX:MaxRAMPercentage wins, so jvmOptions may override the chart's.
            Matcher percentage = MAX_RAM_PERCENTAGE.matcher(manifests.config(service).get("JAVA_OPTS"));
            String last = null;
            while (percentage.find()) {
                last = percentage.group(1);
            }
            assertThat(last).as(service).isNotNull();
            BigDecimal heap = limit.multiply(new BigDecimal(last)).divide(BigDecimal.valueOf(100));
            // Metaspace, code cache, thread stacks, Netty's direct buffers and the Kafka clients.
            assertThat(limit.subtract(heap)).as("%s: memory beside a heap of %s%% of %s", service, last, limit)
                    .isGreaterThanOrEqualTo(BigDecimal.valueOf(250L * 1024 * 1024));
        }
    }

    @ParameterizedTest
    @EnumSource(value = ValueSet.class, names = {"DEFAULTS", "EXISTING_CLUSTERS", "OPERATORS"})
    void podsSpreadAcrossZonesAndNodes(ValueSet valueSet) {
        Manifests manifests = HelmChart.render(valueSet);

        for (String service : ALL) {
            PodSpec pod = manifests.deployment(service).getSpec().getTemplate().getSpec();
            var selector = manifests.deployment(service).getSpec().getSelector().getMatchLabels();
            assertThat(pod.getTopologySpreadConstraints()).singleElement().satisfies(spread -> {
                assertThat(spread.getTopologyKey()).isEqualTo("topology.kubernetes.io/zone");
                assertThat(spread.getLabelSelector().getMatchLabels()).isEqualTo(selector);
            });
            assertThat(pod.getAffinity().getPodAntiAffinity().getPreferredDuringSchedulingIgnoredDuringExecution())
                    .singleElement().satisfies(term -> {
                        assertThat(term.getPodAffinityTerm().getTopologyKey()).isEqualTo("kubernetes.io/hostname");
                        assertThat(term.getPodAffinityTerm().getLabelSelector().getMatchLabels()).isEqualTo(selector);
                    });
        }
    }

    private static String pathOf(Probe probe) {
        assertThat(probe).isNotNull();
        assertThat(probe.getHttpGet().getPort().getStrVal()).isEqualTo("http");
        return probe.getHttpGet().getPath();
    }
}
