package com.storageplatform.crm.message;

import static com.storageplatform.kit.testsupport.ResourceApi.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.crm.message.provider.SimulatedReportsAccess;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.TestCallers;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code POST /message-providers/{provider}/notifications}: the email relay's and Twilio's signed delivery reports,
 * verified with the live secrets, applied once per event, refused whole when the signature does not hold. The
 * messages reported on were sent on a test account (a {@code +hold} address, a {@code 7700 900444} number), which
 * leaves them {@code sent}.
 */
@PlatformTest
class DeliveryReportTest {

    static final String RELAY_SECRET = "relay-secret-for-tests";
    static final String TWILIO_TOKEN = "twilio-auth-token-for-tests";
    static final String CALLBACK = "https://api.storage.test/message-providers/twilio/notifications";

    @DynamicPropertySource
    static void providers(DynamicPropertyRegistry registry) {
        registry.add("crm.messages.providers.reports.signing-secret", () -> RELAY_SECRET);
        registry.add("crm.messages.providers.twilio.account-sid", () -> "AC" + "1".repeat(32));
        registry.add("crm.messages.providers.twilio.auth-token", () -> TWILIO_TOKEN);
        registry.add("crm.messages.providers.twilio.from", () -> "+447700900000");
        registry.add("crm.messages.providers.twilio.status-callback-url", () -> CALLBACK);
    }

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    MessageFixtures f;

    @BeforeEach
    void setUp() {
        f = new MessageFixtures(client, json, db);
    }

    /** A test account's email the simulator took and reports nothing on: answers [id, provider message id]. */
    String[] sentEmail() {
        String id = f.api.createId(f.caller, f.email(f.contact("ada+hold@acme.co.uk"), "transactional", "Hi", "Hi"));
        eventually(() -> f.status(id).equals("sent"));
        return new String[] {id, f.read(id).get("provider_message_id").asString()};
    }

    String[] sentSms() {
        String id = f.api.createId(f.caller, f.sms(f.contact(null, "+447700900444", "yes"), "transactional", "Hi"));
        eventually(() -> f.status(id).equals("sent"));
        return new String[] {id, f.read(id).get("provider_message_id").asString()};
    }

    String relayReport(String eventId, String type, String messageId, String reason) {
        return json.writeValueAsString(Map.of("events", List.of(new LinkedHashMap<>(Map.of(
                "id", eventId, "type", type, "message_id", "<" + messageId + ">",
                "occurred_at", "2026-11-25T10:15:02Z", "reason", reason)))));
    }

    WebTestClient.ResponseSpec post(String provider, String header, String signature, MediaType type, String body) {
        WebTestClient.RequestBodySpec request = client.post().uri("/message-providers/" + provider + "/notifications")
                .contentType(type);
        if (signature != null) {
            request = request.header(header, signature);
        }
        return request.bodyValue(body).exchange();
    }

    WebTestClient.ResponseSpec relay(String signature, String body) {
        return post("smtp", "Message-Report-Signature", signature, MediaType.APPLICATION_JSON, body);
    }

    static String sign(String secret, long at, String body) {
        return SimulatedReportsAccess.relaySignature(secret, at, body);
    }

    @Test
    void theRelaysSignedReportDeliversTheMessageOnce() {
        String[] sent = sentEmail();
        String body = relayReport("evt_" + sent[0], "delivered", sent[1], "");
        String signature = sign(RELAY_SECRET, Instant.now().getEpochSecond(), body);

        JsonNode answer = f.api.body(relay(signature, body).expectStatus().isOk());
        assertThat(answer.get("data").get("received").asInt()).isEqualTo(1);
        assertThat(f.status(sent[0])).isEqualTo("delivered");
        relay(signature, body).expectStatus().isOk();
        assertThat(f.eventTypes(sent[0])).containsExactly("message.sent", "message.delivered");
    }

    @Test
    void aBounceCarriesTheRelaysReason() {
        String[] sent = sentEmail();
        String body = relayReport("evt_b" + sent[0], "bounced", sent[1], "550 5.1.1 No such user");
        relay(sign(RELAY_SECRET, Instant.now().getEpochSecond(), body), body).expectStatus().isOk();

        JsonNode bounced = f.read(sent[0]);
        assertThat(bounced.get("status").asString()).isEqualTo("bounced");
        assertThat(bounced.get("failure_reason").asString()).isEqualTo("550 5.1.1 No such user");
        assertThat(f.eventTypes(sent[0])).containsExactly("message.sent", "message.bounced");

        // A delivery reported after the bounce changes nothing.
        String late = relayReport("evt_l" + sent[0], "delivered", sent[1], "");
        relay(sign(RELAY_SECRET, Instant.now().getEpochSecond(), late), late).expectStatus().isOk();
        assertThat(f.status(sent[0])).isEqualTo("bounced");
    }

