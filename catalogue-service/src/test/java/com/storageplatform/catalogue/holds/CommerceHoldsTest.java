package com.storageplatform.catalogue.holds;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.catalogue.unittype.UnitsApi;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.TestEvents;
import com.storageplatform.kit.time.PlatformClock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The holds projection: commerce's reservation, agreement and order events, published to Kafka as commerce's
 * outbox would, move a unit's status and what {@code bookable} answers; duplicates and late events change nothing.
 */
@PlatformTest
class CommerceHoldsTest {

    static final String TOPIC = "commerce.events";
    static final Duration WAIT = Duration.ofSeconds(30);

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    @Autowired
    PlatformClock clock;

    UnitsApi api;
    final Caller caller = UnitsApi.newAccount();
    String site;
    String type;

    @AfterEach
    void resetClock() {
        clock.setOffset(Duration.ZERO);
    }

    @BeforeEach
    void setUp() {
        api = new UnitsApi(client, json);
        site = api.site(caller, "Norwich");
        type = api.unitType(caller, site, "35 sq ft", 3500);
    }

    private Map<String, Object> reservation(String id, String unitId, String status) {
        Map<String, Object> data = new HashMap<>();
        data.put("id", id);
        data.put("object", "reservation");
        data.put("site_id", site);
        data.put("unit_id", unitId);
        data.put("unit_type_id", type);
        data.put("contact_id", Ids.newId().toString());
        data.put("status", status);
        data.put("held_until", "2030-01-01T12:00:00Z");
        return data;
    }

    private Map<String, Object> agreement(String id, String unitId, String status) {
        Map<String, Object> data = new HashMap<>();
        data.put("id", id);
        data.put("object", "agreement");
        data.put("unit_id", unitId);
        data.put("reservation_id", null);
        data.put("status", status);
        return data;
    }

    private UUID publish(String eventType, Map<String, Object> data) {
        return TestEvents.publish(TOPIC, eventType, caller.accountId(), data);
    }

    /** Waits until the inbox has applied the event (its id recorded, in the same transaction as the change). */
    private void awaitApplied(UUID eventId) {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (System.nanoTime() < deadline) {
            Long seen = db.sql("SELECT count(*) AS n FROM inbox_events WHERE event_id = :id").bind("id", eventId)
                    .map(row -> row.get("n", Long.class)).one().block();
            if (seen != null && seen > 0) {
                return;
            }
            sleep(100);
        }
        throw new AssertionError("event " + eventId + " was not applied within " + WAIT);
    }

    private String status(String unit) {
        return api.read(caller, "/v1/units/" + unit).get("status").asString();
    }

