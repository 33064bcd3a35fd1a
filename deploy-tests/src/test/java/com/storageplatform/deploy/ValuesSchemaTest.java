package com.storageplatform.deploy;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.storageplatform.deploy.support.HelmChart;
import com.storageplatform.deploy.support.ValueSet;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * values.schema.json refuses a typo instead of Helm ignoring it, and the templates refuse settings that would
 * break at run time. Each case is a values file under src/test/resources/invalid-values.
 */
class ValuesSchemaTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            unknown-top-level-key.yaml       | additional properties 'ingres' not allowed
            typo-in-service-settings.yaml    | additional properties 'resorces' not allowed
            unknown-service.yaml             | additional properties 'payments-service' not allowed
            gateway-with-database.yaml       | additional properties 'database' not allowed
            wrong-type.yaml                  | /serviceDefaults/replicas
            latest-tag.yaml                  | /image/tag
            secret-in-plain-env.yaml         | CARD_GATEWAY_API_KEY
            unknown-kafka-protocol.yaml      | /kafka/securityProtocol
            verify-full-without-ca.yaml      | /postgresql/external/caSecret/name
            smtp-port-as-text.yaml           | /messages/smtp/port
            unknown-smtp-tls.yaml            | /messages/smtp/tls
            """)
    void theSchemaRefusesTheValuesFile(String fileName, String expectedError) throws URISyntaxException {
        Path values = Path.of(getClass().getResource("/invalid-values/" + fileName).toURI());

        assertThatThrownBy(() -> HelmChart.template(List.of(values), Map.of()))
                .hasMessageContaining("values don't meet the specifications of the schema")
                .hasMessageContaining(expectedError);
    }

    @ParameterizedTest(name = "{0}={1}")
    @CsvSource(delimiter = '|', textBlock = """
            shutdown.terminationGracePeriodSeconds       | 30   | must exceed preStopSleepSeconds plus timeoutPerShutdownPhase
            services.gateway.autoscaling.minReplicas     | 12   | minReplicas (12) exceeds maxReplicas (10)
            secrets.callerToken.privateKey               | -----BEGIN PRIVATE KEY-----x | secrets.callerToken.publicKey is required
            serviceDefaults.resources.requests.cpu       | null | autoscaling on CPU needs resources.requests.cpu
            keycloak.url                                 | ''   | /keycloak/url
            keycloak.mode                                | operator | /keycloak/operator/hostname
            postgresql.external.sslMode                  | verify-ca | /postgresql/external/caSecret/name
            redis.timeout                                | fast | /redis/timeout
            outbox.parkAfterAttempts                     | 0    | /outbox/parkAfterAttempts
            kafka.consumer.fetchMinBytes                 | 0    | /kafka/consumer/fetchMinBytes
            kafka.consumer.fetchMaxWaitMs                | 600  | /kafka/consumer/fetchMaxWaitMs
            outbox.parkAfterFailingFor                   | soon | /outbox/parkAfterFailingFor
            providers.stripe.apiKey                      | sk_live_x | providers.stripe.webhookSecret is required
            providers.gocardless.accessToken             | live_x | providers.gocardless.webhookSecret is required
            providers.gocardless.baseUrl                 | api-sandbox.gocardless.com | /providers/gocardless/baseUrl
            providers.simulatorUrl                       | ''   | /providers/simulatorUrl
            secrets.crmIntegrationsSealingKey.value      | c2hvcnQ= | /secrets/crmIntegrationsSealingKey/value
            secrets.complianceAccessSealingKey.value     | c2hvcnQ= | /secrets/complianceAccessSealingKey/value
            messages.smtp.tls                            | tls  | /messages/smtp/tls
            messages.smtp.port                           | smtp | /messages/smtp/port
            messages.smtp.port                           | 70000 | /messages/smtp/port
            messages.smtp.timeout                        | 10   | /messages/smtp/timeout
            messages.smtp.host                           | smtp.example.com | messages.smtp.from is required
            messages.smtp.password                       | x    | messages.smtp.host is required
            messages.twilio.accountSid                   | AC00 | messages.twilio.existingSecret is required
            messages.twilio.authToken                    | x    | messages.twilio.accountSid is required
            messages.twilio.statusCallbackUrl            | twilio/notifications | /messages/twilio/statusCallbackUrl
            identity.stripe.apiKey                       | sk_live_x | identity.stripe.webhookSecret is required
            identity.stripe.baseUrl                      | api.stripe.com | /identity/stripe/baseUrl
            identity.stripe.baseUrl                      | ''   | /identity/stripe/baseUrl
            identity.stripe.existingSecret               | Identity_Stripe | /identity/stripe/existingSecret
            identity.stripe.apikey                       | sk_live_x | additional properties 'apikey' not allowed
            identity.linkBaseUrl                         | api.example.com | /identity/linkBaseUrl
            identity.linkBaseUrl                         | https://api.example.com/id checks | /identity/linkBaseUrl
            """)
    void theTemplatesRefuseSettingsThatWouldFailAtRunTime(String key, String value, String expectedError) {
        assertThatThrownBy(() -> HelmChart.template(List.of(), Map.of(key, value)))
                .hasMessageContaining(expectedError);
    }

    @Test
    void twilioIsRefusedWithoutItsSenderOrCallbackUrlAndAcceptedWithAll() {
        Map<String, String> twilio = Map.of("messages.twilio.accountSid", "AC00000000000000000000000000000000",
                "messages.twilio.existingSecret", "twilio",
                "messages.twilio.from", "MG00000000000000000000000000000000",
                "messages.twilio.statusCallbackUrl", "https://api.example.com/message-providers/twilio/notifications");

        assertThatCode(() -> HelmChart.template(List.of(), twilio)).doesNotThrowAnyException();
        // An unquoted +447700900000 is a number to YAML (and to --set): refused rather than sent as 4.477e+11.
        Map<String, String> numberAsNumber = new HashMap<>(twilio);
        numberAsNumber.put("messages.twilio.from", "+447700900000");
        assertThatThrownBy(() -> HelmChart.template(List.of(), numberAsNumber))
                .hasMessageContaining("/messages/twilio/from");
        assertThatThrownBy(() -> HelmChart.template(List.of(), without(twilio, "messages.twilio.from")))
                .hasMessageContaining("messages.twilio.from is required with messages.twilio.accountSid");
        assertThatThrownBy(() -> HelmChart.template(List.of(), without(twilio, "messages.twilio.statusCallbackUrl")))
                .hasMessageContaining("messages.twilio.statusCallbackUrl is required with messages.twilio.accountSid");
    }

    @Test
    void stripeIdentityIsAcceptedWithItsKeyAndWebhookSecretOrAnExistingSecret() {
        assertThatCode(() -> HelmChart.template(List.of(), Map.of("identity.stripe.apiKey", "sk_live_x",
                "identity.stripe.webhookSecret", "whsec_x"))).doesNotThrowAnyException();
        assertThatCode(() -> HelmChart.template(List.of(), Map.of("identity.stripe.existingSecret", "identity-stripe",
                "identity.linkBaseUrl", "https://customers.example.com"))).doesNotThrowAnyException();
        // billing's Stripe being set up does not set up (or excuse) the ID checks' own.
        assertThatThrownBy(() -> HelmChart.template(List.of(), Map.of("providers.stripe.apiKey", "sk_live_x",
                "providers.stripe.webhookSecret", "whsec_x", "identity.stripe.apiKey", "sk_live_y")))
                .hasMessageContaining("identity.stripe.webhookSecret is required with identity.stripe.apiKey");
    }

    @Test
    void anSmtpPortIsANumberOrEmptyForTheDefault() {
        Map<String, String> smtp = Map.of("messages.smtp.host", "smtp.example.com",
                "messages.smtp.from", "messages@example.com");

        assertThatCode(() -> HelmChart.template(List.of(), smtp)).doesNotThrowAnyException();
        Map<String, String> withPort = new HashMap<>(smtp);
        withPort.put("messages.smtp.port", "2525");
        assertThatCode(() -> HelmChart.template(List.of(), withPort)).doesNotThrowAnyException();
    }

    private static Map<String, String> without(Map<String, String> values, String key) {
        Map<String, String> less = new HashMap<>(values);
        less.remove(key);
        return less;
    }

    @Test
    void aVerifyingSslModeIsAcceptedWithACaSecretOrWhenCloudNativePgProvidesTheDatabase() {
        assertThatCode(() -> HelmChart.template(List.of(), Map.of("postgresql.external.sslMode", "verify-ca",
                "postgresql.external.caSecret.name", "postgres-ca"))).doesNotThrowAnyException();
        // With CloudNativePG the external settings are unused: the cluster's own CA is mounted.
        assertThatCode(() -> HelmChart.template(ValueSet.OPERATORS.file().stream().toList(),
                Map.of("postgresql.external.sslMode", "verify-full"))).doesNotThrowAnyException();
    }
}
