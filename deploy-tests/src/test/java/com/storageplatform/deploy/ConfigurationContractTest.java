package com.storageplatform.deploy;

import static com.storageplatform.deploy.support.PlatformServices.ALL;
import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.deploy.support.HelmChart;
import com.storageplatform.deploy.support.Manifests;
import com.storageplatform.deploy.support.RepositoryPaths;
import com.storageplatform.deploy.support.ServiceSettings;
import com.storageplatform.deploy.support.ValueSet;
import io.fabric8.kubernetes.api.model.EnvVar;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The chart and the services agree on variable names: every variable the chart renders is documented in
 * docs/configuration.md, and every one of the platform's own (PLATFORM_*, BILLING_* of billing's providers, CRM_* of
 * crm's message providers and integrations, COMPLIANCE_* of compliance's ID checks and access) is a setting some
 * service reads (found in the sources of the services and the kit, so a renamed property fails here rather than
 * being silently ignored in a cluster).
 */
class ConfigurationContractTest {

    /** A variable name in the docs, in backticks; {@code <NAME>} stands for any one word. */
    private static final Pattern DOCUMENTED = Pattern.compile("`([A-Z][A-Z0-9_]*(?:<[A-Z]+>[A-Z0-9_]*)*)`");

    private static String documentation;
    private static List<Pattern> documentedNames;
    private static ServiceSettings settings;

    @BeforeAll
    static void read() throws IOException {
        documentation = Files.readString(RepositoryPaths.root().resolve("docs/configuration.md"));
        documentedNames = new ArrayList<>();
        Matcher names = DOCUMENTED.matcher(documentation);
        while (names.find()) {
            documentedNames.add(Pattern.compile(names.group(1).replaceAll("<[A-Z]+>", "[A-Z0-9]+")));
        }
        settings = ServiceSettings.read(RepositoryPaths.root());
    }

    @ParameterizedTest
    @EnumSource(ValueSet.class)
    void everyVariableTheChartSetsIsDocumented(ValueSet valueSet) {
        Set<String> rendered = renderedVariables(HelmChart.render(valueSet));

        assertThat(rendered).isNotEmpty().allSatisfy(variable -> assertThat(documentedNames).as(
                "%s in docs/configuration.md", variable).anyMatch(name -> name.matcher(variable).matches()));
    }

    @ParameterizedTest
    @EnumSource(ValueSet.class)
    void everyPlatformVariableTheChartSetsIsReadBySomeService(ValueSet valueSet) {
        Set<String> rendered = renderedVariables(HelmChart.render(valueSet));

        assertThat(rendered).filteredOn(ConfigurationContractTest::isPlatformVariable)
                .isNotEmpty()
                .allSatisfy(variable -> assertThat(settings.reads(variable))
                        .as("%s is read by no service (known: %s)", variable, settings.properties()).isTrue());
    }

