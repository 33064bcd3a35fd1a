package com.storageplatform.commerce.reservation;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.commerce.holds.Holder;
import com.storageplatform.commerce.holds.UnitHolds;
import com.storageplatform.commerce.support.CommerceTest;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.TestCallers;
import com.storageplatform.kit.time.PlatformClock;
import com.storageplatform.kit.web.ApiException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.core.scheduler.Schedulers;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@link Reservations}, as agreements and orders call it inside their own transaction: the terms of a reservation
 * a booking names, and its conversion, including conversion racing the expiry sweep.
 */
@CommerceTest
class ReservationsTest {

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    @Autowired
    PlatformClock clock;

    @Autowired
    Reservations reservations;

    @Autowired
    UnitHolds holds;

    @Autowired
    TransactionalOperator tx;

    Fixture f;

    @BeforeEach
    void setUp() {
        f = new Fixture(client, json, db);
    }

    @AfterEach
    void resetClock() {
        clock.setOffset(Duration.ZERO);
    }

    private <T> T inTransaction(Mono<T> work) {
        return tx.transactional(work).block(Duration.ofSeconds(30));
    }

    private ApiException refusal(Mono<?> work) {
        try {
            inTransaction(work);
        } catch (ApiException refused) {
            return refused;
        }
        throw new AssertionError("not refused");
    }

    @Test
    void aBookingReadsTheTermsOfTheActiveReservationItNames() {
        UUID deal = Ids.newId();
        String moveIn = LocalDate.now(ZoneId.of("Europe/London")).plusDays(5).toString();
        JsonNode r = f.reserve(f.customer, f.unit, "\"deal_id\": \"" + deal + "\", \"move_in_date\": \"" + moveIn
                + "\", \"licence_fee_minor\": 4200, \"currency\": \"GBP\"");
        UUID id = UUID.fromString(r.get("id").asString());

        ReservationTerms terms = inTransaction(reservations.forBooking(f.caller, id, "reservation_id"));

        assertThat(terms).isEqualTo(new ReservationTerms(id, f.customer, f.site, f.unit, f.type, 4200, "GBP",
                LocalDate.parse(moveIn), null, deal, Instant.parse(r.get("held_until").asString()), "active"));
    }

    @Test
    void aBookingNamingAReservationItCannotTakeIsRefusedSayingWhy() {
        ApiException unknown = refusal(reservations.forBooking(f.caller, Ids.newId(), "reservation_id"));
        assertThat(unknown.status().value()).isEqualTo(422);
        assertThat(unknown.details().get(0).field()).isEqualTo("reservation_id");
        assertThat(unknown.details().get(0).issue()).isEqualTo("not_found");
        Fixture other = new Fixture(client, json, db);
        UUID others = UUID.fromString(other.reserve(other.customer, other.unit).get("id").asString());
        assertThat(refusal(reservations.forBooking(f.caller, others, "reservation_id")).status().value())
                .isEqualTo(422);

        UUID cancelled = reserve(f.newUnit("F1"));
        f.api.action(f.caller, cancelled.toString(), "cancel", "{}").expectStatus().isOk();
        ApiException refused = refusal(reservations.forBooking(f.caller, cancelled, "reservation_id"));
        assertThat(refused.code().code()).isEqualTo("conflict");
        assertThat(refused.getMessage()).contains("was cancelled");

        UUID otherSite = f.catalogue.site(f.caller, "Ely");
        UUID there = reserve(f.catalogue.unit(f.caller, otherSite, f.catalogue.unitType(f.caller, otherSite, 10),
                "X1"));
        assertThat(refusal(reservations.forBooking(TestCallers.restrictedTo(f.caller, f.site), there, "x")).code()
                .code()).isEqualTo("site_forbidden");

        UUID lapsing = UUID.fromString(f.reserve(f.customer, f.newUnit("F2"), "\"held_until\": \""
                + clock.instant().plus(Duration.ofHours(1)).truncatedTo(ChronoUnit.SECONDS) + "\"").get("id")
                .asString());
        clock.advance(Duration.ofHours(2));
        refused = refusal(reservations.forBooking(f.caller, lapsing, "reservation_id"));
        assertThat(refused.code().code()).isEqualTo("conflict");
        assertThat(refused.getMessage()).contains("already lapsed");
        f.sweep();
        assertThat(refusal(reservations.forBooking(f.caller, lapsing, "reservation_id")).getMessage())
                .contains("expired at");
    }

