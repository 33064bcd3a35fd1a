package com.storageplatform.crm.deal;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.testsupport.PlatformTest;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** {@code DELETE /v1/deals/{id}}: refused while a unit is reserved for the deal or once a quote was sent from it. */
@PlatformTest
class DealDeleteTest {

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    DealFixtures f;

    @BeforeEach
    void setUp() {
        f = new DealFixtures(client, json, db);
    }

    @Test
    void aDealIsDeleted() {
        String id = f.deal("").get("id").asString();

        JsonNode deleted = f.api.body(f.api.delete(f.caller, id).expectStatus().isOk()).get("data");

        assertThat(deleted.get("id").asString()).isEqualTo(id);
        assertThat(deleted.get("object").asString()).isEqualTo("deal");
        assertThat(deleted.get("deleted").asBoolean()).isTrue();
        assertThat(f.api.errorCode(f.api.get(f.caller, "/" + id), 404)).isEqualTo("not_found");
        assertThat(f.accounts.eventTypes(id)).containsExactly("deal.created", "deal.deleted");
    }

    @Test
    void aDealAUnitIsReservedForIsNotDeleted() {
        String id = f.deal("").get("id").asString();
        UUID reservation = f.bookings.reservation(f.caller, f.customer, f.site, UUID.fromString(id), "active",
                Instant.now().plusSeconds(3600));

        assertThat(f.api.errorMessage(f.api.delete(f.caller, id), 409, "conflict")).contains(reservation.toString());
        assertThat(f.api.read(f.caller, id).get("id").asString()).isEqualTo(id);
    }

    @Test
    void aReservationThatEndedOrLapsedNoLongerStopsTheDelete() {
        String cancelled = f.deal("").get("id").asString();
        f.bookings.reservation(f.caller, f.customer, f.site, UUID.fromString(cancelled), "cancelled",
                Instant.now().plusSeconds(3600));
        f.api.delete(f.caller, cancelled).expectStatus().isOk();

        String lapsed = f.deal("").get("id").asString();
        f.bookings.reservation(f.caller, f.customer, f.site, UUID.fromString(lapsed), "active",
                Instant.now().minusSeconds(60));
        f.api.delete(f.caller, lapsed).expectStatus().isOk();
    }

    @Test
    void aDealAQuoteWasSentFromIsNotDeleted() {
        String id = f.deal("").get("id").asString();
        db.sql("UPDATE deals SET quoted_at = now() WHERE id = :id").bind("id", UUID.fromString(id)).then().block();

        assertThat(f.api.errorMessage(f.api.delete(f.caller, id), 409, "conflict")).contains("quote");
    }
}
