package com.storageplatform.commerce.reservation;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.commerce.support.CommerceTest;
import com.storageplatform.kit.testsupport.TestCallers;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.EntityExchangeResult;
import org.springframework.test.web.reactive.server.WebTestClient;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Double booking: customers racing for one unit end with exactly one reservation, decided by unit_holds' key. */
@CommerceTest
class ReservationRaceTest {

    static final int RACERS = 10;

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    record Answer(int status, JsonNode body) {
    }

    @Test
    void ofTenCustomersRacingForOneUnitExactlyOneReservesItAndTheRestAreToldItIsReserved() {
        Fixture f = new Fixture(client, json, db);
        WebTestClient patient = client.mutate().responseTimeout(Duration.ofSeconds(60)).build();
        for (int round = 0; round < 3; round++) {
            UUID unit = f.newUnit("R" + round);
            List<UUID> customers = IntStream.range(0, RACERS).mapToObj(i -> f.people.customer(f.caller)).toList();

            List<Answer> answers = Flux.range(0, RACERS)
                    .flatMap(i -> Mono.fromCallable(() -> post(patient, f, customers.get(i), unit))
                            .subscribeOn(Schedulers.boundedElastic()), RACERS)
                    .collectList().block(Duration.ofSeconds(120));

            List<Answer> created = answers.stream().filter(a -> a.status() == 201).toList();
            assertThat(created).as("round " + round).hasSize(1);
            assertThat(answers.stream().filter(a -> a.status() == 409)
                    .map(a -> a.body().at("/error/code").asString()).toList())
                    .hasSize(RACERS - 1).containsOnly("unit_reserved");
            String winner = created.get(0).body().at("/data/id").asString();
            assertThat(count("SELECT count(*) FROM reservations WHERE unit_id = '" + unit + "' AND status = 'active'"))
                    .isEqualTo(1);
            assertThat(count("SELECT count(*) FROM reservations WHERE unit_id = '" + unit + "'")).isEqualTo(1);
            assertThat(count("SELECT count(*) FROM unit_holds WHERE unit_id = '" + unit + "'")).isEqualTo(1);
            assertThat(f.holderOf(unit)).isEqualTo("reservation:" + winner);
        }
    }

    private Answer post(WebTestClient patient, Fixture f, UUID customer, UUID unit) {
        EntityExchangeResult<byte[]> result = patient.post().uri("/v1/reservations")
                .header("Authorization", TestCallers.bearer(f.caller))
                .contentType(MediaType.APPLICATION_JSON).bodyValue(f.body(customer, unit))
                .exchange().expectBody().returnResult();
        return new Answer(result.getStatus().value(), json.readTree(result.getResponseBody()));
    }

    private long count(String sql) {
        return db.sql(sql).map(row -> row.get(0, Long.class)).one().block();
    }
}
