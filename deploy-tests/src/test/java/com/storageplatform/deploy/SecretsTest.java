package com.storageplatform.deploy;

import static com.storageplatform.deploy.support.PlatformServices.ALL;
import static com.storageplatform.deploy.support.PlatformServices.BACKENDS;
import static com.storageplatform.deploy.support.PlatformServices.GATEWAY;
import static com.storageplatform.deploy.support.PlatformServices.WEBHOOK_DISPATCHER;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.storageplatform.deploy.support.HelmChart;
import com.storageplatform.deploy.support.Manifests;
import com.storageplatform.deploy.support.ValueSet;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.SecretKeySelector;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Secrets stay in Secrets: ConfigMaps carry none, and each process reads only the keys it needs. */
class SecretsTest {

    private static final Pattern SECRET_LOOKING = Pattern.compile("PASSWORD|SECRET|TOKEN|PRIVATE|JAAS|API_KEY");
    /** Keys of values.yaml (and of secretEnv) that hold a secret; existingSecret holds a Secret's name. */
    private static final Pattern SECRET_KEY = Pattern.compile(
            "(?i)^(password|clientSecret|privateKey|value|apiKey|accessToken|webhookSecret|authToken|signingSecret)$"
                    + "|API_KEY");

    @ParameterizedTest
    @EnumSource(ValueSet.class)
    void noSecretValueAppearsInAConfigMap(ValueSet valueSet) {
        Manifests manifests = HelmChart.render(valueSet);
        List<String> secretValues = manifests.secrets().stream()
                .flatMap(secret -> decoded(secret).entrySet().stream())
                // A login name is not secret (it is the service's schema name too).
                .filter(entry -> !entry.getKey().equals("username"))
                .map(Map.Entry::getValue)
                .toList();

        for (ConfigMap configMap : manifests.all(ConfigMap.class)) {
            assertThat(configMap.getData().keySet()).as(configMap.getMetadata().getName())
                    .noneMatch(key -> SECRET_LOOKING.matcher(key).find());
            for (String value : configMap.getData().values()) {
                assertThat(secretValues).as(configMap.getMetadata().getName()).noneMatch(value::contains);
            }
        }
    }

    @Test
    void noSecretGivenAsAValueReachesAConfigMapOrAnAnnotation() throws IOException {
        // The raw strings, read from the values file: the Kafka Secret holds a JAAS line, not the bare password.
        List<String> given = new ArrayList<>();
        collectSecretValues(new ObjectMapper(new YAMLFactory()).readTree(ValueSet.INLINE_SECRETS.file().orElseThrow()
                .toFile()), "", given);
        assertThat(given).contains("test-only-inline-redis-password", "test-only-inline-keycloak-secret",
                "test-only-inline-keycloak-admin-secret",
                "test-only-inline-kafka-password", "test-only-inline-crm-password",
                "test-only-inline-stripe-api-key", "test-only-inline-stripe-webhook-secret",
                "test-only-inline-gocardless-access-token", "test-only-inline-gocardless-webhook-secret",
                "test-only-inline-smtp-password", "test-only-inline-twilio-auth-token",
                "test-only-inline-message-reports-secret", "test-only-inline-identity-stripe-api-key",
                "test-only-inline-identity-stripe-webhook-secret");
        Manifests manifests = HelmChart.render(ValueSet.INLINE_SECRETS);
        List<String> inSecrets = manifests.secrets().stream().flatMap(secret -> decoded(secret).values().stream())
                .toList();

        for (String secret : given) {
            // Rendered where it belongs, so the checks below are not vacuous.
            assertThat(inSecrets).as(secret).anyMatch(value -> value.contains(secret));
            for (ConfigMap configMap : manifests.all(ConfigMap.class)) {
                assertThat(configMap.getData().values()).as(configMap.getMetadata().getName())
                        .noneMatch(value -> value.contains(secret));
            }
            for (String service : ALL) {
                var template = manifests.deployment(service).getSpec().getTemplate();
                assertThat(template.getMetadata().getAnnotations().values()).as(service)
                        .noneMatch(value -> value.contains(secret));
                assertThat(template.getSpec().getContainers().get(0).getEnv()).as(service)
                        .noneMatch(variable -> variable.getValue() != null && variable.getValue().contains(secret));
            }
        }
    }