    @Test
    void aReportWhoseSignatureDoesNotHoldChangesNothing() {
        String[] sent = sentEmail();
        String body = relayReport("evt_s" + sent[0], "delivered", sent[1], "");
        long now = Instant.now().getEpochSecond();

        assertThat(f.api.errorCode(relay(sign("another-secret", now, body), body), 400)).isEqualTo("invalid_request");
        assertThat(f.api.errorCode(relay(sign(RELAY_SECRET, now - 301, body), body), 400))
                .isEqualTo("invalid_request");
        assertThat(f.api.errorCode(relay(null, body), 400)).isEqualTo("invalid_request");
        assertThat(f.api.errorCode(relay(sign(RELAY_SECRET, now, body), body.replace("delivered", "bounced")), 400))
                .isEqualTo("invalid_request");
        String notAReport = "{\"hello\": 1}";
        assertThat(f.api.errorMessage(relay(sign(RELAY_SECRET, now, notAReport), notAReport), 400,
                "invalid_request")).contains("not a email relay delivery report");
        assertThat(f.status(sent[0])).isEqualTo("sent");
        assertThat(f.api.errorCode(post("pigeon", "X", "x", MediaType.APPLICATION_JSON, body), 404))
                .isEqualTo("not_found");
    }

    @Test
    void twiliosSignedStatusCallbackDeliversOrBouncesTheSms() {
        String[] delivered = sentSms();
        String[] bounced = sentSms();

        twilio(delivered[1], "sent", null).expectStatus().isOk();
        assertThat(f.status(delivered[0])).isEqualTo("sent");
        twilio(delivered[1], "delivered", null).expectStatus().isOk();
        twilio(delivered[1], "delivered", null).expectStatus().isOk();
        twilio(bounced[1], "undelivered", "30008").expectStatus().isOk();

        assertThat(f.status(delivered[0])).isEqualTo("delivered");
        assertThat(f.eventTypes(delivered[0])).containsExactly("message.sent", "message.delivered");
        JsonNode undelivered = f.read(bounced[0]);
        assertThat(undelivered.get("status").asString()).isEqualTo("bounced");
        assertThat(undelivered.get("failure_reason").asString()).isEqualTo("Twilio undelivered, error 30008");
    }

    @Test
    void aTwilioCallbackSignedWithAnotherTokenOrForAnotherUrlIsRefused() {
        String[] sent = sentSms();
        Map<String, String> form = form(sent[1], "delivered", null);
        String body = encode(form);

        assertThat(f.api.errorCode(post("twilio", "X-Twilio-Signature", SimulatedReportsAccess.twilioSignature(
                "wrong-token", CALLBACK, form), MediaType.APPLICATION_FORM_URLENCODED, body), 400))
                .isEqualTo("invalid_request");
        assertThat(f.api.errorCode(post("twilio", "X-Twilio-Signature", SimulatedReportsAccess.twilioSignature(
                TWILIO_TOKEN, "https://elsewhere.test/hook", form), MediaType.APPLICATION_FORM_URLENCODED, body),
                400)).isEqualTo("invalid_request");
        assertThat(f.status(sent[0])).isEqualTo("sent");
    }

    @Test
    void reportEventIdsAreForgottenAfterThirtyDays() {
        for (String[] row : new String[][] {{"old", "31 days"}, {"recent", "29 days"}}) {
            db.sql("INSERT INTO message_provider_events (provider, event_id, kind, received_at) VALUES ('smtp', :id, "
                    + "'DELIVERED', now() - CAST(:age AS interval))").bind("id", row[0] + "-" + f.caller.accountId())
                    .bind("age", row[1]).then().block();
        }

        client.post().uri("/internal/jobs/message-provider-events-cleanup/run")
                .header("Authorization", TestCallers.bearer(
                        TestCallers.platformAdmin()))
                .exchange().expectStatus().isOk();

        assertThat(db.sql("SELECT event_id FROM message_provider_events WHERE event_id LIKE :suffix")
                .bind("suffix", "%-" + f.caller.accountId()).map(row -> row.get(0, String.class)).all()
                .collectList().block()).containsExactly("recent-" + f.caller.accountId());
    }

    WebTestClient.ResponseSpec twilio(String sid, String status, String errorCode) {
        Map<String, String> form = form(sid, status, errorCode);
        return post("twilio", "X-Twilio-Signature", SimulatedReportsAccess.twilioSignature(TWILIO_TOKEN, CALLBACK,
                form), MediaType.APPLICATION_FORM_URLENCODED, encode(form));
    }

    static Map<String, String> form(String sid, String status, String errorCode) {
        Map<String, String> form = new TreeMap<>();
        form.put("MessageSid", sid);
        form.put("SmsSid", sid);
        form.put("MessageStatus", status);
        form.put("AccountSid", "AC" + "1".repeat(32));
        form.put("To", "+447700900444");
        if (errorCode != null) {
            form.put("ErrorCode", errorCode);
        }
        return form;
    }

    static String encode(Map<String, String> form) {
        StringBuilder body = new StringBuilder();
        form.forEach((name, value) -> body.append(body.isEmpty() ? "" : "&")
                .append(URLEncoder.encode(name, StandardCharsets.UTF_8)).append('=')
                .append(URLEncoder.encode(value, StandardCharsets.UTF_8)));
        return body.toString();
    }
}
