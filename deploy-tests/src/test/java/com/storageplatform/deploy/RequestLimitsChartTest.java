package com.storageplatform.deploy;

import static com.storageplatform.deploy.support.PlatformServices.BACKENDS;
import static com.storageplatform.deploy.support.PlatformServices.GATEWAY;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.storageplatform.deploy.support.HelmChart;
import com.storageplatform.deploy.support.Manifests;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * What one client may send the gateway (docs/configuration.md, "Request limits"): the body sizes, header and
 * request-line sizes, the timeouts that cut off slow clients and the connection cap, rendered from
 * {@code gateway.limits.*} into the gateway's environment only.
 */
class RequestLimitsChartTest {

    private static final Map<String, String> DEFAULTS = Map.of(
            "PLATFORM_LIMITS_MAX_BODY_SIZE", "1MB",
            "PLATFORM_LIMITS_MAX_IMPORT_SIZE", "50MB",
            "PLATFORM_LIMITS_READ_TIMEOUT", "10s",
            "PLATFORM_LIMITS_REQUEST_TIMEOUT", "30s",
            "PLATFORM_LIMITS_MAX_CONNECTIONS", "10000",
            "SERVER_MAX_HTTP_REQUEST_HEADER_SIZE", "16KB",
            "SERVER_NETTY_MAX_INITIAL_LINE_LENGTH", "8KB",
            "SERVER_NETTY_IDLE_TIMEOUT", "75s",
            "SERVER_NETTY_MAX_KEEP_ALIVE_REQUESTS", "1000");

    @Test
    void byDefaultTheGatewayTakesAOneMebibyteBodyAndAFiftyMebibyteImport() {
        Manifests manifests = HelmChart.render(List.of(), Map.of());

        assertThat(manifests.config(GATEWAY)).containsAllEntriesOf(DEFAULTS);
        for (String service : BACKENDS) {
            assertThat(manifests.config(service)).as(service).doesNotContainKeys(DEFAULTS.keySet().toArray(String[]::new));
        }
    }

    @Test
    void theValuesChangeWhatIsRendered() {
        Manifests manifests = HelmChart.render(List.of(), Map.of("ingress.maxBodySize", "100m",
                "gateway.limits.maxBodySize", "2MB",
                "gateway.limits.maxImportSize", "100MB", "gateway.limits.readTimeout", "5s",
                "gateway.limits.requestTimeout", "1m", "gateway.limits.maxConnections", "2000",
                "gateway.limits.maxHeaderSize", "32KB", "gateway.limits.maxInitialLineLength", "4KB",
                "gateway.limits.idleTimeout", "2m", "gateway.limits.maxKeepAliveRequests", "50"));

        assertThat(manifests.config(GATEWAY)).containsAllEntriesOf(Map.of(
                "PLATFORM_LIMITS_MAX_BODY_SIZE", "2MB",
                "PLATFORM_LIMITS_MAX_IMPORT_SIZE", "100MB",
                "PLATFORM_LIMITS_READ_TIMEOUT", "5s",
                "PLATFORM_LIMITS_REQUEST_TIMEOUT", "1m",
                "PLATFORM_LIMITS_MAX_CONNECTIONS", "2000",
                "SERVER_MAX_HTTP_REQUEST_HEADER_SIZE", "32KB",
                "SERVER_NETTY_MAX_INITIAL_LINE_LENGTH", "4KB",
                "SERVER_NETTY_IDLE_TIMEOUT", "2m",
                "SERVER_NETTY_MAX_KEEP_ALIVE_REQUESTS", "50"));
    }

    @Test
    void theIngressMayNotRefuseAnImportTheGatewayTakes(@TempDir Path dir) throws IOException {
        // nginx would answer with its own 413 page, outside the error envelope.
        assertThatThrownBy(() -> HelmChart.template(List.of(), Map.of("ingress.maxBodySize", "20m")))
                .hasMessageContaining("ingress.maxBodySize (20m) is below gateway.limits.maxImportSize (50MB)");
        assertThatThrownBy(() -> HelmChart.template(List.of(), Map.of("gateway.limits.maxImportSize", "51MB")))
                .hasMessageContaining("is below gateway.limits.maxImportSize (51MB)");
        // The same size in another form, a larger one, and nginx's "0" (no limit) are fine.
        for (String bodySize : List.of("50m", "51200k", "1g", "0")) {
            Path values = Files.writeString(dir.resolve("ingress-" + bodySize + ".yaml"),
                    "ingress:\n  maxBodySize: \"" + bodySize + "\"\n");
            assertThat(HelmChart.render(List.of(values), Map.of()).config(GATEWAY))
                    .as(bodySize).containsEntry("PLATFORM_LIMITS_MAX_IMPORT_SIZE", "50MB");
        }
        assertThat(HelmChart.render(List.of(), Map.of("ingress.maxBodySize", "100m", "gateway.limits.maxImportSize",
                "100MB")).config(GATEWAY)).containsEntry("PLATFORM_LIMITS_MAX_IMPORT_SIZE", "100MB");
    }

    @ParameterizedTest(name = "{0}={1}")
    @CsvSource(delimiter = '|', textBlock = """
            gateway.limits.maxBodySize          | 1m        | /gateway/limits/maxBodySize
            gateway.limits.maxImportSize        | lots      | /gateway/limits/maxImportSize
            gateway.limits.maxHeaderSize        | 16 KB     | /gateway/limits/maxHeaderSize
            gateway.limits.maxInitialLineLength | 8kb       | /gateway/limits/maxInitialLineLength
            gateway.limits.idleTimeout          | 75        | /gateway/limits/idleTimeout
            gateway.limits.readTimeout          | soon      | /gateway/limits/readTimeout
            gateway.limits.requestTimeout       | 30 s      | /gateway/limits/requestTimeout
            gateway.limits.maxConnections       | 0         | /gateway/limits/maxConnections
            gateway.limits.maxKeepAliveRequests | 0         | /gateway/limits/maxKeepAliveRequests
            """)
    void theSchemaRefusesMalformedLimits(String key, String value, String expectedError) {
        assertThatThrownBy(() -> HelmChart.template(List.of(), Map.of(key, value)))
                .hasMessageContaining("values don't meet the specifications of the schema")
                .hasMessageContaining(expectedError);
    }
}
