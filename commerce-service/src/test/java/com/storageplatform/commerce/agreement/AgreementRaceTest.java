package com.storageplatform.commerce.agreement;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.commerce.support.CommerceApi;
import com.storageplatform.commerce.support.CommerceTest;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.json.JsonMapper;

/** Customers racing to book one unit: exactly one agreement, the others told who holds it. */
@CommerceTest
class AgreementRaceTest {

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    @Test
    void concurrentBookingsOfOneUnitByDifferentCustomersEndWithExactlyOneAgreement() throws Exception {
        Fixture f = new Fixture(client, json, db);
        CommerceApi api = f.api;
        int racers = 8;
        List<UUID> customers = new ArrayList<>();
        for (int i = 0; i < racers; i++) {
            customers.add(f.people.customer(f.caller));
        }
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(racers);
        try {
            List<Future<Integer>> answers = new ArrayList<>();
            for (UUID customer : customers) {
                Callable<Integer> race = () -> {
                    start.await();
                    return api.post(f.caller, Fixture.with(Fixture.body(customer, f.unit),
                                    "\"licence_fee_minor\": 4000, \"currency\": \"GBP\""))
                            .returnResult(byte[].class).getStatus().value();
                };
                answers.add(pool.submit(race));
            }
            start.countDown();
            List<Integer> statuses = new ArrayList<>();
            for (Future<Integer> answer : answers) {
                statuses.add(answer.get());
            }
            assertThat(statuses.stream().filter(s -> s == 201)).hasSize(1);
            assertThat(statuses.stream().filter(s -> s == 409)).hasSize(racers - 1);
        } finally {
            pool.shutdownNow();
        }
        assertThat(api.listedIds(f.caller, "")).hasSize(1);
        String winner = api.listedIds(f.caller, "").get(0);
        assertThat(f.holderOf(f.unit)).isEqualTo("agreement:" + winner);
        assertThat(f.accountEventTypes().stream().filter("agreement.created"::equals)).hasSize(1);
    }
}
