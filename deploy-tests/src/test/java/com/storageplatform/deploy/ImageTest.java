package com.storageplatform.deploy;

import static com.storageplatform.deploy.support.PlatformServices.ALL;
import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.deploy.support.HelmChart;
import com.storageplatform.deploy.support.Manifests;
import com.storageplatform.deploy.support.RepositoryPaths;
import com.storageplatform.deploy.support.ValueSet;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Every image tag comes from the one value image.tag; registry and repository prefix from values too. */
class ImageTest {

    @ParameterizedTest
    @EnumSource(ValueSet.class)
    void everyImageTagComesFromImageTag(ValueSet valueSet) {
        Manifests manifests = HelmChart.render(valueSet.file().stream().toList(), Map.of("image.tag", "test-123"));

        assertThat(containersOf(manifests)).hasSize(ALL.size())
                .allSatisfy(container -> assertThat(container.getImage()).endsWith(":test-123"));
    }

    @Test
    void theTagDefaultsToTheChartsAppVersion() throws IOException {
        Matcher appVersion = Pattern.compile("(?m)^appVersion: \"?([^\"\\s]+)\"?$")
                .matcher(Files.readString(RepositoryPaths.chart().resolve("Chart.yaml")));
        assertThat(appVersion.find()).isTrue();

        for (String service : ALL) {
            assertThat(HelmChart.render(ValueSet.DEFAULTS).container(service).getImage())
                    .isEqualTo("ghcr.io/storageplatform/" + service + ":" + appVersion.group(1));
        }
    }

    @Test
    void registryAndRepositoryPrefixComeFromValues() {
        Manifests manifests = HelmChart.render(ValueSet.EXISTING_CLUSTERS);

        for (String service : ALL) {
            assertThat(manifests.container(service).getImage())
                    .startsWith("registry.example.com/platform/storage/" + service + ":");
        }
    }

    @Test
    void withoutARegistryTheRuntimesDefaultRegistryIsUsed() {
        Manifests manifests = HelmChart.render(List.of(), Map.of("image.registry", "", "image.tag", "1.2.3"));

        assertThat(manifests.container("gateway").getImage()).isEqualTo("storageplatform/gateway:1.2.3");
    }

    private static List<Container> containersOf(Manifests manifests) {
        return manifests.all(Deployment.class).stream()
                .flatMap(deployment -> deployment.getSpec().getTemplate().getSpec().getContainers().stream())
                .toList();
    }
}