    @Test
    void theSecretsGivenAsValuesAreRenderedIntoSecrets() {
        Manifests manifests = HelmChart.render(ValueSet.OPERATORS);

        assertThat(manifests.secrets()).extracting(secret -> secret.getMetadata().getName()).contains(
                Manifests.FULLNAME + "-caller-token", Manifests.FULLNAME + "-service-token",
                Manifests.FULLNAME + "-admin-token", Manifests.FULLNAME + "-webhooks-secret-key",
                Manifests.FULLNAME + "-crm-integrations-sealing-key",
                Manifests.FULLNAME + "-compliance-access-sealing-key");
        assertThat(decoded(manifests.get(Secret.class, Manifests.FULLNAME + "-service-token")))
                .containsOnlyKeys("private-key", "public-key")
                .containsEntry("private-key", "-----BEGIN PRIVATE KEY-----\nTEST-ONLY-PLACEHOLDER-SERVICE-PRIVATE-KEY\n"
                        + "-----END PRIVATE KEY-----\n");
        assertThat(decoded(manifests.get(Secret.class, Manifests.FULLNAME + "-admin-token")))
                .containsEntry("admin-token", "test-only-admin-token-0123456789abcdef");
        for (String service : BACKENDS) {
            Secret login = manifests.get(Secret.class, Manifests.nameOf(service) + "-db");
            assertThat(login.getType()).isEqualTo("kubernetes.io/basic-auth");
            assertThat(decoded(login)).containsKeys("username", "password");
        }
    }

    @ParameterizedTest
    @EnumSource(ValueSet.class)
    void everySecretEnvironmentVariableIsReadFromASecret(ValueSet valueSet) {
        Manifests manifests = HelmChart.render(valueSet);

        for (String service : ALL) {
            assertThat(manifests.container(service).getEnv()).as(service).allSatisfy(variable -> {
                assertThat(variable.getValue()).isNull();
                assertThat(variable.getValueFrom().getSecretKeyRef()).isNotNull();
            });
        }
    }

    @ParameterizedTest
    @EnumSource(ValueSet.class)
    void theGatewayHoldsThePrivateKeyAndTheServicesOnlyThePublicOne(ValueSet valueSet) {
        Manifests manifests = HelmChart.render(valueSet);

        assertThat(secretKeys(manifests, GATEWAY)).containsEntry("PLATFORM_CALLER_TOKEN_PRIVATE_KEY", "private-key")
                .containsEntry("PLATFORM_ADMIN_TOKEN", "admin-token")
                .doesNotContainKeys("PLATFORM_CALLER_TOKEN_PUBLIC_KEY", "PLATFORM_SERVICE_TOKEN_PRIVATE_KEY",
                        "PLATFORM_SERVICE_TOKEN_PUBLIC_KEY");
        for (String service : BACKENDS) {
            // The services' own key pair signs and verifies their calls to each other (ADR 0019).
            assertThat(secretKeys(manifests, service)).as(service)
                    .containsEntry("PLATFORM_CALLER_TOKEN_PUBLIC_KEY", "public-key")
                    .containsEntry("PLATFORM_SERVICE_TOKEN_PRIVATE_KEY", "private-key")
                    .containsEntry("PLATFORM_SERVICE_TOKEN_PUBLIC_KEY", "public-key")
                    .containsEntry("PLATFORM_DATABASE_USERNAME", "username")
                    .containsEntry("PLATFORM_DATABASE_PASSWORD", "password")
                    .doesNotContainKeys("PLATFORM_CALLER_TOKEN_PRIVATE_KEY", "PLATFORM_ADMIN_TOKEN");
        }
        assertThat(secretKeys(manifests, WEBHOOK_DISPATCHER)).containsEntry("PLATFORM_WEBHOOKS_SECRET_KEY",
                "secret-key");
        assertThat(ALL).filteredOn(service -> !service.equals(WEBHOOK_DISPATCHER))
                .allSatisfy(service -> assertThat(secretKeys(manifests, service))
                        .doesNotContainKey("PLATFORM_WEBHOOKS_SECRET_KEY"));
    }

