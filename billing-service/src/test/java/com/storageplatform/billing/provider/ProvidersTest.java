package com.storageplatform.billing.provider;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.storageplatform.kit.caller.ActorType;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.Environment;
import com.storageplatform.kit.resilience.Resilience;
import com.storageplatform.kit.resilience.ResilienceProperties;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.ErrorCode;
import java.time.Clock;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;
import tools.jackson.databind.json.JsonMapper;

class ProvidersTest {

    private static final Caller TEST = caller(Environment.TEST);
    private static final Caller LIVE = caller(Environment.LIVE);

    @Test
    void testAccountsGetTheSimulatorsEvenWhenTheProvidersAreSetUp() {
        Providers providers = providers(configured());

        assertThat(providers.cards(TEST)).isInstanceOf(SimulatedCardGateway.class);
        assertThat(providers.directDebit(TEST)).isInstanceOf(SimulatedDirectDebit.class);
    }

    @Test
    void liveAccountsGetTheLiveAdapters() {
        Providers providers = providers(configured());

        assertThat(providers.cards(LIVE)).isInstanceOf(StripeCardGateway.class);
        assertThat(providers.directDebit(LIVE)).isInstanceOf(GoCardlessDirectDebit.class);
        assertThat(providers.cards(LIVE).provider()).isEqualTo(providers.cards(TEST).provider()).isEqualTo("stripe");
        assertThat(providers.directDebit(LIVE).provider()).isEqualTo("gocardless");
    }

    @Test
    void aLiveAccountIsRefusedCardPaymentsWhenStripeIsNotSetUp() {
        Providers providers = providers(new ProviderSettings(null, null, null));

        assertThatThrownBy(() -> providers.cards(LIVE)).isInstanceOfSatisfying(ApiException.class, refused -> {
            assertThat(refused.code()).isEqualTo(ErrorCode.CONFLICT);
            assertThat(refused.getMessage())
                    .isEqualTo("Card payments are not set up for live accounts on this platform.");
        });
    }

    @Test
    void aLiveAccountIsRefusedDirectDebitWhenGoCardlessIsNotSetUp() {
        Providers providers = providers(new ProviderSettings(null,
                new ProviderSettings.GoCardless("token-without-webhook-secret", null, null), null));

        assertThatThrownBy(() -> providers.directDebit(LIVE)).isInstanceOfSatisfying(ApiException.class, refused -> {
            assertThat(refused.code()).isEqualTo(ErrorCode.CONFLICT);
            assertThat(refused.getMessage()).isEqualTo("Direct Debit is not set up for live accounts on this platform.");
        });
    }

    @Test
    void eachProviderHasItsReaderAndAnUnknownOneIsNotFound() {
        Providers providers = providers(configured());

        assertThat(providers.reader("stripe").signatureHeader()).isEqualTo("Stripe-Signature");
        assertThat(providers.reader("gocardless").signatureHeader()).isEqualTo("Webhook-Signature");
        assertThatThrownBy(() -> providers.reader("paypal")).isInstanceOfSatisfying(ApiException.class,
                refused -> assertThat(refused.code()).isEqualTo(ErrorCode.NOT_FOUND));
    }

    @Test
    void theLiveSecretIsTheConfiguredOneAndRefusedWhenTheProviderIsNotSetUp() {
        assertThat(providers(configured()).liveSecret("stripe")).isEqualTo("whsec_live");
        assertThat(providers(configured()).liveSecret("gocardless")).isEqualTo("gc-live-secret");
        assertThatThrownBy(() -> providers(new ProviderSettings(null, null, null)).liveSecret("gocardless"))
                .isInstanceOfSatisfying(ApiException.class,
                        refused -> assertThat(refused.code()).isEqualTo(ErrorCode.CONFLICT));
        assertThatThrownBy(() -> providers(configured()).liveSecret("paypal")).isInstanceOfSatisfying(
                ApiException.class, refused -> assertThat(refused.code()).isEqualTo(ErrorCode.NOT_FOUND));
    }

    @Test
    void theSettingsNeverPrintAKeyOrSecretAndDefaultToTheProvidersLiveApis() {
        ProviderSettings settings = configured();

        assertThat(settings.toString()).doesNotContain("sk_live_secret", "whsec_live", "gc-live-token",
                "gc-live-secret").contains("configured=true");
        ProviderSettings defaults = new ProviderSettings(null, null, null);
        assertThat(defaults.stripe().baseUrl()).isEqualTo("https://api.stripe.com");
        assertThat(defaults.gocardless().baseUrl()).isEqualTo("https://api.gocardless.com");
        assertThat(defaults.simulator().baseUrl()).isEqualTo("https://simulator.invalid");
    }

    @Test
    void theSettingsBindFromTheBillingProvidersVariables() {
        Map<String, Object> environment = Map.of(
                "BILLING_PROVIDERS_STRIPE_API_KEY", "sk_live_1",
                "BILLING_PROVIDERS_STRIPE_WEBHOOK_SECRET", "whsec_1",
                "BILLING_PROVIDERS_STRIPE_BASE_URL", "http://localhost:12111",
                "BILLING_PROVIDERS_GOCARDLESS_ACCESS_TOKEN", "live_1",
                "BILLING_PROVIDERS_GOCARDLESS_WEBHOOK_SECRET", "gc_1",
                "BILLING_PROVIDERS_GOCARDLESS_BASE_URL", "https://api-sandbox.gocardless.com",
                "BILLING_PROVIDERS_SIMULATOR_BASE_URL", "https://simulator.example.com/");
        Binder binder = new Binder(ConfigurationPropertySources.from(
                new SystemEnvironmentPropertySource(
                StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME, environment)));

        ProviderSettings settings = binder.bind("billing.providers", ProviderSettings.class).get();

        assertThat(settings.stripe()).isEqualTo(new ProviderSettings.Stripe("sk_live_1", "whsec_1",
                "http://localhost:12111"));
        assertThat(settings.gocardless()).isEqualTo(new ProviderSettings.GoCardless("live_1", "gc_1",
                "https://api-sandbox.gocardless.com"));
        assertThat(settings.simulator().baseUrl()).isEqualTo("https://simulator.example.com");
    }

    @Test
    void aBankAccountNeverPrintsItsNumber() {
        assertThat(new BankAccount("Ann Lee", "200000", "55779911").toString()).doesNotContain("55779911")
                .contains("Ann Lee", "200000", "******11");
    }

    private static ProviderSettings configured() {
        return new ProviderSettings(new ProviderSettings.Stripe("sk_live_secret", "whsec_live", null),
                new ProviderSettings.GoCardless("gc-live-token", "gc-live-secret", null), null);
    }

    private static Providers providers(ProviderSettings settings) {
        return new ProviderConfiguration().providers(settings,
                new Resilience(ResilienceProperties.defaultSettings()), JsonMapper.builder().build(),
                Clock.systemUTC());
    }

    private static Caller caller(Environment environment) {
        return new Caller(UUID.randomUUID(), UUID.randomUUID(), environment, Set.of("billing:write"), null,
                ActorType.API, "cred_1", "req_1");
    }
}
