package com.storageplatform.crm.message.provider;

import com.storageplatform.crm.message.provider.DeliveryReport.Kind;
import java.time.Clock;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The email relay's delivery reports (provider {@code smtp}): SMTP itself reports nothing after a server accepts a
 * message, so the relay that carries the live accounts' email (or a small shim beside it) posts what became of each
 * one in this documented shape (docs/api/messages.md, "Delivery reports"):
 *
 * <pre>
 * Message-Report-Signature: t=1764000000,v1=&lt;hex HMAC-SHA256 of "1764000000." + body, with the signing secret&gt;
 * {"events": [{"id": "evt_1", "type": "delivered", "message_id": "&lt;the email's Message-ID&gt;",
 *              "occurred_at": "2026-11-25T10:15:02Z", "reason": null}]}
 * </pre>
 *
 * {@code type} is {@code delivered} or {@code bounced} (any other is recorded and passed over). The signature is
 * compared in constant time and its timestamp must be within five minutes of real time, so a captured report cannot
 * be replayed later; a repeated event id changes nothing.
 */
final class SignedReports implements ReportReader {

    static final String HEADER = "Message-Report-Signature";
    static final long TOLERANCE_SECONDS = 300;

    private final JsonMapper json;
    private final Clock clock;

    SignedReports(JsonMapper json, Clock clock) {
        this.json = json;
        this.clock = clock;
    }

    @Override
    public String provider() {
        return SmtpEmail.NAME;
    }

    @Override
    public String signatureHeader() {
        return HEADER;
    }

    @Override
    public List<DeliveryReport> read(String body, String signature, String secret, String url) {
        verify(body, signature, secret);
        try {
            JsonNode events = json.readTree(body).path("events");
            if (!events.isArray()) {
                throw Reports.notTheProvidersBody("email relay");
            }
            List<DeliveryReport> reports = new ArrayList<>();
            for (JsonNode event : events) {
                String id = event.path("id").asString(null);
                String messageId = stripBrackets(event.path("message_id").asString(null));
                if (id == null || id.isBlank()) {
                    throw Reports.notTheProvidersBody("email relay");
                }
                Kind kind = switch (event.path("type").asString("")) {
                    case "delivered" -> Kind.DELIVERED;
                    case "bounced" -> Kind.BOUNCED;
                    default -> Kind.IGNORED;
                };
                String at = event.path("occurred_at").asString(null);
                reports.add(new DeliveryReport(provider(), id, kind, messageId,
                        at == null ? clock.instant() : Instant.parse(at), event.path("reason").asString(null)));
            }
            return reports;
        } catch (JacksonException | DateTimeParseException notAReport) {
            throw Reports.notTheProvidersBody("email relay");
        }
    }

    private void verify(String body, String signature, String secret) {
        if (body == null || signature == null || signature.isBlank()) {
            throw Reports.badSignature(HEADER);
        }
        String timestamp = null;
        String given = null;
        for (String part : signature.split(",")) {
            String[] pair = part.strip().split("=", 2);
            if (pair.length == 2 && pair[0].equals("t")) {
                timestamp = pair[1];
            } else if (pair.length == 2 && pair[0].equals("v1")) {
                given = pair[1];
            }
        }
        long at;
        try {
            at = Long.parseLong(timestamp == null ? "" : timestamp);
        } catch (NumberFormatException e) {
            throw Reports.badSignature(HEADER);
        }
        if (given == null || Math.abs(clock.instant().getEpochSecond() - at) > TOLERANCE_SECONDS
                || !Reports.same(sign(secret, at, body), given)) {
            throw Reports.badSignature(HEADER);
        }
    }

    /** The header value for {@code body} signed at {@code at}: how the relay signs, and so the simulator. */
    static String signature(String secret, long at, String body) {
        return "t=" + at + ",v1=" + sign(secret, at, body);
    }

    private static String sign(String secret, long at, String body) {
        return Reports.hmacSha256Hex(secret, at + "." + body);
    }

    /** A Message-ID as the email's header carries it ({@code <...>}) or bare: the bare form is stored. */
    static String stripBrackets(String messageId) {
        if (messageId == null) {
            return null;
        }
        String id = messageId.strip();
        return id.startsWith("<") && id.endsWith(">") ? id.substring(1, id.length() - 1) : id;
    }
}
