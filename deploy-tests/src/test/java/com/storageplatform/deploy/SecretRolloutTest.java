package com.storageplatform.deploy;

import static com.storageplatform.deploy.support.PlatformServices.ALL;
import static com.storageplatform.deploy.support.PlatformServices.BACKENDS;
import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.deploy.support.HelmChart;
import com.storageplatform.deploy.support.Manifests;
import com.storageplatform.deploy.support.ValueSet;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A secret given as a value rolls exactly the pods that read it when it changes, and nothing else. */
class SecretRolloutTest {

    private static final String SECRETS_CHECKSUM = "checksum/secrets";
    private static final String CONFIG_CHECKSUM = "checksum/config";

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            services.crm-service.database.password                 | test-only-rotated-password   | crm-service
            services.compliance-service.secretEnv.ID_CHECK_API_KEY | test-only-rotated-key        | compliance-service
            secrets.adminToken.value                               | test-only-rotated-admin-token-0123456789 | gateway
            secrets.callerToken.privateKey                         | -----BEGIN PRIVATE KEY-----rotated | gateway
            secrets.callerToken.publicKey                          | -----BEGIN PUBLIC KEY-----rotated  | BACKENDS
            secrets.serviceToken.privateKey                        | -----BEGIN PRIVATE KEY-----rotated | BACKENDS
            secrets.serviceToken.publicKey                         | -----BEGIN PUBLIC KEY-----rotated  | BACKENDS
            secrets.webhooksSecretKey.value                        | cnJycnJycnJycnJycnJycnJycnJycnJycnJycnJycnI= | webhook-dispatcher
            redis.password                                         | test-only-rotated-password   | gateway
            kafka.sasl.password                                    | test-only-rotated-password   | BACKENDS
            keycloak.clientSecret                                  | test-only-rotated-secret     | auth-service
            keycloak.admin.clientSecret                            | test-only-rotated-secret     | auth-service
            secrets.appCookieKey.value                             | cnJycnJycnJycnJycnJycnJycnJycnJycnJycnJycnI= | auth-service
            secrets.crmIntegrationsSealingKey.value                | cm90YXRlZC1jcm0tc2VhbGluZy1rZXktMzItYnl0ZXM= | crm-service
            secrets.complianceAccessSealingKey.value               | cm90YXRlZC1jb21wbGlhbmNlLXNlYWxpbmcta2V5MzI= | compliance-service
            providers.stripe.apiKey                                | test-only-rotated-key        | billing-service
            providers.gocardless.webhookSecret                     | test-only-rotated-secret     | billing-service
            messages.smtp.password                                 | test-only-rotated-password   | crm-service
            messages.twilio.authToken                              | test-only-rotated-token      | crm-service
            messages.reports.signingSecret                         | test-only-rotated-secret     | crm-service
            identity.stripe.apiKey                                 | test-only-rotated-key        | compliance-service
            identity.stripe.webhookSecret                          | test-only-rotated-secret     | compliance-service
            """)
    void aChangedSecretValueRollsOnlyThePodsThatReadIt(String key, String newValue, String readers) {
        List<Path> values = ValueSet.INLINE_SECRETS.file().stream().toList();
        Manifests before = HelmChart.render(ValueSet.INLINE_SECRETS);
        Manifests after = HelmChart.render(values, Map.of(key, newValue));
        List<String> expected = readers.equals("BACKENDS") ? BACKENDS : Arrays.asList(readers.split(" "));

        Map<String, String> secretsBefore = annotation(before, SECRETS_CHECKSUM);
        Map<String, String> secretsAfter = annotation(after, SECRETS_CHECKSUM);
        assertThat(ALL).filteredOn(service -> !secretsBefore.get(service).equals(secretsAfter.get(service)))
                .containsExactlyInAnyOrderElementsOf(expected);
        // Secrets never reach a ConfigMap, so no configuration checksum moves.
        assertThat(annotation(after, CONFIG_CHECKSUM)).isEqualTo(annotation(before, CONFIG_CHECKSUM));
    }

    /** Service name to one annotation of its pod template. */
    private static Map<String, String> annotation(Manifests manifests, String name) {
        return ALL.stream().collect(Collectors.toMap(Function.identity(), service -> {
            String value = manifests.deployment(service).getSpec().getTemplate().getMetadata().getAnnotations()
                    .get(name);
            assertThat(value).as(service + " " + name).isNotBlank();
            return value;
        }));
    }
}