    @Test
    void convertingHandsTheUnitToTheBookingAndSaysSoOnce() {
        UUID id = reserve(f.unit);
        UUID agreement = Ids.newId();
        inTransaction(reservations.forBooking(f.caller, id, "reservation_id")
                .then(reservations.convert(f.caller, id, Holder.agreement(agreement))));

        JsonNode converted = f.api.read(f.caller, id.toString());
        assertThat(converted.get("status").asString()).isEqualTo("converted");
        assertThat(converted.get("converted_at").isNull()).isFalse();
        assertThat(converted.get("converted_to").toString())
                .isEqualTo("{\"object\":\"agreement\",\"id\":\"" + agreement + "\"}");
        assertThat(f.holderOf(f.unit)).isEqualTo("agreement:" + agreement);
        assertThat(f.eventTypes(id.toString())).containsExactly("reservation.created", "reservation.converted");
        assertThat(f.events(id.toString()).get(1).at("/data/status").asString()).isEqualTo("converted");

        // A retry by the same booking changes nothing; another booking, a cancel or a second booking are refused.
        inTransaction(reservations.convert(f.caller, id, Holder.agreement(agreement)));
        assertThat(f.eventTypes(id.toString())).containsExactly("reservation.created", "reservation.converted");
        assertThat(refusal(reservations.convert(f.caller, id, Holder.order(Ids.newId()))).getMessage())
                .contains("was converted to agreement " + agreement);
        assertThat(refusal(reservations.forBooking(f.caller, id, "reservation_id")).getMessage())
                .contains("was converted to agreement " + agreement);
        JsonNode error = f.api.body(f.api.action(f.caller, id.toString(), "cancel", "{}").expectStatus()
                .isEqualTo(409));
        assertThat(error.at("/error/message").asString()).contains("converted");
    }

    @Test
    void aBookingOfTheUnitReservedForTheSameCustomerTakesItUpUnnamed() {
        UUID id = reserve(f.unit);
        UUID order = Ids.newId();
        Optional<UUID> takenUp = inTransaction(holds.take(f.caller, f.unit, Holder.order(order), f.customer, null,
                "A12").flatMap(taken -> reservations.convertTakenUp(f.caller, taken.orElseThrow(),
                Holder.order(order)).thenReturn(taken)));

        assertThat(takenUp).contains(id);
        JsonNode converted = f.api.read(f.caller, id.toString());
        assertThat(converted.get("status").asString()).isEqualTo("converted");
        assertThat(converted.at("/converted_to/object").asString()).isEqualTo("order");
        assertThat(f.holderOf(f.unit)).isEqualTo("order:" + order);
        assertThat(f.eventTypes(id.toString())).containsExactly("reservation.created", "reservation.converted");
    }

    @Test
    void aUnitTypeReservationConvertsWithoutAnyHold() {
        UUID id = UUID.fromString(f.api.createId(f.caller, """
                {"contact_id": "%s", "unit_type_id": "%s", "source": "api"}
                """.formatted(f.customer, f.type)));
        UUID agreement = Ids.newId();
        inTransaction(reservations.convert(f.caller, id, Holder.agreement(agreement)));
        assertThat(f.status(id.toString())).isEqualTo("converted");
        assertThat(f.holderOf(f.unit)).isNull();
    }

