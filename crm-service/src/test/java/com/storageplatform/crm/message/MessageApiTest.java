package com.storageplatform.crm.message;

import static com.storageplatform.kit.testsupport.ResourceApi.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.crm.support.Bookings;
import com.storageplatform.crm.support.CrmApi;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.TestCallers;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code /v1/messages} on a test account with the simulators: what a message becomes (queued, sent, delivered,
 * bounced, blocked, failed), its contact, validation naming every field, lists, tenants, hidden links, events.
 */
@PlatformTest
class MessageApiTest {

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

    @Test
    void anEmailIsQueuedThenSentThenDeliveredThroughTheSimulator() {
        UUID ada = f.contact("ada@acme.co.uk");
        JsonNode created = f.api.create(f.caller, f.email(ada, "transactional", "Your unit", "It is ready."));

        assertThat(created.get("object").asString()).isEqualTo("message");
        assertThat(created.get("status").asString()).isEqualTo("queued");
        assertThat(created.get("to").asString()).isEqualTo("ada@acme.co.uk");
        assertThat(created.get("subject").asString()).isEqualTo("Your unit");
        assertThat(created.get("template").isNull()).isTrue();
        String id = created.get("id").asString();
        eventually(() -> f.status(id).equals("delivered"));

        JsonNode delivered = f.read(id);
        assertThat(delivered.get("provider").asString()).isEqualTo("smtp");
        assertThat(delivered.get("provider_message_id").asString()).isEqualTo(id + "@simulator.invalid");
        assertThat(delivered.get("sent_at").isNull()).isFalse();
        assertThat(delivered.get("delivered_at").isNull()).isFalse();
        assertThat(delivered.get("blocked_reason").isNull()).isTrue();
        assertThat(f.eventTypes(id)).containsExactly("message.sent", "message.delivered");
        JsonNode sent = f.accounts.events(id).get(0);
        assertThat(sent.get("data").get("status").asString()).isEqualTo("sent");
        assertThat(sent.get("data").get("body").asString()).isEqualTo("It is ready.");
    }

    @Test
    void anEmailTheSimulatorBouncesIsBouncedWithItsReason() {
        UUID ada = f.contact("ada+bounce@acme.co.uk");
        String id = f.api.createId(f.caller, f.email(ada, "transactional", "Hello", "Hello."));

        eventually(() -> f.status(id).equals("bounced"));
        JsonNode bounced = f.read(id);
        assertThat(bounced.get("failure_reason").asString()).startsWith("550 5.1.1");
        assertThat(bounced.get("bounced_at").isNull()).isFalse();
        assertThat(f.eventTypes(id)).containsExactly("message.sent", "message.bounced");
    }

    @Test
    void anSmsIsDeliveredBouncedOrRefusedByItsNumber() {
        String delivered = f.api.createId(f.caller, f.sms(f.contact(null, "+44 7700 900000", "yes"), "transactional",
                "Your unit is ready."));
        String bounced = f.api.createId(f.caller, f.sms(f.contact(null, "+44 (0)7700 900111", "yes"),
                "transactional", "Hello."));
        String refused = f.api.createId(f.caller, f.sms(f.contact(null, "07700 900222", "yes"), "transactional",
                "Hello."));

        eventually(() -> f.status(delivered).equals("delivered") && f.status(bounced).equals("bounced")
                && f.status(refused).equals("failed"));
        assertThat(f.read(delivered).get("provider").asString()).isEqualTo("twilio");
        assertThat(f.read(delivered).get("provider_message_id").asString()).startsWith("SM").hasSize(34);
        assertThat(f.read(delivered).get("subject").isNull()).isTrue();
        assertThat(f.eventTypes(delivered)).containsExactly("message.sent", "message.delivered");
        assertThat(f.read(bounced).get("failure_reason").asString()).isEqualTo("Twilio undelivered, error 30003");
        assertThat(f.eventTypes(bounced)).containsExactly("message.sent", "message.bounced");
        JsonNode failed = f.read(refused);
        assertThat(failed.get("failure_reason").asString()).contains("21211");
        assertThat(failed.get("sent_at").isNull()).isTrue();
        assertThat(f.eventTypes(refused)).isEmpty();
    }

