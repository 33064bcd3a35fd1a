package com.storageplatform.crm.message;

import static com.storageplatform.kit.testsupport.ResourceApi.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.TestEvents;
import com.storageplatform.kit.time.PlatformClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
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
 * The dunning emails on billing's {@code dunning.advanced} (published here on the real Kafka as billing publishes
 * it): a reminder or a final notice to the case's customer, one per case and step, with the amount owed in its
 * currency; none for the other steps. A dunning email still waiting when {@code dunning.resolved} closes its case
 * is blocked, {@code no_longer_due}, when its turn comes. The platform clock moves a waiting email's retry by.
 */
@PlatformTest
class DunningEmailsTest {

    static final String ADVANCED = "dunning.advanced";
    static final String RESOLVED = "dunning.resolved";

    @DynamicPropertySource
    static void quickTurns(DynamicPropertyRegistry registry) {
        registry.add("crm.messages.sending.poll-interval", () -> "200ms");
    }

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    @Autowired
    PlatformClock clock;

    MessageFixtures f;
    UUID ada;

    @BeforeEach
    void setUp() {
        f = new MessageFixtures(client, json, db);
        ada = f.contact("ada." + UUID.randomUUID() + "@acme.co.uk");
    }

    @AfterEach
    void backToNow() {
        clock.setOffset(Duration.ZERO);
    }

    @Test
    void aReminderStepEmailsTheCustomerTheAmountOwedOncePerCaseAndStep() {
        UUID collectionsCase = Ids.newId();
        Map<String, Object> firstReminder = advanced(collectionsCase, ada, "GBP", 12345, 0, "reminder", 7);
        UUID event = TestEvents.publish("billing.events", ADVANCED, f.caller.accountId(), firstReminder);

        eventually(() -> about(collectionsCase).size() == 1);
        JsonNode email = about(collectionsCase).get(0);
        assertThat(email.get("template").asString()).isEqualTo("dunning_reminder");
        assertThat(email.get("related_object").asString()).isEqualTo("collections_case");
        assertThat(email.get("contact_id").asString()).isEqualTo(ada.toString());
        assertThat(email.get("kind").asString()).isEqualTo("transactional");
        assertThat(email.get("subject").asString()).isEqualTo("Your payment of £123.45 is overdue");
        assertThat(email.get("body").asString()).startsWith("Hello Ada,")
                .contains("£123.45 on your storage account is now 7 days overdue");

        // The same event again, and again under another id, writes nothing more; the next reminder step is another.
        TestEvents.publish("billing.events", event, ADVANCED, f.caller.accountId(), firstReminder);
        TestEvents.publish("billing.events", ADVANCED, f.caller.accountId(), firstReminder);
        TestEvents.publish("billing.events", ADVANCED, f.caller.accountId(),
                advanced(collectionsCase, ada, "GBP", 12345, 1, "reminder", 14));
        eventually(() -> about(collectionsCase).size() == 2);
        pause();
        assertThat(about(collectionsCase)).hasSize(2);
        assertThat(about(collectionsCase).get(0).get("body").asString()).contains("14 days overdue");
    }

    @Test
    void aFinalNoticeSaysFurtherActionMayFollowInTheDebtsCurrency() {
        UUID collectionsCase = Ids.newId();
        TestEvents.publish("billing.events", ADVANCED, f.caller.accountId(),
                advanced(collectionsCase, ada, "EUR", 5000, 3, "final_notice", 30));

        eventually(() -> about(collectionsCase).size() == 1);
        JsonNode email = about(collectionsCase).get(0);
        assertThat(email.get("template").asString()).isEqualTo("dunning_final_notice");
        assertThat(email.get("subject").asString()).isEqualTo("Final notice: €50.00 overdue on your storage account");
        assertThat(email.get("body").asString()).contains("final notice about €50.00", "30 days overdue",
                "further action may follow");
    }

