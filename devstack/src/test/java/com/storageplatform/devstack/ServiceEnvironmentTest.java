package com.storageplatform.devstack;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import org.junit.jupiter.api.Test;

class ServiceEnvironmentTest {

    private final Ports ports = new Ports(8080);
    private final Database database = Database.embedded(ports.postgres());
    private final StackSecrets secrets = new StackSecrets(new Keys.CallerTokenKeys("PRIVATE PEM", "PUBLIC PEM"),
            "svc_admin_x", "SEALING KEY", new Keys.CallerTokenKeys("SERVICE PRIVATE PEM", "SERVICE PUBLIC PEM"),
            "KC ADMIN PASSWORD", "KC ADMIN CLIENT SECRET", "KC CLIENT SECRET", "COOKIE KEY", "CRM SEALING KEY",
            "COMPLIANCE SEALING KEY");

    private static final Map<String, String> SERVICE_URLS = Map.of(
            "PLATFORM_SERVICES_AUTH_URL", "http://127.0.0.1:8081",
            "PLATFORM_SERVICES_CATALOGUE_URL", "http://127.0.0.1:8082",
            "PLATFORM_SERVICES_COMMERCE_URL", "http://127.0.0.1:8083",
            "PLATFORM_SERVICES_BILLING_URL", "http://127.0.0.1:8084",
            "PLATFORM_SERVICES_CRM_URL", "http://127.0.0.1:8085",
            "PLATFORM_SERVICES_COMPLIANCE_URL", "http://127.0.0.1:8086",
            "PLATFORM_SERVICES_WEBHOOKS_URL", "http://127.0.0.1:8087");

    private Map<String, String> environmentOf(String name) {
        return ServiceEnvironment.of(Services.byName(name).orElseThrow(), ports, database, secrets);
    }

    @Test
    void aServiceGetsItsPortsDatabaseSchemaKafkaTheVerifyingKeyAndWhatItCallsItsPeersWith() {
        Map<String, String> expected = new java.util.HashMap<>(SERVICE_URLS);
        expected.putAll(Map.ofEntries(
                Map.entry("SERVER_PORT", "8082"),
                Map.entry("MANAGEMENT_SERVER_PORT", "8132"),
                Map.entry("MANAGEMENT_TRACING_SAMPLING_PROBABILITY", "1.0"),
                Map.entry("PLATFORM_DATABASE_URL", "postgresql://127.0.0.1:8100/platform"),
                Map.entry("PLATFORM_DATABASE_USERNAME", "platform"),
                Map.entry("PLATFORM_DATABASE_PASSWORD", "platform"),
                Map.entry("PLATFORM_DATABASE_SCHEMA", "catalogue"),
                Map.entry("SPRING_KAFKA_BOOTSTRAP_SERVERS", "127.0.0.1:8110"),
                Map.entry("PLATFORM_CALLER_TOKEN_PUBLIC_KEY", "PUBLIC PEM"),
                Map.entry("PLATFORM_SERVICE_TOKEN_PRIVATE_KEY", "SERVICE PRIVATE PEM"),
                Map.entry("PLATFORM_SERVICE_TOKEN_PUBLIC_KEY", "SERVICE PUBLIC PEM"),
                Map.entry("PLATFORM_ENVIRONMENT", "development")));
        assertThat(environmentOf("catalogue-service")).containsExactlyInAnyOrderEntriesOf(expected);
    }

    @Test
    void theWebhookDispatcherMayDeliverToLocalhostInDevelopmentAndGetsItsSealingKey() {
        assertThat(environmentOf("webhook-dispatcher"))
                .containsEntry("PLATFORM_WEBHOOKS_ALLOW_LOCALHOST", "true")
                .containsEntry("PLATFORM_WEBHOOKS_SECRET_KEY", "SEALING KEY")
                .containsEntry("PLATFORM_DATABASE_SCHEMA", "webhooks");
        assertThat(environmentOf("billing-service")).doesNotContainKeys("PLATFORM_WEBHOOKS_ALLOW_LOCALHOST",
                "PLATFORM_WEBHOOKS_SECRET_KEY");
    }

    @Test
    void crmGetsItsIntegrationsSealingKeyAndNoMessageProviderButNoOtherServiceGetsTheKey() {
        assertThat(environmentOf("crm-service")).containsEntry("CRM_INTEGRATIONS_SEALING_KEY", "CRM SEALING KEY")
                .containsEntry("PLATFORM_DATABASE_SCHEMA", "crm");
        // Test accounts use the simulators; live accounts get 409 for email and SMS in the devstack.
        assertThat(environmentOf("crm-service").keySet()).noneMatch(name -> name.startsWith("CRM_MESSAGES_"));
        for (String other : java.util.List.of("gateway", "auth-service", "billing-service", "webhook-dispatcher")) {
            assertThat(environmentOf(other)).as(other).doesNotContainKey("CRM_INTEGRATIONS_SEALING_KEY");
        }
    }

