package com.storageplatform.commerce.reservation;

import static com.storageplatform.kit.testsupport.ResourceApi.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.commerce.holds.Holder;
import com.storageplatform.commerce.holds.UnitHolds;
import com.storageplatform.commerce.support.CommerceApi;
import com.storageplatform.commerce.support.CommerceTest;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PrometheusScrape;
import com.storageplatform.kit.testsupport.TestEvents;
import com.storageplatform.kit.time.PlatformClock;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.core.env.Environment;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.core.scheduler.Schedulers;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * How a reservation ends without being cancelled or booked: the {@code reservation-expiry} sweep, a member of staff
 * reading it after its hold ran out, a booking meeting its lapsed hold; and crm's {@code deal.lost}.
 */
@CommerceTest
class ReservationExpiryTest {

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    @Autowired
    PlatformClock clock;

    @Autowired
    UnitHolds holds;

    @Autowired
    TransactionalOperator tx;

    @Autowired
    Environment environment;

    Fixture f;

    @BeforeEach
    void setUp() {
        f = new Fixture(client, json, db);
    }

    @AfterEach
    void resetClock() {
        clock.setOffset(Duration.ZERO);
    }

    private JsonNode heldForAnHour(UUID contact, UUID unit) {
        return f.reserve(contact, unit, "\"held_until\": \""
                + clock.instant().plus(Duration.ofHours(1)).truncatedTo(ChronoUnit.SECONDS) + "\"");
    }

    @Test
    void theSweepExpiresEveryLapsedReservationReleasesItsUnitAndSaysSoOnce() {
        String lapsing = heldForAnHour(f.customer, f.unit).get("id").asString();
        UUID unit2 = f.newUnit("S2");
        String holding = f.reserve(f.people.customer(f.caller), unit2).get("id").asString();
        Fixture other = new Fixture(client, json, db);
        String otherAccounts = f.api.createId(other.caller, """
                {"contact_id": "%s", "unit_type_id": "%s", "source": "api", "held_until": "%s"}
                """.formatted(other.customer, other.type,
                clock.instant().plus(Duration.ofMinutes(30)).truncatedTo(ChronoUnit.SECONDS)));

        assertThat(f.sweep()).startsWith("expired ");
        assertThat(f.status(lapsing)).isEqualTo("active");

        clock.advance(Duration.ofHours(2));
        double counted = expiredCounted();
        assertThat(f.sweep()).matches("expired [1-9][0-9]* reservations");
        assertThat(expiredCounted()).isGreaterThanOrEqualTo(counted + 2);

        JsonNode expired = f.api.read(f.caller, lapsing);
        assertThat(expired.get("status").asString()).isEqualTo("expired");
        assertThat(expired.get("expired_at").isNull()).isFalse();
        assertThat(f.holderOf(f.unit)).isNull();
        assertThat(f.eventTypes(lapsing)).containsExactly("reservation.created", "reservation.expired");
        JsonNode event = f.events(lapsing).get(1);
        assertThat(event.at("/data/status").asString()).isEqualTo("expired");
        assertThat(event.get("accountid").asString()).isEqualTo(f.caller.accountId().toString());
        assertThat(event.get("operatorid").asString()).isEqualTo(f.caller.operatorId().toString());
        assertThat(event.get("environment").asString()).isEqualTo(f.caller.environment().value());
        // Every account's lapsed reservations, and nothing else.
        assertThat(f.status(otherAccounts)).isEqualTo("expired");
        assertThat(f.status(holding)).isEqualTo("active");
        assertThat(f.holderOf(unit2)).isEqualTo("reservation:" + holding);

        f.sweep();
        assertThat(f.eventTypes(lapsing)).containsExactly("reservation.created", "reservation.expired");
    }

    @Test
    void aMemberOfStaffReadingALapsedReservationExpiresItAtOnceWhileAnApiKeySeesItActive() {
        String one = heldForAnHour(f.customer, f.unit).get("id").asString();
        UUID unit2 = f.newUnit("S3");
        String two = heldForAnHour(f.people.customer(f.caller), unit2).get("id").asString();
        clock.advance(Duration.ofHours(2));

        assertThat(f.api.read(f.caller, one).get("status").asString()).isEqualTo("active");
        assertThat(f.api.listedIds(f.caller, "?status=active")).contains(one, two);
        assertThat(f.eventTypes(one)).containsExactly("reservation.created");

        Caller staff = CommerceApi.staffOf(f.caller);
        JsonNode read = f.api.read(staff, one);
        assertThat(read.get("status").asString()).isEqualTo("expired");
        assertThat(f.status(one)).isEqualTo("expired");
        assertThat(f.holderOf(f.unit)).isNull();
        assertThat(f.eventTypes(one)).containsExactly("reservation.created", "reservation.expired");

        JsonNode listed = f.api.list(staff, "?unit_id=" + unit2).get("data").get(0);
        assertThat(listed.get("status").asString()).isEqualTo("expired");
        assertThat(f.status(two)).isEqualTo("expired");
        assertThat(f.eventTypes(two)).containsExactly("reservation.created", "reservation.expired");
        assertThat(f.api.listedIds(staff, "?status=active")).doesNotContain(one, two);

        f.sweep();
        assertThat(f.eventTypes(one)).containsExactly("reservation.created", "reservation.expired");
    }

