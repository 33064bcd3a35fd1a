package com.storageplatform.compliance.identity.provider;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The online ID checks' settings ({@code COMPLIANCE_IDENTITY_*}). Stripe Identity without its key and webhook secret
 * is not set up: live accounts cannot start a check (409), test accounts always get the simulator. The string forms
 * never show a key or secret.
 *
 * @param linkBaseUrl where the customer's link leads: the platform's public address (the gateway), in front of
 *                    {@code /id-checks/start}
 */
@ConfigurationProperties("compliance.identity")
public record IdCheckSettings(String linkBaseUrl, Stripe stripe) {

    static final String STRIPE_API = "https://api.stripe.com";
    static final String LOCAL_GATEWAY = "http://localhost:8080";

    public IdCheckSettings {
        linkBaseUrl = blank(linkBaseUrl) ? LOCAL_GATEWAY : linkBaseUrl.replaceAll("/+$", "");
        stripe = stripe == null ? new Stripe(null, null, null) : stripe;
    }

    /** @param baseUrl Stripe's API, or a local stub's */
    public record Stripe(String apiKey, String webhookSecret, String baseUrl) {

        public Stripe {
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

    private static boolean blank(String value) {
        return value == null || value.isBlank();
    }
}