    private List<String> unitEvents(String unit) {
        return db.sql("""
                SELECT payload::jsonb -> 'data' ->> 'status' AS status FROM outbox_events
                WHERE payload::jsonb ->> 'subject' = :id AND event_type = 'unit.updated' ORDER BY created_at
                """).bind("id", unit).map(row -> row.get("status", String.class)).all().collectList().block();
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void aReservationHoldsItsUnitAndIsBookableOnlyForItself() {
        String held = api.unit(caller, site, type, "A1");
        String free = api.unit(caller, site, type, "A2");
        String reservation = Ids.newId().toString();

        awaitApplied(publish("reservation.created", reservation(reservation, held, "active")));

        assertThat(status(held)).isEqualTo("reserved");
        assertThat(api.listedIds(caller, "/v1/units?bookable=true")).containsExactly(free);
        assertThat(api.listedIds(caller, "/v1/units?bookable=false")).containsExactly(held);
        assertThat(api.listedIds(caller, "/v1/units?bookable=true&reservation_id=" + reservation))
                .containsExactly(free, held);
        assertThat(api.listedIds(caller, "/v1/units?bookable=true&reservation_id=" + Ids.newId()))
                .containsExactly(free);
        assertThat(api.listedIds(caller, "/v1/units?status=reserved")).containsExactly(held);
        assertThat(unitEvents(held)).containsExactly("reserved");

        awaitApplied(publish("reservation.expired", reservation(reservation, held, "expired")));

        assertThat(status(held)).isEqualTo("available");
        assertThat(api.listedIds(caller, "/v1/units?bookable=true")).containsExactly(free, held);
        assertThat(unitEvents(held)).containsExactly("reserved", "available");
    }

    @Test
    void aHoldWhoseHeldUntilHasPassedNoLongerKeepsItsUnitFromBeingBooked() {
        String held = api.unit(caller, site, type, "L1");
        String free = api.unit(caller, site, type, "L2");
        String untimed = api.unit(caller, site, type, "L3");
        String inAnHour = clock.instant().plus(Duration.ofHours(1)).toString();
        Map<String, Object> onUnit = reservation(Ids.newId().toString(), held, "active");
        onUnit.put("held_until", inAnHour);
        Map<String, Object> onType = reservation(Ids.newId().toString(), null, "active");
        onType.put("held_until", inAnHour);
        Map<String, Object> noExpiry = reservation(Ids.newId().toString(), untimed, "active");
        noExpiry.put("held_until", null);
        awaitApplied(publish("reservation.created", onUnit));
        awaitApplied(publish("reservation.created", onType));
        awaitApplied(publish("reservation.created", noExpiry));

        assertThat(api.listedIds(caller, "/v1/units?bookable=true")).containsExactly(free);
        JsonNode before = availability();
        // The unit-type hold takes the one free unit.
        assertThat(before.get("units_bookable").asLong()).isZero();
        assertThat(before.get("occupancy_percent").asDouble()).isEqualTo(100.0);

        // The hour passes on the platform clock; commerce's sweep has not sent reservation.expired yet.
        clock.advance(Duration.ofHours(2));

        assertThat(api.listedIds(caller, "/v1/units?bookable=true")).containsExactly(free, held);
        assertThat(api.listedIds(caller, "/v1/units?bookable=false")).containsExactly(untimed);
        JsonNode after = availability();
        assertThat(after.get("units_bookable").asLong()).isEqualTo(2);
        assertThat(after.get("occupancy_percent").asDouble()).isEqualTo(33.3);
        // The status stays commerce's word until its event arrives.
        assertThat(status(held)).isEqualTo("reserved");
        assertThat(status(untimed)).isEqualTo("reserved");
    }

    private JsonNode availability() {
        JsonNode rows = api.list(caller, "/v1/availability?unit_type_id=" + type).get("data");
        assertThat(rows.size()).isEqualTo(1);
        return rows.get(0);
    }

    @Test
    void aRedeliveredEventIsAppliedOnce() {
        String unit = api.unit(caller, site, type, "B1");
        String reservation = Ids.newId().toString();
        UUID created = publish("reservation.created", reservation(reservation, unit, "active"));
        awaitApplied(created);
        awaitApplied(publish("reservation.cancelled", reservation(reservation, unit, "cancelled")));
        assertThat(status(unit)).isEqualTo("available");

        TestEvents.publish(TOPIC, created, "reservation.created", caller.accountId(),
                reservation(reservation, unit, "active"));
        // A later event on the same partition (keyed by account) is applied after the redelivery.
        String other = api.unit(caller, site, type, "B2");
        awaitApplied(publish("reservation.created", reservation(Ids.newId().toString(), other, "active")));

        assertThat(status(unit)).isEqualTo("available");
        assertThat(unitEvents(unit)).containsExactly("reserved", "available");
        assertThat(db.sql("SELECT count(*) AS n FROM inbox_events WHERE event_id = :id").bind("id", created)
                .map(row -> row.get("n", Long.class)).one().block()).isEqualTo(1);
    }

    @Test
    void lateEventsNeverBringAnEndedHoldBack() {
        String unit = api.unit(caller, site, type, "C1");
        String reservation = Ids.newId().toString();

        awaitApplied(publish("reservation.cancelled", reservation(reservation, unit, "cancelled")));
        awaitApplied(publish("reservation.created", reservation(reservation, unit, "active")));
        assertThat(status(unit)).isEqualTo("available");

        String agreement = Ids.newId().toString();
        awaitApplied(publish("agreement.updated", agreement(agreement, unit, "active")));
        awaitApplied(publish("agreement.created", agreement(agreement, unit, "draft")));
        assertThat(status(unit)).isEqualTo("occupied");
        assertThat(unitEvents(unit)).containsExactly("occupied");

        awaitApplied(publish("agreement.terminated", agreement(agreement, unit, "terminated")));
        awaitApplied(publish("agreement.activated", agreement(agreement, unit, "pending_move_in")));
        awaitApplied(publish("agreement.updated", agreement(agreement, unit, "active")));
        assertThat(status(unit)).isEqualTo("available");
        assertThat(unitEvents(unit)).containsExactly("occupied", "available");
    }

    @Test
    void anAgreementBooksThenOccupiesThenFreesItsUnit() {
        String unit = api.unit(caller, site, type, "D1");
        String agreement = Ids.newId().toString();

        awaitApplied(publish("agreement.created", agreement(agreement, unit, "draft")));
        assertThat(status(unit)).isEqualTo("reserved");
        assertThat(api.errorMessage(api.patch(caller, "/v1/units/" + unit, "{\"status\": \"archived\"}"), 409,
                "conflict")).contains("reserved");

        // Signed (commerce's agreement.activated, public agreement.signed): still booked, not yet moved in.
        awaitApplied(publish("agreement.activated", agreement(agreement, unit, "pending_move_in")));
        assertThat(status(unit)).isEqualTo("reserved");

        awaitApplied(publish("agreement.updated", agreement(agreement, unit, "active")));
        assertThat(status(unit)).isEqualTo("occupied");
        assertThat(api.errorMessage(api.patch(caller, "/v1/units/" + unit, "{\"status\": \"out_of_service\"}"),
                409, "conflict")).contains("occupied");
        assertThat(api.updated(caller, "/v1/units/" + unit, "{\"notes\": \"Tenant since May\"}").get("status")
                .asString()).isEqualTo("occupied");

        awaitApplied(publish("agreement.terminated", agreement(agreement, unit, "terminated")));
        assertThat(status(unit)).isEqualTo("available");
        // The notes change published the third (status unchanged).
        assertThat(unitEvents(unit)).containsExactly("reserved", "occupied", "occupied", "available");
        assertThat(api.updated(caller, "/v1/units/" + unit, "{\"status\": \"out_of_service\"}").get("status")
                .asString()).isEqualTo("out_of_service");
    }

    @Test
    void aNewUnitIdMovesTheBookingAndTransfersAnAgreementThatHasMovedIn() {
        String first = api.unit(caller, site, type, "M1");
        String second = api.unit(caller, site, type, "M2");
        String third = api.unit(caller, site, type, "M3");
        String agreement = Ids.newId().toString();

        awaitApplied(publish("agreement.created", agreement(agreement, first, "draft")));
        assertThat(status(first)).isEqualTo("reserved");

        // A draft's booking moves to another unit: the first is free again, the second booked.
        awaitApplied(publish("agreement.updated", agreement(agreement, second, "draft")));
        assertThat(status(first)).isEqualTo("available");
        assertThat(status(second)).isEqualTo("reserved");
        assertThat(api.listedIds(caller, "/v1/units?bookable=true")).containsExactlyInAnyOrder(first, third);

        awaitApplied(publish("agreement.activated", agreement(agreement, second, "pending_move_in")));
        awaitApplied(publish("agreement.updated", agreement(agreement, second, "active")));
        assertThat(status(second)).isEqualTo("occupied");

        // The customer who has moved in is transferred: the new unit is occupied, the old one free.
        awaitApplied(publish("agreement.updated", agreement(agreement, third, "active")));
        assertThat(status(second)).isEqualTo("available");
        assertThat(status(third)).isEqualTo("occupied");
        assertThat(api.listedIds(caller, "/v1/units?bookable=true")).containsExactlyInAnyOrder(first, second);
        assertThat(unitEvents(first)).containsExactly("reserved", "available");
        assertThat(unitEvents(second)).containsExactly("reserved", "occupied", "available");
        assertThat(unitEvents(third)).containsExactly("occupied");

        awaitApplied(publish("agreement.terminated", agreement(agreement, third, "terminated")));
        assertThat(status(third)).isEqualTo("available");
        assertThat(api.listedIds(caller, "/v1/units?bookable=true")).containsExactlyInAnyOrder(first, second, third);
    }

    @Test
    void signingKeepsTheUnitReservedUntilTheAgreementIsActive() {
        String unit = api.unit(caller, site, type, "H1");
        String free = api.unit(caller, site, type, "H2");
        String agreement = Ids.newId().toString();

        // agreement.activated is the signature, never the move-in: on its own it books the unit.
        awaitApplied(publish("agreement.activated", agreement(agreement, unit, "pending_move_in")));
        assertThat(status(unit)).isEqualTo("reserved");
        assertThat(api.listedIds(caller, "/v1/units?bookable=true")).containsExactly(free);
        assertThat(api.listedIds(caller, "/v1/units?bookable=false")).containsExactly(unit);
        assertThat(api.listedIds(caller, "/v1/units?status=occupied")).isEmpty();
        assertHeldInAvailability();

        // Moving in is agreement.updated with status active.
        awaitApplied(publish("agreement.updated", agreement(agreement, unit, "active")));
        assertThat(status(unit)).isEqualTo("occupied");
        assertThat(api.listedIds(caller, "/v1/units?bookable=true")).containsExactly(free);
        assertThat(api.listedIds(caller, "/v1/units?bookable=false")).containsExactly(unit);
        assertHeldInAvailability();
        assertThat(unitEvents(unit)).containsExactly("reserved", "occupied");
    }

    @Test
    void aSignatureArrivingAfterMoveInLeavesTheUnitOccupied() {
        String unit = api.unit(caller, site, type, "K1");
        String free = api.unit(caller, site, type, "K2");
        String agreement = Ids.newId().toString();

        awaitApplied(publish("agreement.updated", agreement(agreement, unit, "active")));
        assertThat(status(unit)).isEqualTo("occupied");

        awaitApplied(publish("agreement.activated", agreement(agreement, unit, "pending_move_in")));
        assertThat(status(unit)).isEqualTo("occupied");
        assertThat(api.listedIds(caller, "/v1/units?bookable=true")).containsExactly(free);
        assertHeldInAvailability();
        assertThat(unitEvents(unit)).containsExactly("occupied");
    }

    /** Of the type's two units, one is held (reserved or occupied alike) and one is bookable. */
    private void assertHeldInAvailability() {
        JsonNode row = availability();
        assertThat(row.get("units_total").asLong()).isEqualTo(2);
        assertThat(row.get("units_bookable").asLong()).isEqualTo(1);
        assertThat(row.get("occupancy_percent").asDouble()).isEqualTo(50.0);
    }

    @Test
    void anOnlineOrderHoldsItsUnitUntilCompletedOrCancelled() {
        String unit = api.unit(caller, site, type, "E1");
        Map<String, Object> order = new HashMap<>(Map.of("id", Ids.newId().toString(), "object", "order",
                "unit_id", unit, "status", "awaiting_payment"));

        awaitApplied(publish("order.created", order));
        assertThat(status(unit)).isEqualTo("reserved");
        assertThat(api.listedIds(caller, "/v1/units?bookable=true")).isEmpty();

        awaitApplied(publish("order.cancelled", order));
        assertThat(status(unit)).isEqualTo("available");
    }

    @Test
    void anOutOfServiceUnitKeepsItsStatusWhileHeld() {
        String unit = api.created(caller, "/v1/units", """
                {"site_id": "%s", "unit_type_id": "%s", "name": "F1", "status": "out_of_service"}
                """.formatted(site, type)).get("id").asString();

        awaitApplied(publish("reservation.created", reservation(Ids.newId().toString(), unit, "active")));

        assertThat(status(unit)).isEqualTo("out_of_service");
        assertThat(unitEvents(unit)).isEmpty();
        // Back in service, it shows what commerce holds.
        assertThat(api.updated(caller, "/v1/units/" + unit, "{\"status\": \"available\"}").get("status").asString())
                .isEqualTo("reserved");
    }

    @Test
    void eventsForUnknownUnitsOrWithoutAHolderAreRecordedAndPassedOver() {
        String unknownUnit = Ids.newId().toString();
        UUID unknown = publish("reservation.created", reservation(Ids.newId().toString(), unknownUnit, "active"));
        UUID holderless = publish("reservation.created", Map.of("object", "reservation", "unit_id", unknownUnit));
        UUID otherAccount = TestEvents.publish(TOPIC, "reservation.created", Ids.newId(),
                reservation(Ids.newId().toString(), unknownUnit, "active"));
        awaitApplied(unknown);
        awaitApplied(holderless);
        awaitApplied(otherAccount);

        String unit = api.unit(caller, site, type, "G1");
        awaitApplied(publish("reservation.created", reservation(Ids.newId().toString(), unit, "active")));
        assertThat(status(unit)).isEqualTo("reserved");
        assertThat(db.sql("SELECT count(*) AS n FROM unit_holds WHERE unit_id = :id")
                .bind("id", UUID.fromString(unknownUnit)).map(row -> row.get("n", Long.class)).one().block())
                .isEqualTo(2);
    }
}
