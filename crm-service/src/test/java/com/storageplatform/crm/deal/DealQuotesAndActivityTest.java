package com.storageplatform.crm.deal;

import static com.storageplatform.kit.testsupport.ResourceApi.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.TestEvents;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code quoted_at} and {@code last_activity_at}: from the deal's own changes and from commerce's events about its
 * reservation, its agreement and its customer at its site.
 */
@PlatformTest
class DealQuotesAndActivityTest {

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    static Instant at(JsonNode deal, String field) {
        return deal.get(field).isNull() ? null : Instant.parse(deal.get(field).asString());
    }

    static Map<String, Object> agreement(DealFixtures f, UUID id, String status, UUID reservation) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("id", id.toString());
        data.put("object", "agreement");
        data.put("contact_id", f.customer.toString());
        data.put("site_id", f.site.toString());
        data.put("reservation_id", reservation == null ? null : reservation.toString());
        data.put("status", status);
        return data;
    }

    @Test
    void namingAQuoteOnCreateDatesTheQuote() {
        DealFixtures f = new DealFixtures(client, json, db);
        UUID quote = f.bookings.agreement(f.caller, f.customer, f.site, "quote");

        JsonNode deal = f.deal(", \"agreement_id\": \"" + quote + "\"");

        assertThat(at(deal, "quoted_at")).isNotNull();
        assertThat(f.api.errorCode(f.api.delete(f.caller, deal.get("id").asString()), 409)).isEqualTo("conflict");
    }

    @Test
    void linkingAQuoteLaterDatesTheQuoteAndABookingDoesNot() {
        DealFixtures f = new DealFixtures(client, json, db);
        String id = f.deal("").get("id").asString();
        UUID booking = f.bookings.agreement(f.caller, f.customer, f.site);

        assertThat(at(f.api.updated(f.caller, id, "{\"agreement_id\": \"" + booking + "\"}"), "quoted_at")).isNull();

        UUID quote = f.bookings.agreement(f.caller, f.customer, f.site, "quote");
        JsonNode quoted = f.api.updated(f.caller, id, "{\"agreement_id\": \"" + quote + "\"}");
        assertThat(at(quoted, "quoted_at")).isNotNull();
        assertThat(at(quoted, "last_activity_at")).isNotNull();
    }

    @Test
    void aQuoteCommerceMakesFromTheDealsReservationIsAQuoteSentFromIt() {
        DealFixtures f = new DealFixtures(client, json, db);
        String id = f.deal("").get("id").asString();
        UUID reservation = f.bookings.reservation(f.caller, f.customer, f.site, UUID.fromString(id), "active",
                Instant.now().plusSeconds(3600));
        UUID quote = Ids.newId();

        TestEvents.publish("commerce.events", "agreement.created", f.caller.accountId(),
                agreement(f, quote, "quote", reservation));

        eventually(() -> !f.api.read(f.caller, id).get("quoted_at").isNull());
        JsonNode deal = f.api.read(f.caller, id);
        assertThat(deal.get("agreement_id").asString()).isEqualTo(quote.toString());
        assertThat(f.accounts.eventTypes(id)).endsWith("deal.updated");
    }

    @Test
    void aDraftAgreementIsActivityButNotAQuote() {
        DealFixtures f = new DealFixtures(client, json, db);
        JsonNode before = f.deal("");
        String id = before.get("id").asString();

        TestEvents.publish("commerce.events", "agreement.created", f.caller.accountId(),
                agreement(f, Ids.newId(), "draft", null));

        eventually(() -> at(f.api.read(f.caller, id), "last_activity_at").isAfter(at(before, "last_activity_at")));
        JsonNode after = f.api.read(f.caller, id);
        assertThat(after.get("quoted_at").isNull()).isTrue();
        assertThat(after.get("agreement_id").isNull()).isTrue();
        assertThat(f.accounts.eventTypes(id)).containsExactly("deal.created");
    }

    @Test
    void anEventOlderThanTheLastActivityNeverWindsItBack() {
        DealFixtures f = new DealFixtures(client, json, db);
        String id = f.deal("").get("id").asString();
        UUID reservation = f.bookings.reservation(f.caller, f.customer, f.site, UUID.fromString(id), "active",
                Instant.now().plusSeconds(3600));
        UUID latest = Ids.newId();
        TestEvents.publish("commerce.events", "agreement.created", f.caller.accountId(),
                agreement(f, latest, "draft", reservation));
        eventually(() -> db.sql("SELECT 1 FROM records WHERE id = :id").bind("id", latest).fetch().one()
                .blockOptional().isPresent());
        Instant touched = at(f.api.read(f.caller, id), "last_activity_at");

        Map<String, Object> old = new LinkedHashMap<>(agreement(f, Ids.newId(), "draft", reservation));
        Map<String, Object> envelope = new LinkedHashMap<>();
        envelope.put("specversion", "1.0");
        envelope.put("id", Ids.newId().toString());
        envelope.put("source", "/commerce");
        envelope.put("type", "agreement.created");
        envelope.put("time", Instant.now().minus(2, ChronoUnit.DAYS).toString());
        envelope.put("accountid", f.caller.accountId().toString());
        envelope.put("environment", "test");
        envelope.put("actortype", "api");
        envelope.put("data", old);
        TestEvents.publishRaw("commerce.events", f.caller.accountId().toString(), json.writeValueAsString(envelope));

        eventually(() -> db.sql("SELECT 1 FROM records WHERE id = :id").bind("id", UUID.fromString(
                (String) old.get("id"))).fetch().one().blockOptional().isPresent());
        assertThat(at(f.api.read(f.caller, id), "last_activity_at")).isEqualTo(touched);
    }

    @Test
    void anotherCustomersBookingAtTheSiteTouchesNothing() {
        DealFixtures f = new DealFixtures(client, json, db);
        JsonNode before = f.deal("");
        UUID someoneElse = f.accounts.customer(f.caller);
        Map<String, Object> data = agreement(f, Ids.newId(), "draft", null);
        data.put("contact_id", someoneElse.toString());

        TestEvents.publish("commerce.events", "agreement.created", f.caller.accountId(), data);

        eventually(() -> db.sql("SELECT 1 FROM records WHERE id = :id").bind("id", UUID.fromString(
                (String) data.get("id"))).fetch().one().blockOptional().isPresent());
        assertThat(f.api.read(f.caller, before.get("id").asString()).get("last_activity_at"))
                .isEqualTo(before.get("last_activity_at"));
    }
}