    @Test
    void existingSecretsAreReferencedAndNotCreated() {
        Manifests manifests = HelmChart.render(ValueSet.EXISTING_CLUSTERS);

        assertThat(secretNames(manifests, GATEWAY)).containsEntry("PLATFORM_CALLER_TOKEN_PRIVATE_KEY",
                "platform-caller-token").containsEntry("PLATFORM_ADMIN_TOKEN", "platform-admin-token")
                .containsEntry("SPRING_DATA_REDIS_PASSWORD", "platform-redis");
        assertThat(secretNames(manifests, "catalogue-service"))
                .containsEntry("PLATFORM_SERVICE_TOKEN_PRIVATE_KEY", "platform-service-token")
                .containsEntry("PLATFORM_DATABASE_PASSWORD", "catalogue-db-login")
                .containsEntry("SPRING_KAFKA_PROPERTIES_SASL_JAAS_CONFIG", "platform-kafka-login");
        assertThat(secretNames(manifests, WEBHOOK_DISPATCHER))
                .containsEntry("PLATFORM_WEBHOOKS_SECRET_KEY", "platform-webhooks-key");
        assertThat(secretNames(manifests, "crm-service"))
                .containsEntry("CRM_INTEGRATIONS_SEALING_KEY", "platform-crm-integrations-key")
                .containsEntry("CRM_MESSAGES_PROVIDERS_SMTP_PASSWORD", "platform-smtp")
                .containsEntry("CRM_MESSAGES_PROVIDERS_TWILIO_AUTH_TOKEN", "platform-twilio")
                .containsEntry("CRM_MESSAGES_PROVIDERS_REPORTS_SIGNING_SECRET", "platform-message-reports");
        assertThat(secretNames(manifests, "auth-service"))
                .containsEntry("PLATFORM_KEYCLOAK_CLIENT_SECRET", "platform-keycloak")
                .containsEntry("PLATFORM_KEYCLOAK_ADMIN_CLIENT_SECRET", "platform-keycloak-admin")
                .containsEntry("PLATFORM_APP_COOKIE_KEY", "platform-app-cookie-key");
        // Only the compliance service's own secretEnv becomes a Secret of the chart's.
        assertThat(manifests.secrets()).extracting(secret -> secret.getMetadata().getName())
                .containsExactly(Manifests.nameOf("compliance-service") + "-env");
        assertThat(envFromSecrets(manifests, "compliance-service"))
                .containsExactly(Manifests.nameOf("compliance-service") + "-env");
        assertThat(envFromSecrets(manifests, "billing-service")).containsExactly("billing-provider-credentials");
        assertThat(secretNames(manifests, "billing-service"))
                .containsEntry("BILLING_PROVIDERS_STRIPE_API_KEY", "platform-stripe")
                .containsEntry("BILLING_PROVIDERS_STRIPE_WEBHOOK_SECRET", "platform-stripe")
                .containsEntry("BILLING_PROVIDERS_GOCARDLESS_ACCESS_TOKEN", "platform-gocardless")
                .containsEntry("BILLING_PROVIDERS_GOCARDLESS_WEBHOOK_SECRET", "platform-gocardless");
        assertThat(secretNames(manifests, "compliance-service"))
                .containsEntry("COMPLIANCE_ACCESS_SEALING_KEY", "platform-compliance-access-key")
                .containsEntry("COMPLIANCE_IDENTITY_STRIPE_API_KEY", "platform-identity-stripe")
                .containsEntry("COMPLIANCE_IDENTITY_STRIPE_WEBHOOK_SECRET", "platform-identity-stripe");
        assertThat(manifests.config("compliance-service"))
                .containsEntry("COMPLIANCE_IDENTITY_LINK_BASE_URL", "https://customers.storage.example.com")
                .containsEntry("COMPLIANCE_IDENTITY_STRIPE_BASE_URL", "https://api.stripe.com")
                .containsEntry("COMPLIANCE_ACCESS_COMMANDS_MAX_ATTEMPTS", "8")
                .containsEntry("COMPLIANCE_ACCESS_COMMANDS_FIRST_RETRY", "30s")
                .containsEntry("COMPLIANCE_ACCESS_SIMULATOR_LOCK_CONFIRM_DELAY", "10s");
        assertThat(manifests.config("billing-service"))
                .containsEntry("BILLING_ACCOUNTING_MAX_ATTEMPTS", "4")
                .containsEntry("BILLING_ACCOUNTING_XERO_SALES_ACCOUNT_CODE", "4000");
    }