    @Test
    void aMemberOfStaffFilteringByStatusCountsALapsedHoldAsExpiredAndEveryPageIsFull() {
        String liveOne = f.reserve(f.customer, f.unit).get("id").asString();
        String liveTwo = f.reserve(f.people.customer(f.caller), f.newUnit("P2")).get("id").asString();
        String lapsedOne = heldForAnHour(f.people.customer(f.caller), f.newUnit("P3")).get("id").asString();
        String lapsedTwo = heldForAnHour(f.people.customer(f.caller), f.newUnit("P4")).get("id").asString();
        clock.advance(Duration.ofHours(2));
        Caller staff = CommerceApi.staffOf(f.caller);

        // The newest active rows have lapsed: a page of active ones is the live ones, full.
        assertThat(f.api.listedIds(staff, "?status=active&limit=2")).containsExactly(liveTwo, liveOne);
        // Lapsed but not yet swept: expired for staff, in this request.
        JsonNode expired = f.api.list(staff, "?status=expired&limit=1");
        assertThat(expired.get("data")).hasSize(1);
        assertThat(expired.at("/data/0/id").asString()).isEqualTo(lapsedTwo);
        assertThat(expired.at("/data/0/status").asString()).isEqualTo("expired");
        assertThat(f.status(lapsedTwo)).isEqualTo("expired");
        assertThat(f.status(lapsedOne)).isEqualTo("active");
        JsonNode next = f.api.list(staff, "?status=expired&limit=1&cursor=" + expired.at("/meta/cursor/next")
                .asString());
        assertThat(next.at("/data/0/id").asString()).isEqualTo(lapsedOne);
        assertThat(next.at("/data/0/status").asString()).isEqualTo("expired");
        assertThat(f.eventTypes(lapsedOne)).containsExactly("reservation.created", "reservation.expired");
        assertThat(f.eventTypes(lapsedTwo)).containsExactly("reservation.created", "reservation.expired");
        assertThat(f.holderOf(f.unit)).isEqualTo("reservation:" + liveOne);
    }

    @Test
    void aMemberOfStaffListingSeesLapsedRowsExpiredInPlaceAndThePageKeepsItsLength() {
        String live = f.reserve(f.customer, f.unit).get("id").asString();
        String lapsedOne = heldForAnHour(f.people.customer(f.caller), f.newUnit("Q2")).get("id").asString();
        String lapsedTwo = heldForAnHour(f.people.customer(f.caller), f.newUnit("Q3")).get("id").asString();
        clock.advance(Duration.ofHours(2));

        JsonNode page = f.api.list(CommerceApi.staffOf(f.caller), "?limit=3");
        assertThat(page.get("data").values()).extracting(r -> r.get("id").asString() + " " + r.get("status")
                .asString()).containsExactly(lapsedTwo + " expired", lapsedOne + " expired", live + " active");
        assertThat(f.status(lapsedOne)).isEqualTo("expired");
        assertThat(f.eventTypes(lapsedTwo)).containsExactly("reservation.created", "reservation.expired");
    }

