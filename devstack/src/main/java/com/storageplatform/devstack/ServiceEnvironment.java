package com.storageplatform.devstack;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** The environment of each service, as docs/configuration.md defines it. */
final class ServiceEnvironment {

    static final String ENVIRONMENT = "development";
    /** The realm the auth service provisions for operators' staff, and the client they sign in through. */
    static final String KEYCLOAK_REALM = "storage-platform";
    static final String KEYCLOAK_CLIENT_ID = "storage-platform";

    private ServiceEnvironment() {
    }

    static Map<String, String> of(Service service, Ports ports, Database database, StackSecrets secrets) {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("SERVER_PORT", Integer.toString(ports.service(service)));
        env.put("MANAGEMENT_SERVER_PORT", Integer.toString(ports.management(service)));
        // Locally every trace is kept: a developer who switches an exporter on sees each request.
        env.put("MANAGEMENT_TRACING_SAMPLING_PROBABILITY", "1.0");
        env.put("PLATFORM_ENVIRONMENT", ENVIRONMENT);
        // The gateway routes to every service; a service calls its peers (ServiceClient) at the same URLs.
        for (Service backend : Services.backends()) {
            env.put("PLATFORM_SERVICES_" + backend.shortName().toUpperCase(Locale.ROOT) + "_URL",
                    "http://127.0.0.1:" + ports.service(backend));
        }
        if (service.isGateway()) {
            env.put("PLATFORM_CALLER_TOKEN_PRIVATE_KEY", secrets.callerToken().privateKeyPem());
            env.put("PLATFORM_ADMIN_TOKEN", secrets.adminToken());
            return env;
        }
        env.put("PLATFORM_DATABASE_URL", database.serviceUrl());
        env.put("PLATFORM_DATABASE_USERNAME", database.username());
        env.put("PLATFORM_DATABASE_PASSWORD", database.password());
        env.put("PLATFORM_DATABASE_SCHEMA", service.shortName());
        env.put("SPRING_KAFKA_BOOTSTRAP_SERVERS", "127.0.0.1:" + ports.kafka());
        env.put("PLATFORM_CALLER_TOKEN_PUBLIC_KEY", secrets.callerToken().publicKeyPem());
        env.put("PLATFORM_SERVICE_TOKEN_PRIVATE_KEY", secrets.serviceToken().privateKeyPem());
        env.put("PLATFORM_SERVICE_TOKEN_PUBLIC_KEY", secrets.serviceToken().publicKeyPem());
        if (service.name().equals("auth-service")) {
            // Operator sign-in and the developer settings (ADR 0023), served through the gateway.
            String gateway = "http://127.0.0.1:" + ports.gateway();
            env.put("PLATFORM_APP_URL", gateway + "/app");
            env.put("PLATFORM_APP_API_URL", gateway);
            env.put("PLATFORM_APP_COOKIE_KEY", secrets.authCookieKey());
            env.put("PLATFORM_KEYCLOAK_URL", "http://127.0.0.1:" + ports.keycloak());
            env.put("PLATFORM_KEYCLOAK_REALM", KEYCLOAK_REALM);
            env.put("PLATFORM_KEYCLOAK_CLIENT_ID", KEYCLOAK_CLIENT_ID);
            env.put("PLATFORM_KEYCLOAK_CLIENT_SECRET", secrets.keycloakClientSecret());
            env.put("PLATFORM_KEYCLOAK_ADMIN_CLIENT_ID", KeycloakProcess.ADMIN_CLIENT_ID);
            env.put("PLATFORM_KEYCLOAK_ADMIN_CLIENT_SECRET", secrets.keycloakAdminClientSecret());
        }
        if (service.name().equals("webhook-dispatcher")) {
            // Lets developers and the e2e suite receive webhooks on localhost; refused in production.
            env.put("PLATFORM_WEBHOOKS_ALLOW_LOCALHOST", "true");
            env.put("PLATFORM_WEBHOOKS_SECRET_KEY", secrets.webhookSecretKey());
        }
        if (service.name().equals("crm-service")) {
            // The message providers stay unset: test accounts use the simulators. A CRM_MESSAGES_PROVIDERS_TEST_SMTP_*
            // in the launcher's own environment reaches crm-service anyway (ProcessControl starts every process with
            // the launcher's environment plus this map).
            env.put("CRM_INTEGRATIONS_SEALING_KEY", secrets.crmIntegrationsSealingKey());
        }
        if (service.name().equals("compliance-service")) {
            env.put("COMPLIANCE_ACCESS_SEALING_KEY", secrets.complianceAccessSealingKey());
        }
        return env;
    }
}