    @Test
    void stripeIdentitysCredentialsAreASecretThatOnlyComplianceReads() {
        Manifests manifests = HelmChart.render(ValueSet.INLINE_SECRETS);

        assertThat(decoded(manifests.get(Secret.class, Manifests.FULLNAME + "-identity-stripe"))).containsOnly(
                Map.entry("api-key", "test-only-inline-identity-stripe-api-key"),
                Map.entry("webhook-secret", "test-only-inline-identity-stripe-webhook-secret"));
        assertThat(secretNames(manifests, "compliance-service"))
                .containsEntry("COMPLIANCE_IDENTITY_STRIPE_API_KEY", Manifests.FULLNAME + "-identity-stripe")
                .containsEntry("COMPLIANCE_IDENTITY_STRIPE_WEBHOOK_SECRET", Manifests.FULLNAME + "-identity-stripe");
        assertThat(secretKeys(manifests, "compliance-service"))
                .containsEntry("COMPLIANCE_IDENTITY_STRIPE_API_KEY", "api-key")
                .containsEntry("COMPLIANCE_IDENTITY_STRIPE_WEBHOOK_SECRET", "webhook-secret");
        // billing's Stripe credentials stay billing's: compliance-service reads its own Secret only.
        assertThat(secretNames(manifests, "compliance-service")).doesNotContainValue(Manifests.FULLNAME + "-stripe");
        assertThat(ALL).filteredOn(service -> !service.equals("compliance-service"))
                .allSatisfy(service -> {
                    assertThat(secretKeys(manifests, service).keySet()).as(service)
                            .noneMatch(variable -> variable.startsWith("COMPLIANCE_"));
                    assertThat(manifests.config(service).keySet()).as(service)
                            .noneMatch(variable -> variable.startsWith("COMPLIANCE_"));
                });
        // Where Stripe is and where the customer's link leads are not secret: compliance's ConfigMap says it.
        assertThat(complianceSettings(manifests)).containsExactlyInAnyOrderEntriesOf(
                Map.of("COMPLIANCE_IDENTITY_LINK_BASE_URL", "https://api.example.com",
                        "COMPLIANCE_IDENTITY_STRIPE_BASE_URL", "https://api.stripe.com"));
    }

    @Test
    void withoutStripeIdentitysCredentialsNoPodWaitsForItsSecretAndTheLinkLeadsToTheIngressHost() {
        Manifests manifests = HelmChart.render(ValueSet.DEFAULTS);

        assertThat(secretKeys(manifests, "compliance-service").keySet())
                .noneMatch(variable -> variable.startsWith("COMPLIANCE_IDENTITY_"));
        assertThat(manifests.secrets()).extracting(secret -> secret.getMetadata().getName())
                .doesNotContain(Manifests.FULLNAME + "-identity-stripe");
        assertThat(complianceSettings(manifests)).containsExactlyInAnyOrderEntriesOf(
                Map.of("COMPLIANCE_IDENTITY_LINK_BASE_URL", "https://api.example.com",
                        "COMPLIANCE_IDENTITY_STRIPE_BASE_URL", "https://api.stripe.com"));

        Manifests given = HelmChart.render(List.of(), Map.of("identity.linkBaseUrl", "https://id.example.com",
                "identity.stripe.baseUrl", "http://stripe-stub.test:12111"));
        assertThat(complianceSettings(given)).containsExactlyInAnyOrderEntriesOf(
                Map.of("COMPLIANCE_IDENTITY_LINK_BASE_URL", "https://id.example.com",
                        "COMPLIANCE_IDENTITY_STRIPE_BASE_URL", "http://stripe-stub.test:12111"));
        Manifests otherHost = HelmChart.render(ValueSet.MINIMAL);
        assertThat(otherHost.config("compliance-service"))
                .containsEntry("COMPLIANCE_IDENTITY_LINK_BASE_URL", "https://platform.dev.example.com");
    }

    /** compliance-service's own settings (COMPLIANCE_*) in its ConfigMap. */
    private static Map<String, String> complianceSettings(Manifests manifests) {
        return manifests.config("compliance-service").entrySet().stream()
                .filter(entry -> entry.getKey().startsWith("COMPLIANCE_"))
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
    }