    @Test
    void conversionRacingTheExpirySweepEndsEachReservationOneWayNeverBoth() {
        List<UUID> ids = new ArrayList<>();
        List<UUID> units = new ArrayList<>();
        Instant heldUntil = clock.instant().plus(Duration.ofHours(1)).truncatedTo(ChronoUnit.SECONDS);
        for (int i = 0; i < 6; i++) {
            UUID unit = f.newUnit("G" + i);
            units.add(unit);
            ids.add(UUID.fromString(f.reserve(f.people.customer(f.caller), unit, "\"held_until\": \"" + heldUntil
                    + "\"").get("id").asString()));
        }
        // At held_until: the sweep may take them, and so may a booking that read them a moment before.
        clock.setOffset(Duration.between(Instant.now(), heldUntil));
        List<UUID> bookings = ids.stream().map(id -> Ids.newId()).toList();

        Flux<Object> converts = Flux.range(0, ids.size())
                .flatMap(i -> tx.transactional(reservations.convert(f.caller, ids.get(i),
                                Holder.agreement(bookings.get(i))))
                        .thenReturn((Object) "converted")
                        .onErrorResume(ApiException.class, refused -> Mono.just(refused.getMessage()))
                        .subscribeOn(Schedulers.boundedElastic()), ids.size());
        Mono<Object> sweep = Mono.fromCallable(() -> (Object) f.sweep()).subscribeOn(Schedulers.boundedElastic());
        Flux.merge(sweep, converts).collectList().block(Duration.ofSeconds(60));

        for (int i = 0; i < ids.size(); i++) {
            String id = ids.get(i).toString();
            String status = f.status(id);
            List<String> types = f.eventTypes(id);
            assertThat(status).as(id).isIn("converted", "expired");
            if ("converted".equals(status)) {
                assertThat(types).containsExactly("reservation.created", "reservation.converted");
                assertThat(f.holderOf(units.get(i))).isEqualTo("agreement:" + bookings.get(i));
            } else {
                assertThat(types).containsExactly("reservation.created", "reservation.expired");
                assertThat(f.holderOf(units.get(i))).isNull();
            }
        }
    }

    @Test
    void theSweepPassesOverAReservationABookingIsConvertingAndTheBookingEndsIt() throws Exception {
        UUID id = UUID.fromString(f.reserve(f.customer, f.unit, "\"held_until\": \""
                + clock.instant().plus(Duration.ofHours(1)).truncatedTo(ChronoUnit.SECONDS) + "\"").get("id")
                .asString());
        clock.advance(Duration.ofHours(2));
        UUID agreement = Ids.newId();
        CountDownLatch converted = new CountDownLatch(1);
        Sinks.Empty<Void> commit = Sinks.empty();
        CompletableFuture<Void> booking = tx.transactional(
                        reservations.convert(f.caller, id, Holder.agreement(agreement))
                                .then(Mono.fromRunnable(converted::countDown))
                                .then(commit.asMono()))
                .subscribeOn(Schedulers.boundedElastic()).toFuture();
        assertThat(converted.await(30, TimeUnit.SECONDS)).isTrue();

        f.sweep();
        commit.tryEmitEmpty();
        booking.get(30, TimeUnit.SECONDS);

        assertThat(f.status(id.toString())).isEqualTo("converted");
        assertThat(f.eventTypes(id.toString())).containsExactly("reservation.created", "reservation.converted");
        assertThat(f.holderOf(f.unit)).isEqualTo("agreement:" + agreement);
    }

    @Test
    void aBookingAfterTheSweepExpiredTheReservationIsRefusedAndHoldsNothing() {
        UUID id = UUID.fromString(f.reserve(f.customer, f.unit, "\"held_until\": \""
                + clock.instant().plus(Duration.ofHours(1)).truncatedTo(ChronoUnit.SECONDS) + "\"").get("id")
                .asString());
        clock.advance(Duration.ofHours(2));
        f.sweep();
        ApiException refused = refusal(reservations.convert(f.caller, id, Holder.agreement(Ids.newId())));
        assertThat(refused.code().code()).isEqualTo("conflict");
        assertThat(refused.getMessage()).contains("expired at");
        assertThat(f.eventTypes(id.toString())).containsExactly("reservation.created", "reservation.expired");
        assertThat(f.holderOf(f.unit)).isNull();
    }

    private UUID reserve(UUID unit) {
        return UUID.fromString(f.reserve(f.customer, unit).get("id").asString());
    }
}
