package com.storageplatform.commerce.contact;

import static com.storageplatform.kit.testsupport.ResourceApi.eventually;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.storageplatform.commerce.support.CommerceApi;
import com.storageplatform.commerce.support.CommerceTest;
import com.storageplatform.commerce.support.People;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.TestCallers;
import com.storageplatform.kit.testsupport.TestEvents;
import com.storageplatform.kit.web.ApiException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.transaction.reactive.TransactionalOperator;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Archiving and unarchiving, and an archived customer coming back: added again with the same email, named by a
 * reservation, order or agreement ({@link Customers#require}), or enquiring (crm's {@code deal.created}).
 */
@CommerceTest
class ContactArchiveTest {

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    @Autowired
    Customers customers;

    @Autowired
    TransactionalOperator tx;

    CommerceApi api;
    Published published;
    final Caller caller = CommerceApi.newAccount();

    @BeforeEach
    void setUp() {
        api = new CommerceApi(client, json, "/v1/contacts");
        published = new Published(json, db);
    }

    @AfterEach
    void tearDown() {
        published.close();
    }

    private JsonNode action(String id, String action) {
        return api.body(api.action(caller, id, action, "{}").expectStatus().isOk()).get("data");
    }

    @Test
    void archivingSetsArchivedAtAndPublishesContactUpdatedOnce() {
        String id = api.createId(caller, "{\"first_name\": \"Ada\", \"last_name\": \"Lovelace\"}");
        JsonNode archived = action(id, "archive");
        assertThat(archived.get("status").asString()).isEqualTo("archived");
        assertThat(archived.get("archived_at").isNull()).isFalse();
        assertThat(api.read(caller, id)).isEqualTo(archived);

        JsonNode again = action(id, "archive");
        assertThat(again).isEqualTo(archived);
        assertThat(published.written(id)).containsExactly("contact.created", "contact.updated");
        List<JsonNode> events = published.about(id, 2);
        assertThat(events.get(1).get("type").asString()).isEqualTo("contact.updated");
        assertThat(events.get(1).get("data")).isEqualTo(archived);
    }

    @Test
    void unarchivingPublishesContactUnarchivedAndAnActiveContactIsAnsweredUnchanged() {
        JsonNode contact = api.create(caller, "{\"first_name\": \"Ada\", \"last_name\": \"Lovelace\"}");
        String id = contact.get("id").asString();
        assertThat(action(id, "unarchive")).isEqualTo(contact);
        assertThat(published.written(id)).containsExactly("contact.created");

        action(id, "archive");
        JsonNode active = action(id, "unarchive");
        assertThat(active.get("status").asString()).isEqualTo("active");
        assertThat(active.get("archived_at").isNull()).isTrue();
        assertThat(api.read(caller, id)).isEqualTo(active);
        assertThat(published.types(id, 3)).containsExactly("contact.created", "contact.updated",
                "contact.unarchived");
        assertThat(published.about(id, 3).get(2).get("data")).isEqualTo(active);
        assertThat(api.issues(api.action(caller, id, "archive", "{\"reason\": \"gone\"}")))
                .containsExactly("reason unknown_field");
        assertThat(api.read(caller, id).get("status").asString()).isEqualTo("active");
    }

    @Test
    void anArchivedContactCanBeCorrectedAndStaysArchived() {
        String id = api.createId(caller, "{\"first_name\": \"Ada\", \"last_name\": \"Lovelace\"}");
        action(id, "archive");
        JsonNode corrected = api.updated(caller, id, "{\"last_name\": \"King\"}");
        assertThat(corrected.get("last_name").asString()).isEqualTo("King");
        assertThat(corrected.get("status").asString()).isEqualTo("archived");
    }

    @Test
    void addingAnArchivedContactAgainByEmailBringsItBackWith200() {
        String id = api.createId(caller, """
                {"first_name": "Ada", "last_name": "Lovelace", "email": "ada@example.com", "phone": "01603 1"}
                """);
        action(id, "archive");

        JsonNode back = api.body(api.post(caller, """
                {"first_name": "Ada", "last_name": "King", "email": " ADA@example.com "}
                """).expectStatus().isOk()).get("data");
        assertThat(back.get("id").asString()).isEqualTo(id);
        assertThat(back.get("status").asString()).isEqualTo("active");
        assertThat(back.get("archived_at").isNull()).isTrue();
        assertThat(back.get("last_name").asString()).isEqualTo("King");
        assertThat(back.get("phone").asString()).as("a field not sent stays").isEqualTo("01603 1");
        assertThat(api.read(caller, id)).isEqualTo(back);
        assertThat(published.types(id, 4)).containsExactly("contact.created", "contact.updated",
                "contact.unarchived", "contact.updated");
        assertThat(published.about(id, 4).get(2).get("data")).isEqualTo(back);
        assertThat(published.about(id, 4).get(3).get("data")).isEqualTo(back);
        assertThat(api.listedIds(caller, "?email=ada@example.com")).containsExactly(id);
    }

    @Test
    void aRepeatOfTheRequestThatBroughtAContactBackReplaysThe200() {
        String id = api.createId(caller, "{\"first_name\": \"Ada\", \"last_name\": \"L\", \"email\": "
                + "\"again@example.com\"}");
        action(id, "archive");
        String key = Ids.newId().toString();
        String body = "{\"first_name\": \"Ada\", \"last_name\": \"King\", \"email\": \"again@example.com\"}";
        JsonNode first = api.body(post(key, body).expectStatus().isOk()
                .expectHeader().valueEquals("Deprecation", "@1796083200"));
        JsonNode replay = api.body(post(key, body).expectStatus().isOk()
                .expectHeader().valueEquals("Idempotent-Replayed", "true"));
        assertThat(replay).isEqualTo(first);
        assertThat(published.written(id)).containsExactly("contact.created", "contact.updated",
                "contact.unarchived", "contact.updated");
    }

    private WebTestClient.ResponseSpec post(String idempotencyKey, String body) {
        return client.post().uri("/v1/contacts").header("Authorization", TestCallers.bearer(caller))
                .header("Idempotency-Key", idempotencyKey).contentType(MediaType.APPLICATION_JSON)
                .bodyValue(body).exchange();
    }

    @Test
    void addingAnArchivedContactAgainWithTheSameDetailsPublishesOnlyContactUnarchived() {
        String id = api.createId(caller, """
                {"first_name": "Ada", "last_name": "Lovelace", "email": "ada@example.com"}
                """);
        action(id, "archive");
        api.post(caller, "{\"first_name\": \"Ada\", \"last_name\": \"Lovelace\", \"email\": \"ada@example.com\"}")
                .expectStatus().isOk();
        assertThat(published.written(id)).containsExactly("contact.created", "contact.updated",
                "contact.unarchived");
    }

    @Test
    void addingAnArchivedContactAgainWithConsentFalseRecordsNothingAsACreateDoes() {
        String id = api.createId(caller, """
                {"first_name": "Ada", "last_name": "Lovelace", "email": "ada@example.com", "marketing_consent": true}
                """);
        action(id, "archive");
        JsonNode back = api.body(api.post(caller, """
                {"first_name": "Ada", "last_name": "Lovelace", "email": "ada@example.com", "marketing_consent": false}
                """).expectStatus().isOk()).get("data");
        assertThat(back.get("marketing_status").asString()).as("a stored yes is not withdrawn").isEqualTo("yes");
        assertThat(back.get("marketing_consent").asBoolean()).isTrue();
        assertThat(published.written(id)).containsExactly("contact.created", "contact.updated",
                "contact.unarchived");

        // An explicit status still applies, false with it recording nothing.
        action(id, "archive");
        JsonNode asked = api.body(api.post(caller, """
                {"first_name": "Ada", "last_name": "Lovelace", "email": "ada@example.com",
                 "marketing_status": "not_asked", "marketing_consent": false}
                """).expectStatus().isOk()).get("data");
        assertThat(asked.get("marketing_status").asString()).isEqualTo("not_asked");
    }

    @Test
    void addingAnArchivedContactAgainCannotTurnAStoredNoIntoNotAsked() {
        String id = api.createId(caller, """
                {"first_name": "Ada", "last_name": "Lovelace", "email": "ada@example.com", "marketing_status": "no"}
                """);
        action(id, "archive");
        assertThat(api.issues(api.post(caller, """
                {"first_name": "Ada", "last_name": "Lovelace", "email": "ada@example.com",
                 "marketing_status": "not_asked"}
                """))).containsExactly("marketing_status invalid_transition");
        assertThat(api.read(caller, id).get("status").asString()).isEqualTo("archived");
        assertThat(published.written(id)).containsExactly("contact.created", "contact.updated");
    }

    @Test
    void anActiveContactWithTheSameEmailDoesNotStopANewOne() {
        String first = api.createId(caller, """
                {"first_name": "Ada", "last_name": "Lovelace", "email": "family@example.com"}
                """);
        String second = api.createId(caller, """
                {"first_name": "Byron", "last_name": "Lovelace", "email": "family@example.com"}
                """);
        assertThat(second).isNotEqualTo(first);
        assertThat(api.listedIds(caller, "?email=family@example.com")).containsExactly(second, first);
    }

    @Test
    void anotherAccountsArchivedContactWithTheSameEmailIsNotBroughtBack() {
        Caller other = CommerceApi.newAccount();
        String theirs = api.createId(other, """
                {"first_name": "Ada", "last_name": "Lovelace", "email": "shared@example.com"}
                """);
        api.action(other, theirs, "archive", "{}").expectStatus().isOk();
        String mine = api.createId(caller, """
                {"first_name": "Ada", "last_name": "Lovelace", "email": "shared@example.com"}
                """);
        assertThat(mine).isNotEqualTo(theirs);
        assertThat(api.read(other, theirs).get("status").asString()).isEqualTo("archived");
    }

    @Test
    void aCustomerWhoReturnsByEnquiringOrBookingIsUnarchivedWithContactUnarchived() {
        People people = new People(db);
        UUID archived = people.archivedCustomer(caller);
        Contact customer = tx.transactional(customers.require(caller, archived, "contact_id")).block();
        assertThat(customer.status()).isEqualTo("active");
        assertThat(customer.archivedAt()).isNull();
        assertThat(customer.kycStatus()).isEqualTo("not_required");
        assertThat(people.status(caller, archived)).isEqualTo("active");
        JsonNode event = published.about(archived.toString(), 1).get(0);
        assertThat(event.get("type").asString()).isEqualTo("contact.unarchived");
        assertThat(event.get("data")).isEqualTo(api.read(caller, archived.toString()));

        // An active customer is answered as is, and nothing is published.
        tx.transactional(customers.require(caller, archived, "contact_id")).block();
        assertThat(published.written(archived.toString())).containsExactly("contact.unarchived");
    }

    @Test
    void aCustomerWhoReturnsByEnquiringIsUnarchivedOnceByCrmsDealCreated() {
        People people = new People(db);
        UUID archived = people.archivedCustomer(caller);
        Map<String, Object> deal = deal(archived);
        UUID event = TestEvents.publish(DealCreatedHandler.TOPIC, "deal.created", caller.accountId(), deal);
        eventually(() -> "active".equals(people.status(caller, archived)));

        JsonNode active = api.read(caller, archived.toString());
        assertThat(active.get("archived_at").isNull()).isTrue();
        JsonNode unarchived = published.about(archived.toString(), 1).get(0);
        assertThat(unarchived.get("type").asString()).isEqualTo("contact.unarchived");
        assertThat(unarchived.get("data")).isEqualTo(active);

        // A redelivery, or another deal of the now active customer, changes nothing.
        TestEvents.publish(DealCreatedHandler.TOPIC, event, "deal.created", caller.accountId(), deal);
        UUID another = TestEvents.publish(DealCreatedHandler.TOPIC, "deal.created", caller.accountId(),
                deal(archived));
        eventually(() -> received(another));
        assertThat(published.written(archived.toString())).containsExactly("contact.unarchived");
        assertThat(api.read(caller, archived.toString())).isEqualTo(active);
    }

    @Test
    void aDealNamingAContactTheAccountDoesNotHaveOrMadeBeforeTheArchivingIsPassedOver() {
        People people = new People(db);
        Caller other = CommerceApi.newAccount();
        UUID theirs = people.archivedCustomer(other);
        UUID unknown = Ids.newId();
        UUID walkIn = people.walkIn(caller);
        UUID archivedLater = people.archivedCustomer(caller);
        List<UUID> events = List.of(
                TestEvents.publish(DealCreatedHandler.TOPIC, "deal.created", caller.accountId(), deal(theirs)),
                TestEvents.publish(DealCreatedHandler.TOPIC, "deal.created", caller.accountId(), deal(unknown)),
                TestEvents.publish(DealCreatedHandler.TOPIC, "deal.created", caller.accountId(), deal(walkIn)),
                dealCreatedAt(archivedLater, Instant.now().minus(Duration.ofHours(1))));
        eventually(() -> events.stream().allMatch(this::received));

        assertThat(people.status(other, theirs)).isEqualTo("archived");
        assertThat(people.status(caller, archivedLater)).as("staff archiving it after the enquiry wins")
                .isEqualTo("archived");
        assertThat(published.written(theirs.toString())).isEmpty();
        assertThat(published.written(archivedLater.toString())).isEmpty();
        assertThat(published.written(walkIn.toString())).isEmpty();
    }

    private static Map<String, Object> deal(UUID contact) {
        return Map.of("id", Ids.newId().toString(), "object", "deal", "status", "open",
                "contact_id", contact.toString());
    }

    /** {@code deal.created} as crm's outbox sends it, made at {@code time}. */
    private UUID dealCreatedAt(UUID contact, Instant time) {
        UUID id = Ids.newId();
        Map<String, Object> envelope = Map.of("specversion", "1.0", "id", id.toString(), "source", "/crm",
                "type", "deal.created", "time", time.toString(), "datacontenttype", "application/json",
                "accountid", caller.accountId().toString(), "environment", "test", "actortype", "api",
                "data", deal(contact));
        TestEvents.publishRaw(DealCreatedHandler.TOPIC, caller.accountId().toString(),
                json.writeValueAsString(envelope));
        return id;
    }

    private boolean received(UUID eventId) {
        return db.sql("SELECT count(*) FROM inbox_events WHERE event_id = :id").bind("id", eventId)
                .map(row -> row.get(0, Long.class)).one().block() > 0;
    }

    @Test
    void findChecksTheCustomerWithoutUnarchiving() {
        People people = new People(db);
        UUID archived = people.archivedCustomer(caller);
        assertThat(tx.transactional(customers.find(caller, archived, "contact_id")).block().status())
                .isEqualTo("archived");
        assertThat(published.written(archived.toString())).isEmpty();
    }

    @Test
    void theWalkInRecordOrAnotherAccountsContactIsRefusedAsACustomer() {
        People people = new People(db);
        UUID walkIn = people.walkIn(caller);
        assertThatThrownBy(() -> customers.require(caller, walkIn, "contact_id").block())
                .isInstanceOfSatisfying(ApiException.class, e -> {
                    assertThat(e.status().value()).isEqualTo(422);
                    assertThat(e.details()).extracting(d -> d.field() + " " + d.issue())
                            .containsExactly("contact_id not_allowed");
                    assertThat(e.getMessage()).contains("walk-in sales record");
                });
        UUID theirs = people.customer(CommerceApi.newAccount());
        assertThatThrownBy(() -> customers.require(caller, theirs, "customer").block())
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.details())
                        .extracting(d -> d.field() + " " + d.issue()).containsExactly("customer not_found"));
        assertThatThrownBy(() -> customers.find(caller, Ids.newId(), "contact_id").block())
                .isInstanceOf(ApiException.class);
    }
}