    @Test
    void thePaymentProvidersCredentialsAreSecretsThatOnlyBillingReads() {
        Manifests manifests = HelmChart.render(ValueSet.INLINE_SECRETS);

        assertThat(decoded(manifests.get(Secret.class, Manifests.FULLNAME + "-stripe"))).containsOnly(
                Map.entry("api-key", "test-only-inline-stripe-api-key"),
                Map.entry("webhook-secret", "test-only-inline-stripe-webhook-secret"));
        assertThat(decoded(manifests.get(Secret.class, Manifests.FULLNAME + "-gocardless"))).containsOnly(
                Map.entry("access-token", "test-only-inline-gocardless-access-token"),
                Map.entry("webhook-secret", "test-only-inline-gocardless-webhook-secret"));
        assertThat(secretKeys(manifests, "billing-service"))
                .containsEntry("BILLING_PROVIDERS_STRIPE_API_KEY", "api-key")
                .containsEntry("BILLING_PROVIDERS_STRIPE_WEBHOOK_SECRET", "webhook-secret")
                .containsEntry("BILLING_PROVIDERS_GOCARDLESS_ACCESS_TOKEN", "access-token")
                .containsEntry("BILLING_PROVIDERS_GOCARDLESS_WEBHOOK_SECRET", "webhook-secret");
        assertThat(ALL).filteredOn(service -> !service.equals("billing-service"))
                .allSatisfy(service -> assertThat(secretKeys(manifests, service).keySet()).as(service)
                        .noneMatch(variable -> variable.startsWith("BILLING_PROVIDERS_")));
        // Where the providers are is not secret: billing's ConfigMap says it.
        assertThat(manifests.config("billing-service"))
                .containsEntry("BILLING_PROVIDERS_GOCARDLESS_BASE_URL", "https://api-sandbox.gocardless.com")
                .containsEntry("BILLING_PROVIDERS_STRIPE_BASE_URL", "https://api.stripe.com");
    }

    @Test
    void aProviderWithoutCredentialsIsNotSetUpAndNoPodWaitsForItsSecret() {
        Manifests manifests = HelmChart.render(ValueSet.DEFAULTS);

        assertThat(secretKeys(manifests, "billing-service").keySet())
                .noneMatch(variable -> variable.startsWith("BILLING_PROVIDERS_"));
        assertThat(manifests.secrets()).extracting(secret -> secret.getMetadata().getName())
                .doesNotContain(Manifests.FULLNAME + "-stripe", Manifests.FULLNAME + "-gocardless");
        assertThat(manifests.config("billing-service"))
                .containsEntry("BILLING_PROVIDERS_STRIPE_BASE_URL", "https://api.stripe.com")
                .containsEntry("BILLING_PROVIDERS_GOCARDLESS_BASE_URL", "https://api.gocardless.com")
                .containsEntry("BILLING_PROVIDERS_SIMULATOR_BASE_URL", "https://simulator.invalid");
    }

