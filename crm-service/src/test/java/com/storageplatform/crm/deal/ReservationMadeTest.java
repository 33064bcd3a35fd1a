package com.storageplatform.crm.deal;

import static com.storageplatform.kit.testsupport.ResourceApi.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.TestEvents;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Commerce's {@code reservation.created} for a deal: the deal takes the reservation and its Reserved stage. */
@PlatformTest
class ReservationMadeTest {

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    UUID made(DealFixtures f, String dealId, UUID customer) {
        UUID id = Ids.newId();
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("id", id.toString());
        data.put("object", "reservation");
        data.put("contact_id", customer.toString());
        data.put("site_id", f.site.toString());
        data.put("deal_id", dealId);
        data.put("status", "active");
        data.put("held_until", Instant.now().plusSeconds(3600).toString());
        TestEvents.publish("commerce.events", "reservation.created", f.caller.accountId(), data);
        return id;
    }

    @Test
    void aReservationMadeForAnOpenDealIsLinkedAndMovesItToTheReservedStage() {
        DealFixtures f = new DealFixtures(client, json, db);
        String id = f.deal("").get("id").asString();

        UUID reservation = made(f, id, f.customer);

        eventually(() -> !f.api.read(f.caller, id).get("reservation_id").isNull());
        JsonNode deal = f.api.read(f.caller, id);
        assertThat(deal.get("reservation_id").asString()).isEqualTo(reservation.toString());
        assertThat(deal.get("reserved_at").isNull()).isFalse();
        assertThat(deal.get("stage_id").asString()).isEqualTo(f.stage("Reserved"));
        assertThat(f.accounts.eventTypes(id)).containsExactly("deal.created", "deal.updated");
    }

    @Test
    void aLostDealOrAnotherCustomersReservationChangesNothing() {
        DealFixtures f = new DealFixtures(client, json, db);
        String lost = f.deal("").get("id").asString();
        f.api.updated(f.caller, lost, "{\"status\": \"lost\"}");
        String open = f.deal("").get("id").asString();

        UUID first = made(f, lost, f.customer);
        UUID second = made(f, open, f.accounts.customer(f.caller));
        eventually(() -> db.sql("SELECT count(*) FROM records WHERE id IN (:a, :b)").bind("a", first)
                .bind("b", second).map(row -> row.get(0, Long.class)).one().block() == 2);

        assertThat(f.api.read(f.caller, lost).get("reservation_id").isNull()).isTrue();
        assertThat(f.api.read(f.caller, open).get("reservation_id").isNull()).isTrue();
        assertThat(f.api.read(f.caller, open).get("stage_id").asString()).isEqualTo(f.stage("Enquiry"));
    }
}
