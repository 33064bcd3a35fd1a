package com.storageplatform.deploy;

import static com.storageplatform.deploy.support.PlatformServices.ALL;
import static com.storageplatform.deploy.support.PlatformServices.BACKENDS;
import static com.storageplatform.deploy.support.PlatformServices.GATEWAY;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.storageplatform.deploy.support.HelmChart;
import com.storageplatform.deploy.support.Manifests;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The request deadline of the services, the gateway's route timeout just above it, and the resilience settings
 * every process guards its calls to a service with (ADR 0019): rendered from their values, with the kit's defaults.
 */
class TimeoutsAndResilienceTest {

    @Test
    void byDefaultServicesGiveARequestTenSecondsAndTheGatewayWaitsEleven() {
        Manifests manifests = HelmChart.render(List.of(), Map.of());

        for (String service : BACKENDS) {
            assertThat(manifests.config(service)).as(service).containsEntry("PLATFORM_REQUEST_DEADLINE", "10s")
                    .doesNotContainKey("PLATFORM_ROUTE_TIMEOUT");
        }
        assertThat(manifests.config(GATEWAY)).containsEntry("PLATFORM_ROUTE_TIMEOUT", "11s")
                .containsEntry("PLATFORM_AUTH_ROUTE_TIMEOUT", "40s")
                .doesNotContainKey("PLATFORM_REQUEST_DEADLINE");
    }

    @Test
    void everyProcessGetsTheKitsResilienceDefaults() {
        Manifests manifests = HelmChart.render(List.of(), Map.of());

        for (String process : ALL) {
            assertThat(manifests.config(process)).as(process).containsAllEntriesOf(Map.of(
                    "PLATFORM_RESILIENCE_DEFAULTS_TIMEOUT", "5s",
                    "PLATFORM_RESILIENCE_DEFAULTS_SLIDING_WINDOW_SIZE", "20",
                    "PLATFORM_RESILIENCE_DEFAULTS_MINIMUM_NUMBER_OF_CALLS", "10",
                    "PLATFORM_RESILIENCE_DEFAULTS_FAILURE_RATE_THRESHOLD", "50",
                    "PLATFORM_RESILIENCE_DEFAULTS_OPEN_FOR", "1s",
                    "PLATFORM_RESILIENCE_DEFAULTS_HALF_OPEN_CALLS", "3",
                    "PLATFORM_RESILIENCE_DEFAULTS_RETRY_ATTEMPTS", "3",
                    "PLATFORM_RESILIENCE_DEFAULTS_RETRY_BACKOFF", "100ms"));
        }
    }

    @Test
    void theValuesChangeWhatIsRendered() {
        Manifests manifests = HelmChart.render(List.of(), Map.of("requests.deadline", "20s",
                "gateway.routeTimeout", "21s", "resilience.openFor", "30s", "resilience.retryAttempts", "1",
                "services.billing-service.env.PLATFORM_RESILIENCE_PEERS_CRM_TIMEOUT", "2s"));

        assertThat(manifests.config("crm-service")).containsEntry("PLATFORM_REQUEST_DEADLINE", "20s")
                .containsEntry("PLATFORM_RESILIENCE_DEFAULTS_OPEN_FOR", "30s")
                .containsEntry("PLATFORM_RESILIENCE_DEFAULTS_RETRY_ATTEMPTS", "1");
        assertThat(manifests.config(GATEWAY)).containsEntry("PLATFORM_ROUTE_TIMEOUT", "21s")
                .containsEntry("PLATFORM_RESILIENCE_DEFAULTS_OPEN_FOR", "30s");
        assertThat(manifests.config("billing-service")).containsEntry("PLATFORM_RESILIENCE_PEERS_CRM_TIMEOUT", "2s");
    }

    @ParameterizedTest(name = "{0}={1}")
    @CsvSource(delimiter = '|', textBlock = """
            requests.deadline                 | ten seconds | /requests/deadline
            gateway.routeTimeout              | 11          | /gateway/routeTimeout
            gateway.authRouteTimeout          | soon        | /gateway/authRouteTimeout
            resilience.failureRateThreshold   | 150         | /resilience/failureRateThreshold
            resilience.retryAttempts          | 0           | /resilience/retryAttempts
            resilience.openFor                | soon        | /resilience/openFor
            """)
    void theSchemaRefusesMalformedSettings(String key, String value, String expectedError) {
        assertThatThrownBy(() -> HelmChart.template(List.of(), Map.of(key, value)))
                .hasMessageContaining("values don't meet the specifications of the schema")
                .hasMessageContaining(expectedError);
    }
}
