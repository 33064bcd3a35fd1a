package com.storageplatform.crm.deal;

import static com.storageplatform.kit.testsupport.ResourceApi.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.TestEvents;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
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
 * The reserved-stage follow-up: a reserved deal whose reservation is cancelled or lapses moves back with a call due
 * today, unless the customer holds or booked something else at the site or the operator switched it off.
 */
@PlatformTest
class ReservedDealFollowUpTest {

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    /** A deal in the Reserved stage, with its reservation linked; answers [deal id, reservation id]. */
    String[] reservedDeal(DealFixtures f) {
        String id = f.deal("").get("id").asString();
        UUID reservation = f.bookings.reservation(f.caller, f.customer, f.site, UUID.fromString(id), "active",
                Instant.now().plusSeconds(3600));
        f.api.updated(f.caller, id, "{\"stage_id\": \"" + f.stage("Reserved") + "\", \"reservation_id\": \""
                + reservation + "\"}");
        return new String[] {id, reservation.toString()};
    }

    void ended(DealFixtures f, String type, String[] deal) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("id", deal[1]);
        data.put("object", "reservation");
        data.put("contact_id", f.customer.toString());
        data.put("site_id", f.site.toString());
        data.put("deal_id", deal[0]);
        data.put("status", type.endsWith("expired") ? "expired" : "cancelled");
        data.put("held_until", Instant.now().plusSeconds(3600).toString());
        TestEvents.publish("commerce.events", type, f.caller.accountId(), data);
    }

    /** The reservation's end has been applied (the records projection runs in the same inbox transaction). */
    void applied(DealFixtures f, String reservation) {
        eventually(() -> !"active".equals(db.sql("SELECT data ->> 'status' FROM records WHERE id = :id")
                .bind("id", UUID.fromString(reservation)).map(row -> row.get(0, String.class)).one().block()));
    }

    @Test
    void aCancelledReservationMovesTheDealBackWithACallDueToday() {
        DealFixtures f = new DealFixtures(client, json, db);
        String[] deal = reservedDeal(f);

        ended(f, "reservation.cancelled", deal);

        eventually(() -> f.api.read(f.caller, deal[0]).get("stage_id").asString().equals(f.stage("Quoted")));
        JsonNode moved = f.api.read(f.caller, deal[0]);
        assertThat(moved.get("status").asString()).isEqualTo("open");
        assertThat(moved.get("next_follow_up_on").asString())
                .isEqualTo(LocalDate.now(ZoneId.of("Europe/London")).toString());
        assertThat(f.accounts.eventTypes(deal[0])).endsWith("deal.updated");
    }

    @Test
    void aLapsedReservationDoesTheSame() {
        DealFixtures f = new DealFixtures(client, json, db);
        String[] deal = reservedDeal(f);

        ended(f, "reservation.expired", deal);

        eventually(() -> f.api.read(f.caller, deal[0]).get("stage_id").asString().equals(f.stage("Quoted")));
    }

    @Test
    void anotherReservationAtTheSiteKeepsTheDealWhereItIs() {
        DealFixtures f = new DealFixtures(client, json, db);
        String[] deal = reservedDeal(f);
        f.bookings.reservation(f.caller, f.customer, f.site, null, "active", Instant.now().plusSeconds(3600));

        ended(f, "reservation.cancelled", deal);
        applied(f, deal[1]);

        assertThat(f.api.read(f.caller, deal[0]).get("stage_id").asString()).isEqualTo(f.stage("Reserved"));
    }

    @Test
    void aBookingAtTheSiteKeepsTheDealWhereItIs() {
        DealFixtures f = new DealFixtures(client, json, db);
        String[] deal = reservedDeal(f);
        f.bookings.agreement(f.caller, f.customer, f.site);

        ended(f, "reservation.cancelled", deal);
        applied(f, deal[1]);

        assertThat(f.api.read(f.caller, deal[0]).get("stage_id").asString()).isEqualTo(f.stage("Reserved"));
    }

    @Test
    void theOperatorCanSwitchItOff() {
        DealFixtures f = new DealFixtures(client, json, db, "{\"reserved_deal_follow_up_enabled\": false}");
        String[] deal = reservedDeal(f);

        ended(f, "reservation.cancelled", deal);
        applied(f, deal[1]);

        JsonNode kept = f.api.read(f.caller, deal[0]);
        assertThat(kept.get("stage_id").asString()).isEqualTo(f.stage("Reserved"));
        assertThat(kept.get("next_follow_up_on").isNull()).isTrue();
    }
}
