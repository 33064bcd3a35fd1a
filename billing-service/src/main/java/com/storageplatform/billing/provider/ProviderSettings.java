package com.storageplatform.billing.provider;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The payment providers of live accounts ({@code BILLING_PROVIDERS_STRIPE_API_KEY}, ...). A provider without its
 * key and webhook secret is not set up: live accounts cannot use it (409), test accounts always get the simulators.
 * The string forms never show a key or secret.
 *
 * @param simulator where the simulators' step-up pages appear to be
 */
@ConfigurationProperties("billing.providers")
record ProviderSettings(Stripe stripe, GoCardless gocardless, Simulator simulator) {

    static final String STRIPE_API = "https://api.stripe.com";
    static final String GOCARDLESS_LIVE_API = "https://api.gocardless.com";
    static final String SIMULATOR_BASE = "https://simulator.invalid";

    ProviderSettings {
        stripe = stripe == null ? new Stripe(null, null, null) : stripe;
        gocardless = gocardless == null ? new GoCardless(null, null, null) : gocardless;
        simulator = simulator == null ? new Simulator(null) : simulator;
    }

    /** @param baseUrl Stripe's API, or a local stub's */
    record Stripe(String apiKey, String webhookSecret, String baseUrl) {

        Stripe {
            baseUrl = blank(baseUrl) ? STRIPE_API : baseUrl;
        }

        boolean configured() {
            return !blank(apiKey) && !blank(webhookSecret);
        }

        @Override
        public String toString() {
            return "Stripe[baseUrl=" + baseUrl + ", configured=" + configured() + "]";
        }
    }

    /** @param baseUrl GoCardless's live API; https://api-sandbox.gocardless.com for its sandbox */
    record GoCardless(String accessToken, String webhookSecret, String baseUrl) {

        GoCardless {
            baseUrl = blank(baseUrl) ? GOCARDLESS_LIVE_API : baseUrl;
        }

        boolean configured() {
            return !blank(accessToken) && !blank(webhookSecret);
        }

        @Override
        public String toString() {
            return "GoCardless[baseUrl=" + baseUrl + ", configured=" + configured() + "]";
        }
    }

    record Simulator(String baseUrl) {

        Simulator {
            baseUrl = blank(baseUrl) ? SIMULATOR_BASE : baseUrl.replaceAll("/+$", "");
        }
    }

    private static boolean blank(String value) {
        return value == null || value.isBlank();
    }
}