    @Test
    void theMessageProvidersCredentialsAreSecretsThatOnlyCrmReads() {
        Manifests manifests = HelmChart.render(ValueSet.INLINE_SECRETS);

        assertThat(decoded(manifests.get(Secret.class, Manifests.FULLNAME + "-smtp")))
                .containsOnly(Map.entry("password", "test-only-inline-smtp-password"));
        assertThat(decoded(manifests.get(Secret.class, Manifests.FULLNAME + "-twilio")))
                .containsOnly(Map.entry("auth-token", "test-only-inline-twilio-auth-token"));
        assertThat(decoded(manifests.get(Secret.class, Manifests.FULLNAME + "-message-reports")))
                .containsOnly(Map.entry("signing-secret", "test-only-inline-message-reports-secret"));
        assertThat(secretKeys(manifests, "crm-service"))
                .containsEntry("CRM_MESSAGES_PROVIDERS_SMTP_PASSWORD", "password")
                .containsEntry("CRM_MESSAGES_PROVIDERS_TWILIO_AUTH_TOKEN", "auth-token")
                .containsEntry("CRM_MESSAGES_PROVIDERS_REPORTS_SIGNING_SECRET", "signing-secret");
        assertThat(ALL).filteredOn(service -> !service.equals("crm-service"))
                .allSatisfy(service -> {
                    assertThat(secretKeys(manifests, service).keySet()).as(service)
                            .noneMatch(variable -> variable.startsWith("CRM_"));
                    assertThat(manifests.config(service).keySet()).as(service)
                            .noneMatch(variable -> variable.startsWith("CRM_"));
                });
        // Where the providers are and who sends is not secret: crm's ConfigMap says it. An empty port is the
        // service's default (587, or 465 with smtps).
        assertThat(crmSettings(manifests)).containsExactlyInAnyOrderEntriesOf(
                Map.of("CRM_MESSAGES_PROVIDERS_SMTP_HOST", "smtp.example.com",
                        "CRM_MESSAGES_PROVIDERS_SMTP_USERNAME", "platform",
                        "CRM_MESSAGES_PROVIDERS_SMTP_FROM", "messages@example.com",
                        "CRM_MESSAGES_PROVIDERS_SMTP_TLS", "starttls",
                        "CRM_MESSAGES_PROVIDERS_SMTP_TIMEOUT", "10s",
                        "CRM_MESSAGES_PROVIDERS_TWILIO_ACCOUNT_SID", "AC00000000000000000000000000000000",
                        "CRM_MESSAGES_PROVIDERS_TWILIO_FROM", "MG00000000000000000000000000000000",
                        "CRM_MESSAGES_PROVIDERS_TWILIO_STATUS_CALLBACK_URL",
                        "https://api.example.com/message-providers/twilio/notifications"));
    }

    @Test
    void messageProvidersInExistingSecretsAreReferencedWithTheirSettingsInCrmsConfigMap() {
        Manifests manifests = HelmChart.render(ValueSet.EXISTING_CLUSTERS);

        assertThat(manifests.config("crm-service"))
                .containsEntry("CRM_MESSAGES_PROVIDERS_SMTP_HOST", "smtp.mail.example.com")
                .containsEntry("CRM_MESSAGES_PROVIDERS_SMTP_PORT", "465")
                .containsEntry("CRM_MESSAGES_PROVIDERS_SMTP_TLS", "smtps")
                .containsEntry("CRM_MESSAGES_PROVIDERS_SMTP_FROM", "Storage Platform <messages@storage.example.com>")
                .containsEntry("CRM_MESSAGES_PROVIDERS_TWILIO_FROM", "+447700900000")
                .containsEntry("CRM_MESSAGES_SENDING_MAX_ATTEMPTS", "8")
                .containsEntry("CRM_MESSAGES_SENDING_RECEIPT_SETTLE_DELAY", "5d");
        assertThat(manifests.secrets()).extracting(secret -> secret.getMetadata().getName())
                .doesNotContain(Manifests.FULLNAME + "-smtp", Manifests.FULLNAME + "-twilio",
                        Manifests.FULLNAME + "-message-reports");
    }

    @Test
    void aMessageProviderWithoutSettingsIsNotSetUpAndNoPodWaitsForItsSecret() {
        Manifests manifests = HelmChart.render(ValueSet.DEFAULTS);

        assertThat(manifests.config("crm-service").keySet()).noneMatch(variable -> variable.startsWith("CRM_"));
        assertThat(secretKeys(manifests, "crm-service").keySet())
                .noneMatch(variable -> variable.startsWith("CRM_MESSAGES_"));
        assertThat(manifests.secrets()).extracting(secret -> secret.getMetadata().getName())
                .doesNotContain(Manifests.FULLNAME + "-smtp", Manifests.FULLNAME + "-twilio",
                        Manifests.FULLNAME + "-message-reports");
    }