    @Test
    void aStaffListNeverWaitsOnALapsedReservationAnotherRequestHoldsAndShowsItAsRead() throws Exception {
        String live = f.reserve(f.customer, f.unit).get("id").asString();
        String lapsedOne = heldForAnHour(f.people.customer(f.caller), f.newUnit("S2")).get("id").asString();
        String held = heldForAnHour(f.people.customer(f.caller), f.newUnit("S3")).get("id").asString();
        String lapsedThree = heldForAnHour(f.people.customer(f.caller), f.newUnit("S4")).get("id").asString();
        clock.advance(Duration.ofHours(2));
        // Another transaction (a booking converting it, say) holds one lapsed reservation's row.
        CountDownLatch locked = new CountDownLatch(1);
        Sinks.Empty<Void> release = Sinks.empty();
        CompletableFuture<Void> bookingLike = tx.transactional(db.sql("SELECT id FROM reservations WHERE id = :id "
                        + "FOR UPDATE").bind("id", UUID.fromString(held)).fetch().one()
                        .then(Mono.fromRunnable(locked::countDown)).then(release.asMono()))
                .subscribeOn(Schedulers.boundedElastic()).toFuture();
        assertThat(locked.await(30, TimeUnit.SECONDS)).isTrue();
        Caller staff = CommerceApi.staffOf(f.caller);
        WebTestClient impatient = client.mutate().responseTimeout(Duration.ofSeconds(10)).build();
        CommerceApi reservations = new CommerceApi(impatient, json, "/v1/reservations");
        try {
            // The others are expired in place; the one held is passed over and shown as read, without waiting.
            JsonNode page = reservations.list(staff, "?limit=4");
            assertThat(page.get("data").values()).extracting(r -> r.get("id").asString() + " " + r.get("status")
                    .asString()).containsExactly(lapsedThree + " expired", held + " active", lapsedOne + " expired",
                    live + " active");
            // Filtered, a row that does not show the status asked for is left out.
            assertThat(reservations.listedIds(staff, "?status=expired")).containsExactly(lapsedThree, lapsedOne);
        } finally {
            release.tryEmitEmpty();
            bookingLike.get(30, TimeUnit.SECONDS);
        }
        assertThat(f.status(held)).isEqualTo("active");
        assertThat(f.eventTypes(held)).containsExactly("reservation.created");
        assertThat(f.api.listedIds(staff, "?status=expired")).containsExactly(lapsedThree, held, lapsedOne);
        assertThat(f.eventTypes(held)).containsExactly("reservation.created", "reservation.expired");
    }

    @Test
    void aReservationMeetingALapsedHoldExpiresItAndTakesTheUnit() {
        String lapsed = heldForAnHour(f.customer, f.unit).get("id").asString();
        clock.advance(Duration.ofHours(2));
        UUID other = f.people.customer(f.caller);
        String next = f.reserve(other, f.unit).get("id").asString();

        assertThat(f.status(lapsed)).isEqualTo("expired");
        assertThat(f.eventTypes(lapsed)).containsExactly("reservation.created", "reservation.expired");
        assertThat(f.holderOf(f.unit)).isEqualTo("reservation:" + next);
    }

    @Test
    void aReservationMeetingALapsedHoldThatIsBeingExpiredIs503ToRetryRatherThanWaiting() throws Exception {
        String lapsed = heldForAnHour(f.customer, f.unit).get("id").asString();
        clock.advance(Duration.ofHours(2));
        // Another transaction (as the sweep would) holds the lapsed reservation's row.
        CountDownLatch locked = new CountDownLatch(1);
        Sinks.Empty<Void> release = Sinks.empty();
        CompletableFuture<Void> sweepLike = tx.transactional(db.sql("SELECT id FROM reservations WHERE id = :id "
                        + "FOR UPDATE").bind("id", UUID.fromString(lapsed)).fetch().one()
                        .then(Mono.fromRunnable(locked::countDown)).then(release.asMono()))
                .subscribeOn(Schedulers.boundedElastic()).toFuture();
        assertThat(locked.await(30, TimeUnit.SECONDS)).isTrue();

        UUID other = f.people.customer(f.caller);
        assertThat(f.api.errorMessage(f.api.post(f.caller, f.body(other, f.unit)).expectHeader()
                        .valueEquals("Retry-After", "1"), 503, "service_unavailable"))
                .contains("cancelling, expiring or booking reservation " + lapsed, "unit A12", "nothing was written",
                        "Retry the request after 1 second.");
        release.tryEmitEmpty();
        sweepLike.get(30, TimeUnit.SECONDS);

        String next = f.reserve(other, f.unit).get("id").asString();
        assertThat(f.status(lapsed)).isEqualTo("expired");
        assertThat(f.holderOf(f.unit)).isEqualTo("reservation:" + next);
    }

    @Test
    void aBookingMeetingALapsedHoldOfTheSameCustomerExpiresItRatherThanTakingItUp() {
        String lapsed = heldForAnHour(f.customer, f.unit).get("id").asString();
        clock.advance(Duration.ofHours(2));
        UUID agreement = Ids.newId();
        Optional<UUID> takenUp = tx.transactional(holds.take(f.caller, f.unit, Holder.agreement(agreement),
                f.customer, null, "A12")).block();

        assertThat(takenUp).isEmpty();
        assertThat(f.status(lapsed)).isEqualTo("expired");
        assertThat(f.eventTypes(lapsed)).containsExactly("reservation.created", "reservation.expired");
        assertThat(f.holderOf(f.unit)).isEqualTo("agreement:" + agreement);
    }

