package com.storageplatform.crm.message;

import static com.storageplatform.kit.testsupport.ResourceApi.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.crm.internal.Records;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.TestEvents;
import com.storageplatform.kit.time.PlatformClock;
import java.time.Duration;
import java.util.LinkedHashMap;
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
 * The sender's policy with a provider that is unavailable: bounded retries after 1, 2, 4 and 8 minutes, then
 * {@code failed}; a message that waits is judged again against its contact (and the unit-ready email against its
 * agreement) when its turn comes. The platform clock
 * moves the waits by.
 */
@PlatformTest
class MessageSenderTest {

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

    @Autowired
    Records records;

    MessageFixtures f;

    @BeforeEach
    void setUp() {
        f = new MessageFixtures(client, json, db);
    }

    @AfterEach
    void backToNow() {
        clock.setOffset(Duration.ZERO);
    }

    @Test
    void aProviderThatStaysUnavailableIsTriedFiveTimesThenTheMessageFails() {
        String id = f.api.createId(f.caller, f.sms(f.contact(null, "+447700900333", "yes"), "transactional", "Hi"));
        eventually(() -> f.triedAndSettled(id, 1));
        JsonNode waiting = f.read(id);
        assertThat(waiting.get("status").asString()).isEqualTo("queued");
        assertThat(waiting.get("failure_reason").asString()).contains("unavailable");

        int attempt = 1;
        for (long minutes : new long[] {1, 2, 4, 8}) {
            clock.advance(Duration.ofSeconds(minutes * 60 - 5));
            sleep();
            assertThat(f.attempts(id)).as("not before its wait").isEqualTo(attempt);
            clock.advance(Duration.ofSeconds(5));
            int next = ++attempt;
            eventually(() -> f.triedAndSettled(id, next));
        }
        eventually(() -> f.status(id).equals("failed"));
        assertThat(f.read(id).get("failure_reason").asString())
                .startsWith("The provider was unavailable at each of 5 attempts; the last said: Twilio answered 503");
        clock.advance(Duration.ofHours(1));
        sleep();
        assertThat(f.attempts(id)).isEqualTo(5);
        assertThat(f.eventTypes(id)).isEmpty();
    }

    @Test
    void aWaitingMessageIsJudgedAgainstItsContactWhenItsTurnComes() {
        UUID changesHerMind = f.contact("cy+unavailable@acme.co.uk", "+447700900333", "yes");
        UUID movesToAReservedDomain = f.contact("di+unavailable@acme.co.uk");
        UUID dropsHerEmail = f.contact("eve+unavailable@acme.co.uk");
        String offer = f.api.createId(f.caller, f.sms(changesHerMind, "marketing", "20% off"));
        String reserved = f.api.createId(f.caller, f.email(movesToAReservedDomain, "transactional", "Hi", "Hi"));
        String none = f.api.createId(f.caller, f.email(dropsHerEmail, "transactional", "Hi", "Hi"));
        eventually(() -> f.triedAndSettled(offer, 1) && f.triedAndSettled(reserved, 1)
                && f.triedAndSettled(none, 1));

        f.changeContact(changesHerMind, "cy@acme.co.uk", "no");
        f.changeContact(movesToAReservedDomain, "di@example.org", "yes");
        f.changeContact(dropsHerEmail, null, "yes");
        clock.advance(Duration.ofMinutes(1));

        eventually(() -> !f.status(offer).equals("queued") && !f.status(reserved).equals("queued")
                && !f.status(none).equals("queued"));
        assertThat(f.read(offer).get("blocked_reason").asString()).isEqualTo("marketing_refused");
        JsonNode moved = f.read(reserved);
        assertThat(moved.get("blocked_reason").asString()).isEqualTo("address_reserved");
        assertThat(moved.get("to").asString()).isEqualTo("di@example.org");
        JsonNode failed = f.read(none);
        assertThat(failed.get("status").asString()).isEqualTo("failed");
        assertThat(failed.get("failure_reason").asString()).isEqualTo("The contact has no email address.");
        assertThat(failed.get("to").isNull()).isTrue();
    }

    @Test
    void aUnitReadyEmailWhoseAgreementWasTerminatedOrHeldByItsTurnIsNoLongerDue() {
        UUID fay = f.contact("fay+unavailable@acme.co.uk");
        UUID terminated = Ids.newId();
        UUID held = Ids.newId();
        TestEvents.publish("commerce.events", "agreement.activated", f.caller.accountId(),
                agreement(terminated, fay, "pending_move_in", "signed"));
        TestEvents.publish("commerce.events", "agreement.activated", f.caller.accountId(),
                agreement(held, fay, "pending_move_in", "signed"));
        eventually(() -> f.api.list(f.caller, "?contact_id=" + fay).get("data").size() == 2);
        JsonNode listed = f.api.list(f.caller, "?contact_id=" + fay).get("data");
        String first = listed.get(1).get("id").asString();
        String second = listed.get(0).get("id").asString();
        eventually(() -> f.triedAndSettled(first, 1) && f.triedAndSettled(second, 1));

        TestEvents.publish("commerce.events", "agreement.terminated", f.caller.accountId(),
                agreement(terminated, fay, "terminated", "signed"));
        TestEvents.publish("commerce.events", "agreement.access_held", f.caller.accountId(),
                agreement(held, fay, "pending_move_in", "access_held"));
        eventually(() -> records.agreement(f.caller.accountId(), held).block() != null
                && "access_held".equals(records.agreement(f.caller.accountId(), held).block().path("access_status")
                        .asString(null))
                && "terminated".equals(records.agreement(f.caller.accountId(), terminated).block().path("status")
                        .asString(null)));
        clock.advance(Duration.ofMinutes(1));

        for (String id : new String[] {first, second}) {
            eventually(() -> f.status(id).equals("blocked"));
            assertThat(f.read(id).get("blocked_reason").asString()).isEqualTo("no_longer_due");
            assertThat(f.eventTypes(id)).isEmpty();
        }
    }

    Map<String, Object> agreement(UUID id, UUID contact, String status, String accessStatus) {
        Map<String, Object> agreement = new LinkedHashMap<>();
        agreement.put("id", id.toString());
        agreement.put("object", "agreement");
        agreement.put("contact_id", contact.toString());
        agreement.put("site_id", Ids.newId().toString());
        agreement.put("status", status);
        agreement.put("access_status", accessStatus);
        return agreement;
    }

    /** Long enough for several of the sender's turns. */
    private static void sleep() {
        try {
            Thread.sleep(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
