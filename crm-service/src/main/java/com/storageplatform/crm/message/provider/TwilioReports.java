package com.storageplatform.crm.message.provider;

import com.storageplatform.crm.message.provider.DeliveryReport.Kind;
import com.twilio.security.RequestValidator;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Twilio's status callbacks: one message status per form-encoded body ({@code MessageSid}, {@code MessageStatus},
 * {@code ErrorCode}, ...), signed in {@code X-Twilio-Signature} (Base64 HMAC-SHA1 of the callback URL and the sorted
 * parameters, with the account's auth token) and verified by Twilio's own {@link RequestValidator}, which compares in
 * constant time. Twilio's callbacks carry no event id: the message's SID and status are one ({@code SM...:delivered}),
 * so a repeated callback changes nothing. {@code delivered} is {@link Kind#DELIVERED}; {@code undelivered} and
 * {@code failed} (a carrier that could not deliver it) are {@link Kind#BOUNCED}; the others ({@code queued},
 * {@code sent}, ...) are passed over.
 */
final class TwilioReports implements ReportReader {

    static final String HEADER = "X-Twilio-Signature";

    private final Clock clock;

    TwilioReports(Clock clock) {
        this.clock = clock;
    }

    @Override
    public String provider() {
        return TwilioSms.NAME;
    }

    @Override
    public String signatureHeader() {
        return HEADER;
    }

    @Override
    public List<DeliveryReport> read(String body, String signature, String secret, String url) {
        if (body == null || signature == null || signature.isBlank() || url == null) {
            throw Reports.badSignature(HEADER);
        }
        Map<String, String> parameters = form(body);
        if (!new RequestValidator(secret).validate(url, parameters, signature)) {
            throw Reports.badSignature(HEADER);
        }
        String sid = parameters.get("MessageSid");
        String status = parameters.get("MessageStatus");
        if (sid == null || status == null) {
            throw Reports.notTheProvidersBody("Twilio");
        }
        Kind kind = switch (status) {
            case "delivered" -> Kind.DELIVERED;
            case "undelivered", "failed" -> Kind.BOUNCED;
            default -> Kind.IGNORED;
        };
        String error = parameters.get("ErrorCode");
        String reason = kind == Kind.BOUNCED ? "Twilio " + status + (error == null ? "" : ", error " + error) : null;
        return List.of(new DeliveryReport(provider(), sid + ":" + status, kind, sid, clock.instant(), reason));
    }

    /** An {@code application/x-www-form-urlencoded} body's parameters; a repeated name keeps its last value. */
    static Map<String, String> form(String body) {
        Map<String, String> parameters = new LinkedHashMap<>();
        for (String pair : body.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String name = eq < 0 ? pair : pair.substring(0, eq);
            String value = eq < 0 ? "" : pair.substring(eq + 1);
            try {
                parameters.put(URLDecoder.decode(name, StandardCharsets.UTF_8),
                        URLDecoder.decode(value, StandardCharsets.UTF_8));
            } catch (IllegalArgumentException malformed) {
                throw Reports.notTheProvidersBody("Twilio");
            }
        }
        return parameters;
    }
}
