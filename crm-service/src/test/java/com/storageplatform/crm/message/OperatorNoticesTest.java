package com.storageplatform.crm.message;

import static com.storageplatform.crm.support.Mailbox.text;
import static com.storageplatform.kit.testsupport.ResourceApi.eventually;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.storageplatform.crm.support.CrmApi;
import com.storageplatform.crm.support.Mailbox;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.TestCallers;
import com.storageplatform.kit.testsupport.TestEvents;
import jakarta.mail.internet.MimeMessage;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Notices to the operator: the webhook-dispatcher's {@code webhook_endpoint.disabled}, published on the real Kafka
 * as the dispatcher publishes it, emailed to the operator's {@code notification_email} and received by an embedded
 * SMTP server (the test accounts' sink); none without a notification email; one per disablement.
 */
@PlatformTest
class OperatorNoticesTest {

    static final String TOPIC = "webhooks.events";
    static final String DISABLED = "webhook_endpoint.disabled";
    static final Mailbox MAILBOX = Mailbox.start();

    @DynamicPropertySource
    static void sink(DynamicPropertyRegistry registry) {
        MAILBOX.receiveTestAccountsEmail(registry);
    }

    @AfterAll
    static void stop() {
        MAILBOX.stop();
    }

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    MessageFixtures f;
    String ops;
    UUID endpoint;

    @BeforeEach
    void setUp() {
        f = new MessageFixtures(client, json, db);
        ops = "ops." + UUID.randomUUID() + "@acme.co.uk";
        endpoint = Ids.newId();
    }

    /** The endpoint as the dispatcher publishes it once it has disabled it. */
    Map<String, Object> disabled(String disabledAt) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("id", endpoint.toString());
        data.put("object", "webhook_endpoint");
        data.put("url", "https://hooks.acme.co.uk/platform");
        data.put("description", "Accounting sync");
        data.put("enabled_events", List.of("*"));
        data.put("api_version", "2026-11-01");
        data.put("status", "disabled");
        data.put("disabled_at", disabledAt);
        data.put("created_at", "2026-11-01T09:00:00Z");
        data.put("updated_at", disabledAt);
        return data;
    }

    /** The operator's notification email and time zone, set as auth publishes a settings change. */
    UUID publishSettings(String timezone, String notificationEmail) {
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("deal_lost_default_reason", null);
        settings.put("reserved_deal_follow_up_enabled", true);
        settings.put("notification_email", notificationEmail);
        Map<String, Object> operator = new LinkedHashMap<>();
        operator.put("id", f.caller.operatorId().toString());
        operator.put("object", "operator");
        operator.put("timezone", timezone);
        operator.put("default_currency", "GBP");
        operator.put("accounts", List.of(Map.of("id", f.caller.accountId().toString(), "environment", "test")));
        operator.put("walk_in_contact_ids", Map.of("test", f.walkIn.toString()));
        operator.put("settings", settings);
        return TestEvents.publishForOperator("auth.events", "operator.settings_updated", f.caller.operatorId(),
                operator);
    }

    /** The operator's notification email, as auth's events leave it in crm's copy of the settings. */
    void notificationEmail(String address) {
        f.accounts.settings(f.caller, address == null ? "{}" : "{\"notification_email\": \"" + address + "\"}");
    }

    /** The account's messages about the endpoint. */
    List<JsonNode> notices() {
        List<JsonNode> found = new ArrayList<>();
        f.api.list(f.caller, "?limit=100").get("data").forEach(message -> {
            if (endpoint.toString().equals(message.get("related_id").asString(null))) {
                found.add(message);
            }
        });
        return found;
    }

    /** crm's inbox has applied the event (its id is recorded in the transaction that ran the handler). */
    boolean applied(UUID event) {
        return db.sql("SELECT count(*) FROM inbox_events WHERE event_id = :id").bind("id", event)
                .map(row -> row.get(0, Long.class)).one().block() == 1;
    }

    @Test
    void aDisabledEndpointIsEmailedToTheOperatorsNotificationEmailInTheirTimeZone() throws Exception {
        UUID settings = publishSettings("Europe/Paris", ops);
        eventually(() -> applied(settings));

        TestEvents.publish(TOPIC, DISABLED, f.caller.accountId(), disabled("2026-11-27T15:10:02.511204Z"));

        eventually(() -> notices().size() == 1);
        JsonNode notice = notices().get(0);
        assertThat(notice.get("contact_id").isNull()).isTrue();
        assertThat(notice.get("channel").asString()).isEqualTo("email");
        assertThat(notice.get("kind").asString()).isEqualTo("transactional");
        assertThat(notice.get("template").asString()).isEqualTo("webhook_endpoint_disabled");
        assertThat(notice.get("related_object").asString()).isEqualTo("webhook_endpoint");
        assertThat(notice.get("to").asString()).isEqualTo(ops);
        assertThat(notice.get("subject").asString())
                .isEqualTo("Webhook endpoint disabled: https://hooks.acme.co.uk/platform");
        String id = notice.get("id").asString();
        eventually(() -> f.status(id).equals("sent"));
        assertThat(f.eventTypes(id)).containsExactly("message.sent");

        MimeMessage received = MAILBOX.received(ops);
        assertThat(received.getSubject()).isEqualTo("Webhook endpoint disabled: https://hooks.acme.co.uk/platform");
        assertThat(text(received)).startsWith("Hello,\n\nWe disabled your webhook endpoint "
                        + "https://hooks.acme.co.uk/platform on 2026-11-27 16:10 CET: 50 delivery attempts in a row "
                        + "failed, and none has succeeded for 7 days.")
                .contains("re-enable it in your developer settings (Webhooks, Enable), or with PATCH /v1/webhooks/"
                        + endpoint + " and {\"status\": \"active\"}.")
                .endsWith("Endpoint id: " + endpoint);

        // Listed with the customers' messages, and only in its own account.
        assertThat(f.api.listedIds(f.caller, "?channel=email&limit=100")).contains(id);
        assertThat(f.api.listedIds(TestCallers.apiCaller(MessageFixtures.SCOPES), "?limit=100")).doesNotContain(id);
    }

    @Test
    void anOperatorWithoutANotificationEmailGetsNoNotice() {
        notificationEmail(null);
        UUID event = TestEvents.publish(TOPIC, DISABLED, f.caller.accountId(), disabled("2026-11-27T15:10:02Z"));

        eventually(() -> applied(event));
        assertThat(notices()).isEmpty();
    }

    @Test
    void aRedeliveryOrTheSameDisablementAgainWritesOneNoticeAndALaterDisablementAnother() {
        notificationEmail(ops);
        UUID event = TestEvents.publish(TOPIC, DISABLED, f.caller.accountId(), disabled("2026-11-27T15:10:02Z"));
        eventually(() -> notices().size() == 1);

        // Kafka hands the event over again; the same disablement is published again under another id.
        TestEvents.publish(TOPIC, event, DISABLED, f.caller.accountId(), disabled("2026-11-27T15:10:02Z"));
        UUID again = TestEvents.publish(TOPIC, DISABLED, f.caller.accountId(), disabled("2026-11-27T15:10:02Z"));
        eventually(() -> applied(again));
        assertThat(notices()).hasSize(1);

        // Re-enabled, and disabled again a week later: a notice of its own.
        TestEvents.publish(TOPIC, DISABLED, f.caller.accountId(), disabled("2026-12-04T08:00:00Z"));
        eventually(() -> notices().size() == 2);
        eventually(() -> MAILBOX.receivedBy(ops).size() == 2);
        assertThat(MAILBOX.receivedBy(ops).stream().map(Mailbox::text))
                .anySatisfy(body -> assertThat(body).contains("on 2026-11-27 15:10 GMT"))
                .anySatisfy(body -> assertThat(body).contains("on 2026-12-04 08:00 GMT"));
    }

    @Test
    void theOperatorsWordingWritesTheNoticeWithItsOwnPlaceholdersOnly() throws Exception {
        CrmApi templates = f.api.on("/v1/message-templates");
        JsonNode standard = templates.read(f.caller, "webhook_endpoint_disabled");
        assertThat(standard.get("is_default").asBoolean()).isTrue();
        assertThat(standard.get("placeholders").toString())
                .isEqualTo("[\"endpoint_url\",\"endpoint_description\",\"endpoint_id\",\"disabled_at\"]");
        assertThat(templates.errorMessage(templates.patch(f.caller, "webhook_endpoint_disabled",
                        "{\"body\": \"Hello {{first_name}}\"}"), 422, "validation_error"))
                .isEqualTo("The webhook_endpoint_disabled template has no placeholder first_name; it has "
                        + "endpoint_url, endpoint_description, endpoint_id, disabled_at.");

        templates.updated(f.caller, "webhook_endpoint_disabled", """
                {"subject": "Hook off: {{ endpoint_description }}",
                 "body": "{{endpoint_url}} stopped at {{disabled_at}}. Turn it back on under Webhooks."}
                """);
        notificationEmail(ops);
        TestEvents.publish(TOPIC, DISABLED, f.caller.accountId(), disabled("2026-07-01T11:30:00Z"));

        MimeMessage received = MAILBOX.received(ops);
        assertThat(received.getSubject()).isEqualTo("Hook off: Accounting sync");
        assertThat(text(received)).isEqualTo("https://hooks.acme.co.uk/platform stopped at 2026-07-01 12:30 BST. "
                + "Turn it back on under Webhooks.");
    }

    @Test
    void aNotificationEmailAtAReservedDomainIsBlocked() {
        notificationEmail("ops@acme.example");
        TestEvents.publish(TOPIC, DISABLED, f.caller.accountId(), disabled("2026-11-27T15:10:02Z"));

        eventually(() -> notices().size() == 1);
        JsonNode notice = notices().get(0);
        assertThat(notice.get("status").asString()).isEqualTo("blocked");
        assertThat(notice.get("blocked_reason").asString()).isEqualTo("address_reserved");
        assertThat(notice.get("to").asString()).isEqualTo("ops@acme.example");
        assertThat(MAILBOX.receivedBy("ops@acme.example")).isEmpty();
    }

    @Test
    void onlyANoticeToTheOperatorGoesWithoutAContact() {
        assertThatThrownBy(() -> db.sql("""
                INSERT INTO messages (account_id, id, environment, channel, kind, body, recipient, status, created_at,
                       updated_at)
                VALUES (:account, :id, 'test', 'email', 'transactional', 'Hi', 'ops@acme.co.uk', 'queued', now(), now())
                """)
                .bind("account", f.caller.accountId()).bind("id", Ids.newId())
                .then().block())
                .hasMessageContaining("messages_contact_or_notice");
    }
}
