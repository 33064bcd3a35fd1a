package com.storageplatform.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.marcnuri.helm.LintResult;
import com.storageplatform.deploy.support.HelmChart;
import com.storageplatform.deploy.support.ValueSet;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** {@code helm lint --strict}: warnings fail too. */
class ChartLintTest {

    @Test
    void theChartLintsStrictlyWithItsDefaults() {
        LintResult result = HelmChart.lintStrict();

        assertThat(result.isFailed()).as("lint messages: %s", result.getMessages()).isFalse();
    }

    @ParameterizedTest
    @EnumSource(ValueSet.class)
    void theChartLintsStrictlyWithEveryValueSet(ValueSet valueSet) {
        LintResult result = HelmChart.lintStrict(valueSet.file());

        assertThat(result.isFailed()).as("lint messages: %s", result.getMessages()).isFalse();
    }

    @Test
    void lintFailsOnAValuesFileWithATypo() throws URISyntaxException {
        Path typo = Path.of(getClass().getResource("/invalid-values/typo-in-service-settings.yaml").toURI());

        LintResult result = HelmChart.lintStrict(Optional.of(typo));

        assertThat(result.isFailed()).isTrue();
        assertThat(String.join("\n", result.getMessages())).contains("resorces");
    }
}