    @Test
    void theKnownSettingsComeFromEverySourceAndAMisspeltNameIsNotAmongThem() {
        // From a @ConfigurationProperties record, a Map key of one, an application.yml and a property look-up.
        assertThat(settings.reads("PLATFORM_RATE_LIMITS_LIVE_PER_SECOND")).isTrue();
        assertThat(settings.reads("PLATFORM_SERVICES_CATALOGUE_URL")).isTrue();
        assertThat(settings.reads("PLATFORM_WEBHOOKS_DELIVERY_PER_ENDPOINT")).isTrue();
        assertThat(settings.reads("PLATFORM_DATABASE_URL")).isTrue();
        assertThat(settings.reads("PLATFORM_KEYCLOAK_ADMIN_CLIENT_SECRET")).isTrue();
        assertThat(settings.reads("PLATFORM_APP_COOKIE_KEY")).isTrue();
        assertThat(settings.reads("BILLING_PROVIDERS_GOCARDLESS_WEBHOOK_SECRET")).isTrue();
        assertThat(settings.reads("BILLING_PROVIDERS_GO_CARDLESS_WEBHOOK_SECRET")).isFalse();
        assertThat(settings.reads("CRM_INTEGRATIONS_SEALING_KEY")).isTrue();
        assertThat(settings.reads("CRM_MESSAGES_PROVIDERS_TWILIO_STATUS_CALLBACK_URL")).isTrue();
        assertThat(settings.reads("CRM_MESSAGES_PROVIDERS_TEST_SMTP_HOST")).isTrue();
        assertThat(settings.reads("CRM_MESSAGES_SENDING_RECEIPT_SETTLE_DELAY")).isTrue();
        assertThat(settings.reads("CRM_MESSAGES_PROVIDER_SMTP_HOST")).isFalse();
        assertThat(settings.reads("CRM_INTEGRATION_SEALING_KEY")).isFalse();
        assertThat(settings.reads("CRM_MESSAGES_PROVIDERS_TWILIO_CALLBACK_URL")).isFalse();
        assertThat(settings.reads("COMPLIANCE_IDENTITY_LINK_BASE_URL")).isTrue();
        assertThat(settings.reads("COMPLIANCE_IDENTITY_STRIPE_WEBHOOK_SECRET")).isTrue();
        assertThat(settings.reads("COMPLIANCE_IDENTITY_STRIPE_BASE_URL")).isTrue();
        assertThat(settings.reads("COMPLIANCE_ACCESS_SEALING_KEY")).isTrue();
        assertThat(settings.reads("COMPLIANCE_ACCESS_COMMANDS_FIRST_RETRY")).isTrue();
        assertThat(settings.reads("COMPLIANCE_ACCESS_SIMULATOR_LOCK_CONFIRM_DELAY")).isTrue();
        assertThat(settings.reads("BILLING_ACCOUNTING_FIRST_RETRY")).isTrue();
        assertThat(settings.reads("BILLING_ACCOUNTING_XERO_TOKEN_URL")).isTrue();
        assertThat(settings.reads("BILLING_ACCOUNTING_XERO_TOKEN_URI")).isFalse();
        assertThat(settings.reads("COMPLIANCE_IDENTITY_LINK_URL")).isFalse();
        assertThat(settings.reads("COMPLIANCE_IDENTITY_STRIPE_WEBHOOKS_SECRET")).isFalse();
        assertThat(settings.reads("COMPLIANCE_ID_CHECKS_STRIPE_API_KEY")).isFalse();
        assertThat(settings.reads("COMPLIANCE_ACCESS_SEAL_KEY")).isFalse();
        assertThat(settings.reads("COMPLIANCE_ACCESS_COMMAND_FIRST_RETRY")).isFalse();
        assertThat(settings.reads("COMPLIANCE_ACCESS_SIMULATOR_LOCK_DELAY")).isFalse();
        assertThat(settings.reads("PLATFORM_RATE_LIMIT_LIVE_PER_SECOND")).isFalse();
        assertThat(settings.reads("PLATFORM_SERVICES_CATALOGUE_URI")).isFalse();
        assertThat(settings.reads("PLATFORM_DATABASE")).isFalse();
    }

    /** A variable of the platform's own settings, which some service must read; SPRING_*, SERVER_* are Spring's. */
    private static boolean isPlatformVariable(String variable) {
        return variable.startsWith("PLATFORM_") || variable.startsWith("BILLING_") || variable.startsWith("CRM_")
                || variable.startsWith("COMPLIANCE_");
    }

    /** The names of every key of the services' ConfigMaps and every variable of their containers. */
    private static Set<String> renderedVariables(Manifests manifests) {
        Set<String> names = new TreeSet<>();
        for (String service : ALL) {
            names.addAll(manifests.config(service).keySet());
            manifests.container(service).getEnv().stream().map(EnvVar::getName).forEach(names::add);
        }
        return names;
    }
}