    @Test
    void anSmtpPortGivenIsPassedOnAndTheReportsSecretStandsWithoutAProvider() {
        Manifests manifests = HelmChart.render(List.of(), Map.of("messages.smtp.host", "smtp.example.com",
                "messages.smtp.from", "messages@example.com", "messages.smtp.port", "2525",
                "messages.smtp.tls", "none", "messages.smtp.timeout", "3s",
                "messages.reports.existingSecret", "relay-reports"));

        assertThat(manifests.config("crm-service")).containsEntry("CRM_MESSAGES_PROVIDERS_SMTP_PORT", "2525")
                .containsEntry("CRM_MESSAGES_PROVIDERS_SMTP_TLS", "none")
                .containsEntry("CRM_MESSAGES_PROVIDERS_SMTP_TIMEOUT", "3s")
                .doesNotContainKeys("CRM_MESSAGES_PROVIDERS_SMTP_USERNAME",
                        "CRM_MESSAGES_PROVIDERS_TWILIO_ACCOUNT_SID");
        // No login without a password: the variable is not there, and no pod waits for <fullname>-smtp.
        assertThat(secretNames(manifests, "crm-service"))
                .containsEntry("CRM_MESSAGES_PROVIDERS_REPORTS_SIGNING_SECRET", "relay-reports")
                .doesNotContainKeys("CRM_MESSAGES_PROVIDERS_SMTP_PASSWORD",
                        "CRM_MESSAGES_PROVIDERS_TWILIO_AUTH_TOKEN");
    }

    /** crm-service's own settings (CRM_*) in its ConfigMap. */
    private static Map<String, String> crmSettings(Manifests manifests) {
        return manifests.config("crm-service").entrySet().stream().filter(entry -> entry.getKey().startsWith("CRM_"))
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
    }

    @Test
    void aKafkaLoginGivenAsValuesBecomesAJaasConfigInASecret() {
        Manifests manifests = HelmChart.render(List.of(), Map.of("kafka.securityProtocol", "SASL_SSL",
                "kafka.sasl.username", "platform", "kafka.sasl.password", "s3cret-kafka-password"));

        Secret login = manifests.get(Secret.class, Manifests.FULLNAME + "-kafka");
        assertThat(decoded(login).get("sasl.jaas.config")).isEqualTo(
                "org.apache.kafka.common.security.scram.ScramLoginModule required username=\"platform\" "
                        + "password=\"s3cret-kafka-password\";");
        assertThat(manifests.config("crm-service")).containsEntry("SPRING_KAFKA_PROPERTIES_SASL_MECHANISM",
                "SCRAM-SHA-512").containsEntry("SPRING_KAFKA_SECURITY_PROTOCOL", "SASL_SSL");
    }

    @Test
    void theWebhookSealingKeyOutlivesAnUninstall() {
        Secret key = HelmChart.render(ValueSet.OPERATORS)
                .get(Secret.class, Manifests.FULLNAME + "-webhooks-secret-key");

        assertThat(key.getMetadata().getAnnotations()).containsEntry("helm.sh/resource-policy", "keep");
    }

    @Test
    void theIntegrationsSealingKeyIsASecretOfCrmsThatOutlivesAnUninstall() {
        Secret key = HelmChart.render(ValueSet.OPERATORS)
                .get(Secret.class, Manifests.FULLNAME + "-crm-integrations-sealing-key");

        assertThat(decoded(key)).containsOnly(Map.entry("sealing-key", "dGVzdC1vbmx5LWNybS1zZWFsaW5nLWtleS0zMi1ieSE="));
        assertThat(key.getMetadata().getAnnotations()).containsEntry("helm.sh/resource-policy", "keep");
    }

    @Test
    void theAccessSealingKeyIsASecretOfCompliancesThatOutlivesAnUninstall() {
        Secret key = HelmChart.render(ValueSet.OPERATORS)
                .get(Secret.class, Manifests.FULLNAME + "-compliance-access-sealing-key");

        assertThat(decoded(key)).containsOnly(Map.entry("sealing-key", "dGVzdC1vbmx5LWNvbXBsaWFuY2Utc2VhbGluZy1rZXk="));
        assertThat(key.getMetadata().getAnnotations()).containsEntry("helm.sh/resource-policy", "keep");
    }