    @Test
    void aMarketingMessageToAContactWhoSaidNoIsBlockedAndNeverHandedToAProvider() {
        UUID declined = f.contact("bea@acme.co.uk", "+447700900000", "no");
        JsonNode email = f.api.create(f.caller, f.email(declined, "marketing", "Summer offer", "20% off."));
        JsonNode sms = f.api.create(f.caller, f.sms(declined, "marketing", "20% off."));
        assertThat(email.get("status").asString()).isEqualTo("blocked");
        assertThat(email.get("blocked_reason").asString()).isEqualTo("marketing_refused");
        assertThat(sms.get("blocked_reason").asString()).isEqualTo("marketing_refused");

        // A message queued after them is delivered: the sender has passed them over.
        String later = f.api.createId(f.caller, f.email(declined, "transactional", "Your invoice", "Attached."));
        eventually(() -> f.status(later).equals("delivered"));
        for (JsonNode blocked : new JsonNode[] {email, sms}) {
            JsonNode now = f.read(blocked.get("id").asString());
            assertThat(now.get("status").asString()).isEqualTo("blocked");
            assertThat(now.get("provider").isNull()).isTrue();
            assertThat(now.get("sent_at").isNull()).isTrue();
            assertThat(f.eventTypes(blocked.get("id").asString())).isEmpty();
        }
    }

    @Test
    void anEmailToAnAddressAtAReservedDomainIsBlocked() {
        for (String address : new String[] {"ada@example.com", "ada@shop.invalid", "ada@acme.test"}) {
            JsonNode blocked = f.api.create(f.caller, f.email(f.contact(address), "transactional", "Hi", "Hi."));
            assertThat(blocked.get("status").asString()).as(address).isEqualTo("blocked");
            assertThat(blocked.get("blocked_reason").asString()).isEqualTo("address_reserved");
            assertThat(blocked.get("to").asString()).isEqualTo(address);
        }
        // The same contact's SMS goes: the rule is the email address's.
        String sms = f.api.createId(f.caller, f.sms(f.contact("ada@example.com"), "transactional", "Hi."));
        eventually(() -> f.status(sms).equals("delivered"));
    }

    @Test
    void everyBadFieldIsNamedInOne422() {
        assertThat(f.api.issues(f.api.post(f.caller, "{}"))).containsExactlyInAnyOrder("contact_id required",
                "channel required", "kind required", "body required");
        assertThat(f.api.issues(f.api.post(f.caller, """
                {"contact_id": "%s", "channel": "email", "kind": "offer", "body": "Hi"}
                """.formatted(Ids.newId())))).containsExactlyInAnyOrder("contact_id not_found", "kind invalid",
                "subject required");
        assertThat(f.api.issues(f.api.post(f.caller, """
                {"contact_id": "%s", "channel": "sms", "kind": "transactional", "subject": "Hi", "body": "Hi"}
                """.formatted(f.contact("ada@acme.co.uk"))))).containsExactly("subject not_allowed");
        assertThat(f.api.errorCode(f.api.post(f.caller, """
                {"contact_id": "%s", "channel": "sms", "kind": "transactional", "body": "Hi", "to": "+4477"}
                """.formatted(f.contact("ada@acme.co.uk"))), 422)).isEqualTo("validation_error");
    }

    @Test
    void theContactMustBeTheAccountsWithAnAddressForTheChannelNeverTheWalkInRecord() {
        assertThat(f.api.issues(f.api.post(f.caller, f.sms(Ids.newId(), "transactional", "Hi"))))
                .containsExactly("contact_id not_found");
        assertThat(f.api.issues(f.api.post(f.caller, f.sms(f.walkIn, "transactional", "Hi"))))
                .containsExactly("contact_id not_allowed");

        var noEmail = f.api.post(f.caller, f.email(f.contact(null, "+447700900000", "yes"), "transactional", "Hi",
                "Hi"));
        assertThat(f.api.errorMessage(noEmail, 422, "validation_error")).contains("no email address");
        assertThat(f.api.issues(f.api.post(f.caller, f.email(f.contact(null, "+447700900000", "yes"),
                "transactional", "Hi", "Hi")))).containsExactly("contact_id not_allowed");
        var noPhone = f.api.post(f.caller, f.sms(f.contact("ada@acme.co.uk", null, "yes"), "transactional", "Hi"));
        assertThat(f.api.errorMessage(noPhone, 422, "validation_error")).contains("no phone number");

        MessageFixtures other = new MessageFixtures(client, json, db);
        UUID theirs = other.contact("ada@acme.co.uk");
        assertThat(f.api.issues(f.api.post(f.caller, f.sms(theirs, "transactional", "Hi"))))
                .containsExactly("contact_id not_found");
    }

