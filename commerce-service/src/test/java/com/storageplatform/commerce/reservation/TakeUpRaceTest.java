package com.storageplatform.commerce.reservation;

import static com.storageplatform.kit.testsupport.ResourceApi.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.commerce.support.CommerceTest;
import com.storageplatform.kit.testsupport.TestCallers;
import com.storageplatform.kit.time.PlatformClock;
import io.r2dbc.spi.R2dbcException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.EntityExchangeResult;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.core.scheduler.Schedulers;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A reservation's own customer booking it (named, or the reserved unit unnamed) while it is cancelled, expired or
 * booked by another request at that moment, over HTTP: it ends one way, never both, with one event. Every request
 * locks the customer, then the reservation, then the unit's hold, so none of these deadlock; a booking that meets
 * a reservation another request holds gives way at once with 503 to retry (never a 409, which an Idempotency-Key
 * would replay), and no answer is a 500.
 */
@CommerceTest
class TakeUpRaceTest {

    static final int ROUNDS = 25;

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    @Autowired
    PlatformClock clock;

    @Autowired
    TransactionalOperator tx;

    Fixture f;
    WebTestClient patient;
    ExecutorService pool;

    record Answer(int status, JsonNode body) {
    }

    @BeforeEach
    void setUp() {
        f = new Fixture(client, json, db);
        patient = client.mutate().responseTimeout(Duration.ofSeconds(60)).build();
        pool = Executors.newFixedThreadPool(2);
    }

    @AfterEach
    void tearDown() {
        pool.shutdownNow();
    }

    @Test
    void cancellingAReservationWhileItsCustomerBooksItsUnitUnnamedEndsOneWayAndNeverFails() throws Exception {
        for (int round = 0; round < ROUNDS; round++) {
            UUID unit = f.newUnit("C" + round);
            String reservation = f.reserve(f.customer, unit).get("id").asString();

            List<Answer> answers = race(
                    () -> post("/v1/reservations/" + reservation + "/cancel", "{}"),
                    () -> post("/v1/agreements", book(unit, null)));
            Answer cancel = answers.get(0);
            Answer booking = answers.get(1);

            String as = "round " + round + ": cancel " + cancel + ", booking " + booking;
            assertThat(cancel.status()).as(as).isIn(200, 409);
            // 503: the booking met the reservation while the cancel held it, and gave way.
            assertThat(booking.status()).as(as).isIn(201, 503);
            String status = f.status(reservation);
            if (cancel.status() == 200) {
                assertThat(status).as(as).isEqualTo("cancelled");
                // Booked after the cancel committed (the unit was free), or refused while it was being cancelled.
                assertNoAgreementTookUp(reservation, as);
            } else {
                assertThat(cancel.body().at("/error/code").asString()).as(as).isEqualTo("conflict");
                assertThat(status).as(as).isEqualTo("converted");
                assertThat(booking.body().at("/data/reservation_id").asString()).as(as).isEqualTo(reservation);
            }
            assertEndedOnce(reservation, status, as);
            assertHold(unit, booking, as);
        }
    }

    @Test
    void theSweepRacingAnUnnamedTakeUpAsTheHoldRunsOutEndsOneWayAndNeverFails() throws Exception {
        for (int round = 0; round < ROUNDS; round++) {
            UUID unit = f.newUnit("E" + round);
            String reservation = f.reserve(f.customer, unit).get("id").asString();
            lapsesIn(reservation, Duration.ofMillis(20L * (round % 6)));

            List<Answer> answers = race(this::sweep, () -> post("/v1/agreements", book(unit, null)));
            settled(answers, reservation, unit, "round " + round);
        }
    }

    @Test
    void theSweepRacingABookingNamingTheReservationAsTheHoldRunsOutEndsOneWayAndNeverFails() throws Exception {
        for (int round = 0; round < ROUNDS; round++) {
            UUID unit = f.newUnit("N" + round);
            String reservation = f.reserve(f.customer, unit).get("id").asString();
            lapsesIn(reservation, Duration.ofMillis(20L * (round % 6)));

            List<Answer> answers = race(this::sweep, () -> post("/v1/agreements", book(null, reservation)));
            settled(answers, reservation, unit, "round " + round);
        }
    }

