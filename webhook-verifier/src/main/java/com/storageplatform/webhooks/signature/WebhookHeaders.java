package com.storageplatform.webhooks.signature;

/**
 * The names and fixed values of the headers on a webhook delivery, in one place so that the dispatcher that
 * sends them and the receivers that read them cannot drift apart.
 */
public final class WebhookHeaders {

    /** Carries {@code t=<unix-seconds>,v1=<hex>[,v1=<hex>...]}; see {@link WebhookSignature}. */
    public static final String SIGNATURE = "X-Service-Signature";

    /** The delivery's uuid: the same on every attempt of one delivery, so useful in logs and support requests. */
    public static final String DELIVERY = "Service-Delivery";

    /** The {@code User-Agent} value every delivery is sent with. */
    public static final String USER_AGENT_VALUE = "Service-Webhooks/1.0";

    private WebhookHeaders() {
    }
}