    @ParameterizedTest
    @EnumSource(ValueSet.class)
    void onlyComplianceReadsTheAccessSealingKeyAndItWaitsForItWhenNotGiven(ValueSet valueSet) {
        Manifests manifests = HelmChart.render(valueSet);

        // Like crm's key: without a value or an existing Secret, the pods wait for create-secrets.sh's.
        assertThat(secretKeys(manifests, "compliance-service"))
                .containsEntry("COMPLIANCE_ACCESS_SEALING_KEY", "sealing-key");
        assertThat(ALL).filteredOn(service -> !service.equals("compliance-service"))
                .allSatisfy(service -> assertThat(secretKeys(manifests, service)).as(service)
                        .doesNotContainKey("COMPLIANCE_ACCESS_SEALING_KEY"));
        assertThat(manifests.config("compliance-service")).doesNotContainKey("COMPLIANCE_ACCESS_SEALING_KEY");
        if (valueSet == ValueSet.DEFAULTS || valueSet == ValueSet.MINIMAL) {
            String defaultName = Manifests.FULLNAME + "-compliance-access-sealing-key";
            assertThat(secretNames(manifests, "compliance-service"))
                    .containsEntry("COMPLIANCE_ACCESS_SEALING_KEY", defaultName);
            assertThat(manifests.secrets()).extracting(secret -> secret.getMetadata().getName())
                    .doesNotContain(defaultName);
        }
    }

    @ParameterizedTest
    @EnumSource(ValueSet.class)
    void onlyCrmReadsTheIntegrationsSealingKeyAndItWaitsForItWhenNotGiven(ValueSet valueSet) {
        Manifests manifests = HelmChart.render(valueSet);

        // Like the cookie key: without a value or an existing Secret, the pods wait for create-secrets.sh's.
        assertThat(secretKeys(manifests, "crm-service")).containsEntry("CRM_INTEGRATIONS_SEALING_KEY", "sealing-key");
        assertThat(ALL).filteredOn(service -> !service.equals("crm-service"))
                .allSatisfy(service -> assertThat(secretKeys(manifests, service)).as(service)
                        .doesNotContainKey("CRM_INTEGRATIONS_SEALING_KEY"));
        assertThat(manifests.config("crm-service")).doesNotContainKey("CRM_INTEGRATIONS_SEALING_KEY");
        if (valueSet == ValueSet.DEFAULTS || valueSet == ValueSet.MINIMAL) {
            String defaultName = Manifests.FULLNAME + "-crm-integrations-sealing-key";
            assertThat(secretNames(manifests, "crm-service"))
                    .containsEntry("CRM_INTEGRATIONS_SEALING_KEY", defaultName);
            assertThat(manifests.secrets()).extracting(secret -> secret.getMetadata().getName())
                    .doesNotContain(defaultName);
        }
    }

    /** Every non-empty string of the values under a key that holds a secret, whatever its depth. */
    private static void collectSecretValues(JsonNode node, String key, List<String> found) {
        if (node.isObject()) {
            node.fields().forEachRemaining(field -> collectSecretValues(field.getValue(), field.getKey(), found));
        } else if (node.isTextual() && !node.asText().isEmpty() && SECRET_KEY.matcher(key).find()) {
            found.add(node.asText());
        }
    }

    private static Map<String, String> decoded(Secret secret) {
        Map<String, String> values = new java.util.HashMap<>();
        if (secret.getData() != null) {
            secret.getData().forEach((key, value) -> values.put(key,
                    new String(Base64.getDecoder().decode(value), StandardCharsets.UTF_8)));
        }
        if (secret.getStringData() != null) {
            values.putAll(secret.getStringData());
        }
        return values;
    }

    /** The Secrets whose every key becomes a variable of the service. */
    private static List<String> envFromSecrets(Manifests manifests, String service) {
        return manifests.container(service).getEnvFrom().stream().filter(source -> source.getSecretRef() != null)
                .map(source -> source.getSecretRef().getName()).toList();
    }

    /** Variable name to the key it reads from its Secret. */
    private static Map<String, String> secretKeys(Manifests manifests, String service) {
        return secretRefs(manifests, service, SecretKeySelector::getKey);
    }

    /** Variable name to the name of the Secret it reads. */
    private static Map<String, String> secretNames(Manifests manifests, String service) {
        return secretRefs(manifests, service, SecretKeySelector::getName);
    }

    private static Map<String, String> secretRefs(Manifests manifests, String service,
            Function<SecretKeySelector, String> part) {
        Stream<EnvVar> env = manifests.container(service).getEnv().stream();
        return env.collect(Collectors.toMap(EnvVar::getName,
                variable -> part.apply(variable.getValueFrom().getSecretKeyRef())));
    }
}