    @Test
    void aBookingMeetingItsCustomersReservationWhileAnotherRequestEndsItIs503AndItsRetryUnderTheSameKeyRuns()
            throws Exception {
        String reservation = f.reserve(f.customer, f.unit).get("id").asString();
        // Another transaction (a cancel, say) holds the reservation's row and will want the unit's hold row next.
        Sinks.Empty<Void> release = Sinks.empty();
        CompletableFuture<Void> cancelLike = holding("SELECT id FROM reservations WHERE id = :id FOR UPDATE",
                UUID.fromString(reservation), release);
        String key = UUID.randomUUID().toString();
        try {
            EntityExchangeResult<byte[]> busy = post("/v1/agreements", book(f.unit, null), key);
            assertThat(busy.getStatus().value()).isEqualTo(503);
            assertThat(busy.getResponseHeaders().getFirst("Retry-After")).isEqualTo("1");
            JsonNode error = json.readTree(busy.getResponseBody()).get("error");
            assertThat(error.get("code").asString()).isEqualTo("service_unavailable");
            assertThat(error.get("message").asString()).isEqualTo("Another request is cancelling, expiring or "
                    + "booking reservation " + reservation + ", which holds unit A12, at this moment, so nothing was "
                    + "written. Retry the request after 1 second.");
            // Nothing of the booking stayed: the unit's hold row was never touched.
            assertThat(f.holderOf(f.unit)).isEqualTo("reservation:" + reservation);
        } finally {
            release.tryEmitEmpty();
            cancelLike.get(30, TimeUnit.SECONDS);
        }
        // The same request under the same key, once the other has finished, runs: a 503 is never replayed.
        EntityExchangeResult<byte[]> retried = post("/v1/agreements", book(f.unit, null), key);
        assertThat(retried.getStatus().value()).isEqualTo(201);
        assertThat(retried.getResponseHeaders().getFirst("Idempotent-Replayed")).isNull();
        String agreement = json.readTree(retried.getResponseBody()).at("/data/id").asString();
        assertThat(f.status(reservation)).isEqualTo("converted");
        assertThat(f.holderOf(f.unit)).isEqualTo("agreement:" + agreement);
        // From now on the key answers what it stored.
        EntityExchangeResult<byte[]> again = post("/v1/agreements", book(f.unit, null), key);
        assertThat(again.getResponseHeaders().getFirst("Idempotent-Replayed")).isEqualTo("true");
        assertThat(json.readTree(again.getResponseBody()).at("/data/id").asString()).isEqualTo(agreement);
    }

