package com.storageplatform.billing.provider;

import com.storageplatform.billing.provider.ProviderEvent.Kind;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.LocalDate;
import java.util.HexFormat;
import java.util.Map;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * What the test helpers use: a provider-shaped notification body for one event, signed with the simulator's own
 * secret, to be fed to the same {@link NotificationReader} and handler as a provider's. The bodies follow each
 * provider's documented webhook format, so the simulated and real paths cannot drift.
 */
public final class SimulatedNotifications {

    private final JsonMapper json;
    private final Clock clock;
    private final Clock signingClock;
    private final Map<String, String> secrets;

    /**
     * @param clock        when the simulated events happen (the platform's clock)
     * @param signingClock the time a signature carries: the readers' clock, real time like every security check
     */
    SimulatedNotifications(JsonMapper json, Clock clock, Clock signingClock) {
        this.json = json;
        this.clock = clock;
        this.signingClock = signingClock;
        this.secrets = Map.of(Providers.STRIPE, "whsec_" + Ids.random(24), Providers.GOCARDLESS, Ids.random(24));
    }

    /** A signed notification body. */
    public record Signed(String provider, String body, String signature) {
    }

    /** A GoCardless mandate event: {@link Kind#MANDATE_ACTIVE}, {@link Kind#MANDATE_FAILED} or cancelled. */
    public Signed mandate(String providerMandateRef, Kind kind, String cause) {
        return gocardless(GoCardlessNotifications.actionOf(kind), providerMandateRef, cause);
    }

    /**
     * A payment or refund event of the provider: for "stripe" the {@code CARD_*} kinds, refunds and a chargeback
     * (a dispute), for "gocardless" the {@code PAYMENT_*} kinds and refunds.
     *
     * @param chargeDate the day the simulated payment is charged on; neither provider's notification carries a charge
     *                   date (see {@link ProviderEvent#chargeDate()}), so the body does not either and the reader
     *                   reports none, as for a real one
     */
    public Signed payment(String provider, String providerPaymentRef, Kind kind, String cause, LocalDate chargeDate) {
        return switch (provider) {
            case Providers.STRIPE -> stripe(kind, providerPaymentRef, cause);
            case Providers.GOCARDLESS -> gocardless(GoCardlessNotifications.actionOf(kind), providerPaymentRef, cause);
            default -> throw new IllegalArgumentException("No simulated provider " + provider);
        };
    }

    /** The simulator's signing secret of the provider, random per process. */
    public String secret(String provider) {
        String secret = secrets.get(provider);
        if (secret == null) {
            throw new IllegalArgumentException("No simulated provider " + provider);
        }
        return secret;
    }

    private Signed stripe(Kind kind, String ref, String cause) {
        StripeNotifications.Simulated event = StripeNotifications.simulated(kind, ref, cause);
        ObjectNode body = json.createObjectNode()
                .put("id", "evt_" + Ids.random(12))
                .put("object", "event")
                .put("created", clock.instant().getEpochSecond())
                .put("livemode", false)
                .put("type", event.type());
        body.putObject("data").set("object", json.valueToTree(event.object()));
        String text = json.writeValueAsString(body);
        long timestamp = signingClock.instant().getEpochSecond();
        String signature = "t=" + timestamp + ",v1=" + Hmac.sha256Hex(secret(Providers.STRIPE), timestamp + "." + text);
        return new Signed(Providers.STRIPE, text, signature);
    }

    private Signed gocardless(GoCardlessNotifications.Action action, String ref, String cause) {
        ObjectNode body = json.createObjectNode();
        ObjectNode event = body.putArray("events").addObject()
                .put("id", "EV" + Ids.random(7).toUpperCase())
                .put("created_at", clock.instant().toString())
                .put("resource_type", action.resourceType())
                .put("action", action.action());
        event.putObject("links").put(action.link(), ref);
        event.putObject("details").put("origin", "gocardless").put("cause", cause == null ? action.action() : cause)
                .put("description", "Simulated " + action.resourceType() + " " + action.action() + ".");
        event.putObject("metadata");
        String text = json.writeValueAsString(body);
        return new Signed(Providers.GOCARDLESS, text, Hmac.sha256Hex(secret(Providers.GOCARDLESS), text));
    }

    /** Random lower-case hex ids for simulated references and secrets. */
    static final class Ids {

        private static final SecureRandom RANDOM = new SecureRandom();

        private Ids() {
        }

        static String random(int bytes) {
            byte[] value = new byte[bytes];
            RANDOM.nextBytes(value);
            return HexFormat.of().formatHex(value);
        }
    }
}
