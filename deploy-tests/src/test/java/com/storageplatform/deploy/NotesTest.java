package com.storageplatform.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.deploy.support.HelmChart;
import com.storageplatform.deploy.support.Manifests;
import com.storageplatform.deploy.support.ValueSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/** What `helm install` tells the operator: the warnings a value set deserves, and none it does not. */
class NotesTest {

    private static final String REDIS_WARNING = "WARNING: the gateway may run up to";

    @Test
    void theDefaultInstallWarnsThatItsGatewayReplicasDoNotShareLimitsWithoutRedis() {
        String notes = HelmChart.notes(List.of(), Map.of());

        // Defaults: Redis off, the gateway autoscaled from 2 to 10 replicas.
        assertThat(notes).contains(REDIS_WARNING + " 10 replicas without Redis")
                .contains("up to\n10 times its rate limits")
                .contains("gateway.introspectionCacheTtl, 30s");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            autoscaled to 4                 | services.gateway.autoscaling.maxReplicas=4                              | 4
            three fixed replicas            | services.gateway.autoscaling.enabled=false,services.gateway.replicas=3 | 3
            autoscaled to 1                 | services.gateway.autoscaling.minReplicas=1,services.gateway.autoscaling.maxReplicas=1 |
            one fixed replica               | services.gateway.autoscaling.enabled=false,services.gateway.replicas=1 |
            ten replicas sharing Redis      | redis.enabled=true                                                      |
            """)
    void theRedisWarningAppearsExactlyWhenSeveralGatewaysMayRunWithoutIt(String name, String settings,
            Integer warnedReplicas) {
        Map<String, String> values = new LinkedHashMap<>();
        for (String setting : settings.split(",")) {
            String[] pair = setting.split("=", 2);
            values.put(pair[0], pair[1]);
        }

        String notes = HelmChart.notes(List.of(), values);

        if (warnedReplicas == null) {
            assertThat(notes).doesNotContain(REDIS_WARNING);
        } else {
            assertThat(notes).contains(REDIS_WARNING + " " + warnedReplicas + " replicas without Redis");
        }
    }

    @ParameterizedTest
    @EnumSource(value = ValueSet.class, names = {"EXISTING_CLUSTERS", "MINIMAL", "INLINE_SECRETS"})
    void valueSetsWithRedisOrOneGatewayGetNoRedisWarning(ValueSet valueSet) {
        assertThat(HelmChart.notes(valueSet.file().stream().toList(), Map.of())).doesNotContain(REDIS_WARNING);
    }

    @Test
    void theNotesSayWhereTheDeveloperSettingsAreAndWhichKeycloakSignsIn() {
        assertThat(HelmChart.notes(ValueSet.EXISTING_CLUSTERS.file().stream().toList(), Map.of()))
                .contains("https://developers.storage.example.com/app", "https://id.storage.example.com");
        assertThat(HelmChart.notes(ValueSet.OPERATORS.file().stream().toList(), Map.of()))
                .contains("Keycloak runs as the Keycloak resource", "https://id.storage.example.com");
    }

    @Test
    void theKeycloakAndCookieSecretsThePodsWaitForAreListedWhenNotGiven() {
        assertThat(HelmChart.notes(List.of(), Map.of())).contains(Manifests.FULLNAME + "-keycloak (key client-secret",
                Manifests.FULLNAME + "-keycloak-admin (keys client-id, client-secret",
                Manifests.FULLNAME + "-app-cookie-key (key cookie-key");
        assertThat(HelmChart.notes(ValueSet.INLINE_SECRETS.file().stream().toList(), Map.of()))
                .doesNotContain("-keycloak (key", "-app-cookie-key (key");
    }

    @Test
    void theIntegrationsSealingKeyThePodsWaitForIsListedWhenNotGiven() {
        String missing = Manifests.FULLNAME + "-crm-integrations-sealing-key (key sealing-key";

        assertThat(HelmChart.notes(List.of(), Map.of())).contains(missing + ": base64 of 32 random bytes; never "
                + "change it once set)");
        assertThat(HelmChart.notes(ValueSet.INLINE_SECRETS.file().stream().toList(), Map.of())).doesNotContain(missing);
        assertThat(HelmChart.notes(ValueSet.EXISTING_CLUSTERS.file().stream().toList(), Map.of()))
                .doesNotContain(missing);
    }

    @Test
    void theAccessSealingKeyThePodsWaitForIsListedWhenNotGiven() {
        String missing = Manifests.FULLNAME + "-compliance-access-sealing-key (key sealing-key";

        assertThat(HelmChart.notes(List.of(), Map.of())).contains(missing + ": base64 of 32 random bytes; never "
                + "change it once set)");
        assertThat(HelmChart.notes(ValueSet.INLINE_SECRETS.file().stream().toList(), Map.of())).doesNotContain(missing);
        assertThat(HelmChart.notes(ValueSet.EXISTING_CLUSTERS.file().stream().toList(), Map.of()))
                .doesNotContain(missing);
    }

    @Test
    void theNotesSayWhichPaymentProvidersAreSetUpForLiveAccounts() {
        assertThat(HelmChart.notes(List.of(), Map.of())).contains(
                "Stripe (card payments): not set up: live accounts are refused card payments",
                "GoCardless (Direct Debit): not set up: live accounts are refused Direct Debit");
        assertThat(HelmChart.notes(ValueSet.EXISTING_CLUSTERS.file().stream().toList(), Map.of())).contains(
                "Stripe (card payments): set up, at https://api.stripe.com",
                "GoCardless (Direct Debit): set up, at https://api.gocardless.com");
    }

    @Test
    void theNotesSayWhichMessageProvidersAreSetUpForLiveAccounts() {
        assertThat(HelmChart.notes(List.of(), Map.of())).contains(
                "Email (SMTP): not set up: live accounts are refused email",
                "SMS (Twilio): not set up: live accounts are refused SMS");
        assertThat(HelmChart.notes(ValueSet.EXISTING_CLUSTERS.file().stream().toList(), Map.of())).contains(
                "Email (SMTP): set up, through smtp.mail.example.com; the relay's delivery reports are accepted",
                "SMS (Twilio): set up, from +447700900000");
        assertThat(HelmChart.notes(List.of(), Map.of("messages.smtp.host", "smtp.example.com",
                "messages.smtp.from", "messages@example.com"))).contains(
                "the relay's delivery reports are refused (no messages.reports signing secret)");
    }

    @Test
    void aMessageProviderSetUpWithoutInternetEgressForCrmIsWarnedOf() {
        String warning = "WARNING: a message provider is set up but crm-service may not reach the internet";
        Map<String, String> smtp = Map.of("messages.smtp.host", "smtp.example.com",
                "messages.smtp.from", "messages@example.com");

        assertThat(HelmChart.notes(List.of(), smtp)).contains(warning);
        Map<String, String> withEgress = new LinkedHashMap<>(smtp);
        withEgress.put("services.crm-service.internetEgress", "true");
        assertThat(HelmChart.notes(List.of(), withEgress)).doesNotContain(warning);
        assertThat(HelmChart.notes(ValueSet.EXISTING_CLUSTERS.file().stream().toList(), Map.of()))
                .doesNotContain(warning);
        assertThat(HelmChart.notes(List.of(), Map.of())).doesNotContain(warning);
    }

    @Test
    void theNotesSayWhetherStripeIdentityIsSetUpAndWhereTheLinksLead() {
        assertThat(HelmChart.notes(List.of(), Map.of())).contains(
                "Online ID checks of live accounts (compliance-service; test accounts use the simulator), links from "
                        + "https://api.example.com:",
                "Stripe Identity: not set up: live accounts are refused ID checks");
        assertThat(HelmChart.notes(ValueSet.EXISTING_CLUSTERS.file().stream().toList(), Map.of())).contains(
                "links from https://customers.storage.example.com:",
                "Stripe Identity: set up, at https://api.stripe.com");
        // billing's Stripe is not the ID checks' Stripe.
        assertThat(HelmChart.notes(List.of(), Map.of("providers.stripe.existingSecret", "stripe")))
                .contains("Stripe Identity: not set up");
    }

    @Test
    void stripeIdentitySetUpWithoutInternetEgressForComplianceIsWarnedOf() {
        String warning = "WARNING: Stripe Identity is set up but compliance-service may not reach the internet";

        assertThat(HelmChart.notes(List.of(), Map.of("identity.stripe.existingSecret", "identity-stripe")))
                .contains(warning);
        assertThat(HelmChart.notes(List.of(), Map.of("identity.stripe.existingSecret", "identity-stripe",
                "services.compliance-service.internetEgress", "true"))).doesNotContain(warning);
        assertThat(HelmChart.notes(ValueSet.EXISTING_CLUSTERS.file().stream().toList(), Map.of()))
                .doesNotContain(warning);
        assertThat(HelmChart.notes(List.of(), Map.of())).doesNotContain(warning);
    }

    @Test
    void aProviderSetUpWithoutInternetEgressForBillingIsWarnedOf() {
        String warning = "WARNING: a payment provider is set up but billing-service may not reach the internet";

        assertThat(HelmChart.notes(List.of(), Map.of("providers.stripe.existingSecret", "stripe"))).contains(warning);
        assertThat(HelmChart.notes(List.of(), Map.of("providers.stripe.existingSecret", "stripe",
                "services.billing-service.internetEgress", "true"))).doesNotContain(warning);
        assertThat(HelmChart.notes(List.of(), Map.of())).doesNotContain(warning);
    }
}