    @Test
    void aLateFeeOrOverlockStepWritesNoEmail() {
        UUID fee = Ids.newId();
        UUID overlock = Ids.newId();
        TestEvents.publish("billing.events", ADVANCED, f.caller.accountId(),
                advanced(fee, ada, "GBP", 12345, 1, "late_fee", 10));
        TestEvents.publish("billing.events", ADVANCED, f.caller.accountId(),
                advanced(overlock, ada, "GBP", 12345, 2, "overlock", 21));
        UUID marker = Ids.newId();
        TestEvents.publish("billing.events", ADVANCED, f.caller.accountId(),
                advanced(marker, ada, "GBP", 12345, 0, "reminder", 7));

        eventually(() -> about(marker).size() == 1);
        assertThat(about(fee)).isEmpty();
        assertThat(about(overlock)).isEmpty();
    }

    @Test
    void aReminderStillWaitingWhenItsCaseClosesIsNoLongerDue() {
        UUID waits = f.contact("bea+unavailable@acme.co.uk");
        UUID collectionsCase = Ids.newId();
        TestEvents.publish("billing.events", ADVANCED, f.caller.accountId(),
                advanced(collectionsCase, waits, "GBP", 9900, 0, "reminder", 7));
        eventually(() -> about(collectionsCase).size() == 1);
        String reminder = about(collectionsCase).get(0).get("id").asString();
        eventually(() -> f.triedAndSettled(reminder, 1));
        assertThat(f.status(reminder)).isEqualTo("queued");

        Map<String, Object> closed = advanced(collectionsCase, waits, "GBP", 0, 0, "reminder", 7);
        closed.put("status", "closed");
        TestEvents.publish("billing.events", RESOLVED, f.caller.accountId(), closed);
        eventually(() -> db.sql("SELECT count(*) FROM closed_collections_cases WHERE case_id = :id")
                .bind("id", collectionsCase).map(row -> row.get(0, Long.class)).one().block() == 1);
        clock.advance(Duration.ofMinutes(1));

        eventually(() -> f.status(reminder).equals("blocked"));
        assertThat(f.read(reminder).get("blocked_reason").asString()).isEqualTo("no_longer_due");
        assertThat(f.eventTypes(reminder)).isEmpty();

        // A step of the closed case that arrives late is blocked at its first turn.
        TestEvents.publish("billing.events", ADVANCED, f.caller.accountId(),
                advanced(collectionsCase, ada, "GBP", 9900, 3, "final_notice", 30));
        eventually(() -> about(collectionsCase).size() == 2);
        String late = about(collectionsCase).get(0).get("id").asString();
        eventually(() -> f.status(late).equals("blocked"));
        assertThat(f.read(late).get("blocked_reason").asString()).isEqualTo("no_longer_due");
    }

    /** The collections case as billing's {@code dunning.advanced} carries it, at {@code step}. */
    static Map<String, Object> advanced(UUID id, UUID contact, String currency, long amountOverdue, int index,
            String action, int daysAfterDue) {
        Map<String, Object> step = new LinkedHashMap<>();
        step.put("index", index);
        step.put("action", action);
        step.put("days_after_due", daysAfterDue);
        step.put("late_fee_minor", "late_fee".equals(action) ? 1500 : null);
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("id", id.toString());
        data.put("object", "collections_case");
        data.put("contact_id", contact.toString());
        data.put("currency", currency);
        data.put("amount_overdue_minor", amountOverdue);
        data.put("status", "open");
        data.put("step", step);
        return data;
    }

    /** The account's messages about the record, newest first. */
    List<JsonNode> about(UUID record) {
        List<JsonNode> found = new ArrayList<>();
        f.api.list(f.caller, "?limit=100").get("data").forEach(message -> {
            if (record.toString().equals(message.get("related_id").asString(null))) {
                found.add(message);
            }
        });
        return found;
    }

    /** Long enough for the inbox to apply what was published before. */
    private static void pause() {
        try {
            Thread.sleep(1500);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