    @Test
    void listsAreNewestFirstAndFilteredByContactStatusChannelAndKind() {
        UUID ada = f.contact("ada@acme.co.uk");
        UUID bea = f.contact("bea@example.com", "+447700900444", "no");
        String first = f.api.createId(f.caller, f.email(ada, "transactional", "One", "One."));
        String second = f.api.createId(f.caller, f.sms(bea, "marketing", "Two."));
        String third = f.api.createId(f.caller, f.email(bea, "transactional", "Three", "Three."));

        assertThat(f.api.listedIds(f.caller, "")).containsExactly(third, second, first);
        assertThat(f.api.listedIds(f.caller, "?contact_id=" + bea)).containsExactly(third, second);
        assertThat(f.api.listedIds(f.caller, "?channel=sms")).containsExactly(second);
        assertThat(f.api.listedIds(f.caller, "?kind=transactional")).containsExactly(third, first);
        assertThat(f.api.listedIds(f.caller, "?status=blocked")).containsExactly(third, second);
        assertThat(f.api.issues(f.api.get(f.caller, "?status=lost"), 400)).containsExactly("status invalid");
        assertThat(f.api.issues(f.api.get(f.caller, "?channel=fax"), 400)).containsExactly("channel invalid");
    }

    @Test
    void anotherAccountsMessageIsNotFoundAndNotListed() {
        String mine = f.api.createId(f.caller, f.sms(f.contact("ada@acme.co.uk"), "transactional", "Hi."));
        Caller stranger = TestCallers.apiCaller(MessageFixtures.SCOPES);

        assertThat(f.api.errorCode(f.api.get(stranger, "/" + mine), 404)).isEqualTo("not_found");
        assertThat(f.api.listedIds(stranger, "")).isEmpty();
        assertThat(f.api.errorCode(f.helpers.action(stranger, mine, "deliver", "{}"), 404)).isEqualTo("not_found");
    }

    @Test
    void staffReadAPlaceholderInPlaceOfLinksThatActAsTheCustomerAndIntegrationsTheStoredBody() {
        UUID ada = f.contact("ada@acme.co.uk");
        String body = "Sign your agreement: https://sign.acme.co.uk/a/42?token=s3cr3t. Directions: "
                + "https://acme.co.uk/harbour";
        Caller staff = CrmApi.staffOf(f.caller);

        JsonNode staffCreated = f.api.create(staff, f.email(ada, "transactional", "Sign", body));
        String hidden = "Sign your agreement: [hidden link]. Directions: https://acme.co.uk/harbour";
        assertThat(staffCreated.get("body").asString()).isEqualTo(hidden);
        String id = staffCreated.get("id").asString();
        assertThat(f.api.read(staff, id).get("body").asString()).isEqualTo(hidden);
        assertThat(f.api.list(staff, "").get("data").get(0).get("body").asString()).isEqualTo(hidden);

        assertThat(f.api.read(f.caller, id).get("body").asString()).isEqualTo(body);
        assertThat(f.api.list(f.caller, "").get("data").get(0).get("body").asString()).isEqualTo(body);
        eventually(() -> f.status(id).equals("delivered"));
        assertThat(f.accounts.events(id).get(0).get("data").get("body").asString()).isEqualTo(body);
    }