    @Test
    void anUnnamedTakeUpLocksTheReservationBeforeItWaitsForTheUnitsHoldRow() throws Exception {
        String reservation = f.reserve(f.customer, f.unit).get("id").asString();
        Sinks.Empty<Void> release = Sinks.empty();
        CompletableFuture<Void> holdLocked = holding("SELECT unit_id FROM unit_holds WHERE unit_id = :id FOR UPDATE",
                f.unit, release);
        Future<Answer> booking = pool.submit(() -> post("/v1/agreements", book(f.unit, null)));
        try {
            eventually(() -> count("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                    + "AND wait_event_type = 'Lock' AND query LIKE '%FROM unit_holds%FOR UPDATE%'") > 0);
            // The booking waits for the hold row holding the reservation's lock: taken in the other order, a cancel
            // (reservation, then hold row) and this booking could each hold what the other waits for.
            assertThat(lockNowait(UUID.fromString(reservation))).isEqualTo("55P03");
        } finally {
            release.tryEmitEmpty();
            holdLocked.get(30, TimeUnit.SECONDS);
        }
        Answer booked = booking.get(60, TimeUnit.SECONDS);
        assertThat(booked.status()).as(booked.toString()).isEqualTo(201);
        assertThat(f.status(reservation)).isEqualTo("converted");
        assertThat(f.holderOf(f.unit)).isEqualTo("agreement:" + booked.body().at("/data/id").asString());
    }

    @Test
    void anOrderAndAnAgreementNamingTheSameReservationAtOnceBookItOnceAndNeverFail() throws Exception {
        for (int round = 0; round < ROUNDS; round++) {
            UUID unit = f.newUnit("B" + round);
            String reservation = f.reserve(f.customer, unit).get("id").asString();
            String named = "{\"contact_id\": \"" + f.customer + "\", \"reservation_id\": \"" + reservation + "\"}";

            List<Answer> answers = race(() -> post("/v1/orders", named), () -> post("/v1/agreements", named));
            String as = "round " + round + ": order " + answers.get(0) + ", agreement " + answers.get(1);
            // Both lock the customer before the reservation: one books it, the other finds it converted (409).
            assertThat(answers).as(as).extracting(Answer::status).containsExactlyInAnyOrder(201, 409);
            Answer booked = answers.stream().filter(a -> a.status() == 201).findFirst().orElseThrow();
            assertThat(f.status(reservation)).as(as).isEqualTo("converted");
            assertThat(f.holderOf(unit)).as(as).isEqualTo(booked.body().at("/data/object").asString() + ":"
                    + booked.body().at("/data/id").asString());
            assertEndedOnce(reservation, "converted", as);
        }
    }

    /**
     * Runs {@code sql} (binding {@code id}) in a transaction of its own, on another thread, and keeps it open (its
     * locks held) until {@code release} completes.
     */
    private CompletableFuture<Void> holding(String sql, UUID id, Sinks.Empty<Void> release)
            throws InterruptedException {
        CountDownLatch locked = new CountDownLatch(1);
        CompletableFuture<Void> open = tx.transactional(db.sql(sql).bind("id", id).fetch().one()
                        .then(Mono.fromRunnable(locked::countDown)).then(release.asMono()))
                .subscribeOn(Schedulers.boundedElastic()).toFuture();
        assertThat(locked.await(30, TimeUnit.SECONDS)).isTrue();
        return open;
    }

    /** The SQLSTATE of locking the reservation without waiting, on a connection of its own; null when it locked. */
    private String lockNowait(UUID reservation) {
        try {
            tx.transactional(db.sql("SELECT id FROM reservations WHERE id = :id FOR UPDATE NOWAIT")
                    .bind("id", reservation).fetch().rowsUpdated()).block();
            return null;
        } catch (RuntimeException failed) {
            for (Throwable cause = failed; cause != null; cause = cause.getCause()) {
                if (cause instanceof R2dbcException r2dbc) {
                    return r2dbc.getSqlState();
                }
            }
            throw failed;
        }
    }

    /** After a race with the sweep: converted by the booking, or expired (by the sweep or the booking) and not. */
    private void settled(List<Answer> answers, String reservation, UUID unit, String round) {
        Answer sweep = answers.get(0);
        Answer booking = answers.get(1);
        String as = round + ": sweep " + sweep + ", booking " + booking;
        assertThat(sweep.status()).as(as).isEqualTo(200);
        // 409: named, it waited for the sweep and found the reservation expired; 503: unnamed, it met the
        // reservation while the sweep held it, and gave way.
        assertThat(booking.status()).as(as).isIn(201, 409, 503);
        // A booking refused because the reservation lapsed leaves it to the next run.
        sweep();
        String status = f.status(reservation);
        assertThat(status).as(as).isIn("converted", "expired");
        if ("converted".equals(status)) {
            assertThat(booking.status()).as(as).isEqualTo(201);
            assertThat(booking.body().at("/data/reservation_id").asString()).as(as).isEqualTo(reservation);
        } else {
            assertNoAgreementTookUp(reservation, as);
        }
        assertEndedOnce(reservation, status, as);
        assertHold(unit, booking, as);
    }

    private void assertNoAgreementTookUp(String reservation, String as) {
        assertThat(count("SELECT count(*) FROM agreements WHERE reservation_id = '" + reservation + "'")).as(as)
                .isZero();
    }

    /** Exactly one ending event, the one of the status it ended in. */
    private void assertEndedOnce(String reservation, String status, String as) {
        assertThat(f.eventTypes(reservation)).as(as).containsExactly("reservation.created", "reservation." + status);
    }

    /** The unit is the booking's when it was booked, and nobody's otherwise. */
    private void assertHold(UUID unit, Answer booking, String as) {
        long agreementsOfUnit = count("SELECT count(*) FROM agreements WHERE unit_id = '" + unit + "'");
        if (booking.status() == 201) {
            assertThat(agreementsOfUnit).as(as).isEqualTo(1);
            assertThat(f.holderOf(unit)).as(as).isEqualTo("agreement:" + booking.body().at("/data/id").asString());
        } else {
            assertThat(agreementsOfUnit).as(as).isZero();
            assertThat(f.holderOf(unit)).as(as).isNull();
        }
    }

    /** The reservation's hold runs out {@code in} from now (the platform's clock), as if it had been made so. */
    private void lapsesIn(String reservation, Duration in) {
        Instant at = clock.instant().plus(in);
        db.sql("UPDATE reservations SET held_until = :at WHERE id = :id").bind("at", at)
                .bind("id", UUID.fromString(reservation)).fetch().rowsUpdated().block();
        db.sql("UPDATE unit_holds SET held_until = :at WHERE holder_id = :id").bind("at", at)
                .bind("id", UUID.fromString(reservation)).fetch().rowsUpdated().block();
    }

    private String book(UUID unit, String reservation) {
        return "{\"contact_id\": \"" + f.customer + "\", "
                + (unit != null ? "\"unit_id\": \"" + unit + "\"" : "\"reservation_id\": \"" + reservation + "\"")
                + "}";
    }

    private List<Answer> race(Callable<Answer> one, Callable<Answer> other) throws Exception {
        CountDownLatch start = new CountDownLatch(1);
        Future<Answer> first = pool.submit(() -> {
            start.await();
            return one.call();
        });
        Future<Answer> second = pool.submit(() -> {
            start.await();
            return other.call();
        });
        start.countDown();
        return List.of(first.get(90, TimeUnit.SECONDS), second.get(90, TimeUnit.SECONDS));
    }

    private Answer post(String path, String body) {
        return answer(post(path, body, null));
    }

    private EntityExchangeResult<byte[]> post(String path, String body, String idempotencyKey) {
        return patient.post().uri(path)
                .header("Authorization", TestCallers.bearer(f.caller))
                .headers(headers -> {
                    if (idempotencyKey != null) {
                        headers.set("Idempotency-Key", idempotencyKey);
                    }
                })
                .contentType(MediaType.APPLICATION_JSON).bodyValue(body)
                .exchange().expectBody().returnResult();
    }

    private Answer sweep() {
        return answer(patient.post().uri("/internal/jobs/reservation-expiry/run")
                .header("Authorization", TestCallers.bearer(TestCallers.platformAdmin()))
                .exchange().expectBody().returnResult());
    }

    private Answer answer(EntityExchangeResult<byte[]> result) {
        byte[] body = result.getResponseBody();
        return new Answer(result.getStatus().value(), body == null ? null : json.readTree(body));
    }

    private long count(String sql) {
        return db.sql(sql).map(row -> row.get(0, Long.class)).one().block();
    }
}