    @Test
    void complianceGetsItsAccessSealingKeyButNoOtherServiceGetsTheKey() {
        assertThat(environmentOf("compliance-service"))
                .containsEntry("COMPLIANCE_ACCESS_SEALING_KEY", "COMPLIANCE SEALING KEY")
                .containsEntry("PLATFORM_DATABASE_SCHEMA", "compliance");
        for (String other : java.util.List.of("gateway", "auth-service", "billing-service", "crm-service",
                "webhook-dispatcher")) {
            assertThat(environmentOf(other)).as(other).doesNotContainKey("COMPLIANCE_ACCESS_SEALING_KEY");
        }
    }

    @Test
    void theGatewayNeverGetsTheServicesKeys() {
        assertThat(environmentOf("gateway")).doesNotContainKeys("PLATFORM_SERVICE_TOKEN_PRIVATE_KEY",
                "PLATFORM_SERVICE_TOKEN_PUBLIC_KEY");
    }

    @Test
    void theAuthServiceGetsKeycloakTheSettingsAppUrlAndItsCookieKeyButNoOtherServiceDoes() {
        assertThat(environmentOf("auth-service"))
                .containsEntry("PLATFORM_KEYCLOAK_URL", "http://127.0.0.1:8120")
                .containsEntry("PLATFORM_KEYCLOAK_REALM", "storage-platform")
                .containsEntry("PLATFORM_KEYCLOAK_CLIENT_ID", "storage-platform")
                .containsEntry("PLATFORM_KEYCLOAK_CLIENT_SECRET", "KC CLIENT SECRET")
                .containsEntry("PLATFORM_KEYCLOAK_ADMIN_CLIENT_ID", "platform-provisioner")
                .containsEntry("PLATFORM_KEYCLOAK_ADMIN_CLIENT_SECRET", "KC ADMIN CLIENT SECRET")
                .containsEntry("PLATFORM_APP_URL", "http://127.0.0.1:8080/app")
                .containsEntry("PLATFORM_APP_API_URL", "http://127.0.0.1:8080")
                .containsEntry("PLATFORM_APP_COOKIE_KEY", "COOKIE KEY");
        assertThat(environmentOf("crm-service").keySet()).noneMatch(name -> name.contains("KEYCLOAK"))
                .doesNotContain("PLATFORM_APP_COOKIE_KEY");
        assertThat(environmentOf("gateway").keySet()).noneMatch(name -> name.contains("KEYCLOAK"));
    }

    @Test
    void theGatewayGetsTheSigningKeyTheAdminTokenAndEveryServiceUrl() {
        assertThat(environmentOf("gateway")).containsExactlyInAnyOrderEntriesOf(Map.ofEntries(
                Map.entry("SERVER_PORT", "8080"),
                Map.entry("MANAGEMENT_SERVER_PORT", "8130"),
                Map.entry("MANAGEMENT_TRACING_SAMPLING_PROBABILITY", "1.0"),
                Map.entry("PLATFORM_ENVIRONMENT", "development"),
                Map.entry("PLATFORM_CALLER_TOKEN_PRIVATE_KEY", "PRIVATE PEM"),
                Map.entry("PLATFORM_ADMIN_TOKEN", "svc_admin_x"),
                Map.entry("PLATFORM_SERVICES_AUTH_URL", "http://127.0.0.1:8081"),
                Map.entry("PLATFORM_SERVICES_CATALOGUE_URL", "http://127.0.0.1:8082"),
                Map.entry("PLATFORM_SERVICES_COMMERCE_URL", "http://127.0.0.1:8083"),
                Map.entry("PLATFORM_SERVICES_BILLING_URL", "http://127.0.0.1:8084"),
                Map.entry("PLATFORM_SERVICES_CRM_URL", "http://127.0.0.1:8085"),
                Map.entry("PLATFORM_SERVICES_COMPLIANCE_URL", "http://127.0.0.1:8086"),
                Map.entry("PLATFORM_SERVICES_WEBHOOKS_URL", "http://127.0.0.1:8087")));
    }

    @Test
    void anExternalDatabaseIsPassedOnWithItsCredentials() {
        Database external = Database.parse("postgresql://app:pw@db.local:5433/platform");
        Map<String, String> env = ServiceEnvironment.of(Services.byName("crm-service").orElseThrow(), ports,
                external, secrets);

        assertThat(env).containsEntry("PLATFORM_DATABASE_URL", "postgresql://db.local:5433/platform")
                .containsEntry("PLATFORM_DATABASE_USERNAME", "app")
                .containsEntry("PLATFORM_DATABASE_PASSWORD", "pw");
    }
}
