package com.storageplatform.crm.message.provider;

import com.storageplatform.crm.message.provider.DeliveryReport.Kind;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Clock;
import java.util.Base64;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * What the simulators and the test helpers report with: a provider-shaped report for one message, signed with the
 * simulator's own secret (random per process), to be read by the same {@link ReportReader} and applied by the same
 * handler as a provider's own, so the simulated and real paths cannot drift.
 */
public final class SimulatedReports {

    /** The URL simulated Twilio callbacks are signed for (Twilio signs the URL it calls). */
    static final String TWILIO_CALLBACK = "https://simulator.invalid/message-providers/twilio/notifications";
    static final String BOUNCE_REASON_EMAIL = "550 5.1.1 The simulated mailbox does not exist.";
    static final String TWILIO_UNDELIVERED_ERROR = "30003";

    private final JsonMapper json;
    private final Clock clock;
    private final Clock signingClock;
    private final Map<String, String> secrets;

    /**
     * @param clock        when the simulated events happen (the platform's clock)
     * @param signingClock the time a signature carries: the readers' clock, real time like every security check
     */
    SimulatedReports(JsonMapper json, Clock clock, Clock signingClock) {
        this.json = json;
        this.clock = clock;
        this.signingClock = signingClock;
        this.secrets = Map.of(SmtpEmail.NAME, SimulatedProvider.random(24), TwilioSms.NAME,
                SimulatedProvider.random(16));
    }

    /** A signed report, with the URL it was (as if) posted to. */
    public record Signed(String provider, String body, String signature, String secret, String url) {
    }

    /** The provider's report that the message it calls {@code providerMessageId} was delivered or bounced. */
    public Signed report(String provider, String providerMessageId, Kind kind) {
        if (kind == Kind.IGNORED) {
            throw new IllegalArgumentException("A simulated report is delivered or bounced");
        }
        return switch (provider) {
            case SmtpEmail.NAME -> email(providerMessageId, kind);
            case TwilioSms.NAME -> twilio(providerMessageId, kind);
            default -> throw new IllegalArgumentException("No simulated provider " + provider);
        };
    }

    private Signed email(String messageId, Kind kind) {
        ObjectNode body = json.createObjectNode();
        ObjectNode event = body.putArray("events").addObject()
                .put("id", "evt_" + SimulatedProvider.random(12))
                .put("type", kind == Kind.DELIVERED ? "delivered" : "bounced")
                .put("message_id", "<" + messageId + ">")
                .put("occurred_at", clock.instant().toString());
        if (kind == Kind.BOUNCED) {
            event.put("reason", BOUNCE_REASON_EMAIL);
        } else {
            event.putNull("reason");
        }
        String text = json.writeValueAsString(body);
        String secret = secrets.get(SmtpEmail.NAME);
        return new Signed(SmtpEmail.NAME, text,
                SignedReports.signature(secret, signingClock.instant().getEpochSecond(), text), secret, null);
    }

    private Signed twilio(String sid, Kind kind) {
        Map<String, String> parameters = new TreeMap<>();
        parameters.put("MessageSid", sid);
        parameters.put("SmsSid", sid);
        parameters.put("AccountSid", "AC" + "0".repeat(32));
        parameters.put("MessageStatus", kind == Kind.DELIVERED ? "delivered" : "undelivered");
        if (kind == Kind.BOUNCED) {
            parameters.put("ErrorCode", TWILIO_UNDELIVERED_ERROR);
        }
        String body = parameters.entrySet().stream()
                .map(e -> encode(e.getKey()) + "=" + encode(e.getValue()))
                .collect(Collectors.joining("&"));
        String secret = secrets.get(TwilioSms.NAME);
        return new Signed(TwilioSms.NAME, body, twilioSignature(secret, TWILIO_CALLBACK, parameters), secret,
                TWILIO_CALLBACK);
    }

    /** Twilio's signature: Base64 of HMAC-SHA1, keyed by the auth token, of the URL and each name and value sorted. */
    static String twilioSignature(String token, String url, Map<String, String> parameters) {
        StringBuilder data = new StringBuilder(url);
        new TreeMap<>(parameters).forEach((name, value) -> data.append(name).append(value));
        try {
            Mac mac = Mac.getInstance("HmacSHA1");
            mac.init(new SecretKeySpec(token.getBytes(StandardCharsets.UTF_8), "HmacSHA1"));
            return Base64.getEncoder().encodeToString(mac.doFinal(data.toString().getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException impossible) {
            throw new IllegalStateException("HmacSHA1 is part of every JDK", impossible);
        }
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