    @Test
    void aLostDealCancelsItsActiveReservationOnceWhateverTheRedeliveries() {
        UUID deal = Ids.newId();
        String id = f.reserve(f.customer, f.unit, "\"deal_id\": \"" + deal + "\"").get("id").asString();
        Map<String, Object> lost = new HashMap<>(Map.of("id", deal.toString(), "object", "deal", "status", "lost",
                "reservation_id", id));
        UUID event = TestEvents.publish(DealLostHandler.TOPIC, "deal.lost", f.caller.accountId(), lost);
        eventually(() -> "cancelled".equals(f.status(id)));

        JsonNode cancelled = f.api.read(f.caller, id);
        assertThat(cancelled.get("cancellation_reason").asString()).isEqualTo("deal_lost");
        assertThat(cancelled.get("cancelled_at").isNull()).isFalse();
        assertThat(f.holderOf(f.unit)).isNull();
        JsonNode published = f.events(id).get(1);
        assertThat(published.get("type").asString()).isEqualTo("reservation.cancelled");
        assertThat(published.at("/data/cancellation_reason").asString()).isEqualTo("deal_lost");
        assertThat(published.get("operatorid").asString()).isEqualTo(f.caller.operatorId().toString());

        TestEvents.publish(DealLostHandler.TOPIC, event, "deal.lost", f.caller.accountId(), lost);
        UUID second = TestEvents.publish(DealLostHandler.TOPIC, "deal.lost", f.caller.accountId(), lost);
        eventually(() -> received(second));
        assertThat(f.eventTypes(id)).containsExactly("reservation.created", "reservation.cancelled");
        assertThat(f.api.read(f.caller, id)).isEqualTo(cancelled);
    }

    @Test
    void aLostDealLeavesAReservationThatIsNotActiveAlone() {
        UUID deal = Ids.newId();
        String id = f.reserve(f.customer, f.unit, "\"deal_id\": \"" + deal + "\"").get("id").asString();
        f.api.action(f.caller, id, "cancel", "{}").expectStatus().isOk();
        UUID event = TestEvents.publish(DealLostHandler.TOPIC, "deal.lost", f.caller.accountId(),
                Map.of("id", deal.toString(), "object", "deal", "reservation_id", id));
        eventually(() -> received(event));
        assertThat(f.api.read(f.caller, id).get("cancellation_reason").asString()).isEqualTo("requested");
        assertThat(f.eventTypes(id)).containsExactly("reservation.created", "reservation.cancelled");
    }

    @Test
    void aLostDealNamingNoReservationEndsTheDealsActiveReservationsAndALapsedOneExpires() {
        UUID deal = Ids.newId();
        String one = f.reserve(f.customer, f.unit, "\"deal_id\": \"" + deal + "\"").get("id").asString();
        String lapsing = f.reserve(f.people.customer(f.caller), f.newUnit("L2"), "\"deal_id\": \"" + deal
                + "\", \"held_until\": \"" + clock.instant().plus(Duration.ofHours(1)).truncatedTo(ChronoUnit.SECONDS)
                + "\"").get("id").asString();
        String otherDeal = f.reserve(f.people.customer(f.caller), f.newUnit("L3"), "\"deal_id\": \"" + Ids.newId()
                + "\"").get("id").asString();
        clock.advance(Duration.ofHours(2));
        UUID event = TestEvents.publish(DealLostHandler.TOPIC, "deal.lost", f.caller.accountId(),
                Map.of("id", deal.toString(), "object", "deal", "status", "lost"));
        eventually(() -> received(event));

        assertThat(f.status(one)).isEqualTo("cancelled");
        assertThat(f.api.read(f.caller, one).get("cancellation_reason").asString()).isEqualTo("deal_lost");
        assertThat(f.status(lapsing)).isEqualTo("expired");
        assertThat(f.eventTypes(lapsing)).containsExactly("reservation.created", "reservation.expired");
        assertThat(f.status(otherDeal)).isEqualTo("active");
    }

    @Test
    void aUnitBeingBookedOnlineCannotBeReserved() {
        UUID order = Ids.newId();
        tx.transactional(holds.take(f.caller, f.unit, Holder.order(order), f.people.customer(f.caller), null, "A12"))
                .block();
        JsonNode error = f.api.body(f.api.post(f.caller, f.body(f.customer, f.unit)).expectStatus().isEqualTo(409));
        assertThat(error.at("/error/code").asString()).isEqualTo("unit_reserved");
        assertThat(error.at("/error/message").asString()).contains("being booked online", order.toString());
    }

    /** {@code reservation_expired_total} as Prometheus reads it. */
    private double expiredCounted() {
        PrometheusScrape.awaitLine(environment, "reservation_expired_total");
        String line = PrometheusScrape.scrape(environment).lines()
                .filter(candidate -> candidate.startsWith("reservation_expired_total")).findFirst().orElseThrow();
        return Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
    }

    private boolean received(UUID eventId) {
        return db.sql("SELECT count(*) FROM inbox_events WHERE event_id = :id").bind("id", eventId)
                .map(row -> row.get(0, Long.class)).one().block() > 0;
    }
}