    @Test
    void aMessageRecordsActivityOnTheCustomersOpenDeals() {
        Caller both = TestCallers.apiCaller("crm:read", "crm:write", "messages:read", "messages:write");
        MessageFixtures g = new MessageFixtures(client, json, db, both);
        UUID ada = g.contact("ada@acme.co.uk");
        UUID site = new Bookings(db, json).site(both);
        CrmApi deals = new CrmApi(client, json, "/v1/deals");
        String deal = deals.createId(both, "{\"contact_id\": \"%s\", \"site_id\": \"%s\"}".formatted(ada, site));
        Instant weekAgo = Instant.now().minus(7, ChronoUnit.DAYS).truncatedTo(ChronoUnit.MICROS);
        db.sql("UPDATE deals SET last_activity_at = :at WHERE id = :id").bind("at", weekAgo)
                .bind("id", UUID.fromString(deal)).then().block();

        JsonNode message = g.api.create(both, g.sms(ada, "transactional", "See you soon."));

        assertThat(deals.read(both, deal).get("last_activity_at").asString())
                .isEqualTo(message.get("created_at").asString());
    }

    @Test
    void testHelpersDeliverOrBounceASentMessageAndRefuseAnyOther() {
        String held = f.api.createId(f.caller, f.sms(f.contact(null, "+447700900444", "yes"), "transactional", "A"));
        String heldEmail = f.api.createId(f.caller, f.email(f.contact("ada+hold@acme.co.uk"), "transactional", "B",
                "B"));
        eventually(() -> f.status(held).equals("sent") && f.status(heldEmail).equals("sent"));

        JsonNode delivered = f.api.body(f.helpers.action(f.caller, held, "deliver", "{}").expectStatus().isOk());
        assertThat(delivered.get("data").get("status").asString()).isEqualTo("delivered");
        assertThat(f.eventTypes(held)).containsExactly("message.sent", "message.delivered");
        JsonNode bounced = f.api.body(f.helpers.action(f.caller, heldEmail, "bounce", "{}").expectStatus().isOk());
        assertThat(bounced.get("data").get("status").asString()).isEqualTo("bounced");
        assertThat(f.eventTypes(heldEmail)).containsExactly("message.sent", "message.bounced");

        assertThat(f.api.errorMessage(f.helpers.action(f.caller, held, "bounce", "{}"), 409, "conflict"))
                .contains("this one is delivered");
        String blocked = f.api.createId(f.caller, f.email(f.contact("ada@example.com"), "transactional", "C", "C"));
        assertThat(f.api.errorCode(f.helpers.action(f.caller, blocked, "deliver", "{}"), 409)).isEqualTo("conflict");
        assertThat(f.api.issues(f.helpers.action(f.caller, held, "deliver", "{\"status\": \"x\"}")))
                .containsExactly("status unknown_field");
    }

    @Test
    void liveAccountsGetNoTestHelpersAndNoChannelThatIsNotSetUp() {
        MessageFixtures live = new MessageFixtures(client, json, db, MessageFixtures.liveCaller());
        UUID ada = live.contact("ada@acme.co.uk");

        assertThat(live.api.errorMessage(live.api.post(live.caller, live.email(ada, "transactional", "Hi", "Hi")),
                409, "conflict")).isEqualTo("Email is not set up for live accounts on this platform.");
        assertThat(live.api.errorMessage(live.api.post(live.caller, live.sms(ada, "transactional", "Hi")), 409,
                "conflict")).isEqualTo("SMS is not set up for live accounts on this platform.");
        // A blocked message reaches no provider, so it is recorded all the same.
        JsonNode blocked = live.api.create(live.caller, live.email(live.contact("ada@example.com"), "transactional",
                "Hi", "Hi"));
        assertThat(blocked.get("blocked_reason").asString()).isEqualTo("address_reserved");
        assertThat(live.api.errorCode(live.helpers.action(live.caller, blocked.get("id").asString(), "deliver", "{}"),
                404)).isEqualTo("not_found");
    }

    @Test
    void reportsOfAProviderThatIsNotSetUpAreRefused() {
        for (String provider : new String[] {"smtp", "twilio"}) {
            assertThat(f.api.errorCode(client.post().uri("/message-providers/" + provider + "/notifications")
                    .contentType(MediaType.APPLICATION_JSON).bodyValue("{}").exchange(),
                    409)).as(provider).isEqualTo("conflict");
        }
    }
}
