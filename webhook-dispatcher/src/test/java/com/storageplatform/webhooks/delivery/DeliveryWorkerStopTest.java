package com.storageplatform.webhooks.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.webhooks.DispatcherApi;
import com.storageplatform.webhooks.DispatcherTest;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.test.context.TestPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Stopping the delivery worker stops its sends in flight: the receiver's connection is dropped, no attempt is
 * recorded (the 2 s receiver timeout passes unnoticed), and the delivery's lease brings it back once the worker
 * runs again.
 */
@DispatcherTest
@TestPropertySource(properties = "platform.webhooks.delivery.lease=3s")
class DeliveryWorkerStopTest {

    @Autowired
    WebTestClient client;

    @Autowired
    KafkaTemplate<String, String> kafka;

    @Autowired
    JsonMapper json;

    @Autowired
    DeliveryWorker worker;

    @Test
    void stoppingTheWorkerCancelsItsSendsInFlightAndTheirLeaseBringsThemBack() throws Exception {
        DispatcherApi api = new DispatcherApi(client, kafka, json);
        Caller caller = DispatcherApi.caller();
        // The first request is held open and never answered; later ones are answered at once.
        AtomicInteger requests = new AtomicInteger();
        CountDownLatch firstArrived = new CountDownLatch(1);
        CountDownLatch firstDropped = new CountDownLatch(1);
        DisposableServer receiver = HttpServer.create().host("127.0.0.1").port(0)
                .handle((request, response) -> {
                    if (requests.incrementAndGet() == 1) {
                        response.withConnection(connection -> connection.onDispose(firstDropped::countDown));
                        firstArrived.countDown();
                        return Mono.never();
                    }
                    return response.status(200).sendString(Mono.just("ok")).then();
                })
                .bindNow();
        try {
            String endpoint = api.endpoint(caller, "http://localhost:" + receiver.port() + "/hook", "*")
                    .path("id").asString();
            api.publish(caller, "crm.events", "deal.created", Map.of("object", "deal"));
            assertThat(firstArrived.await(30, TimeUnit.SECONDS)).as("the delivery is in flight").isTrue();
            assertThat(worker.inFlight()).isEqualTo(1);

            worker.stop();
            try {
                assertThat(firstDropped.await(5, TimeUnit.SECONDS)).as("the receiver's connection is dropped").isTrue();
                // Within a second, well before the receiver timeout would end the send: a claim of other tests'
                // retries (the database is shared with cached contexts) that raced the stop is counted for a
                // moment before its cancelled send is taken off again.
                long deadline = System.nanoTime() + Duration.ofSeconds(1).toNanos();
                while (worker.inFlight() != 0 && System.nanoTime() < deadline) {
                    DispatcherApi.sleep(10);
                }
                assertThat(worker.inFlight()).isZero();
                // Past the receiver timeout (2 s): a send still running would have recorded a timed-out attempt.
                DispatcherApi.sleep(3000);
                JsonNode delivery = api.deliveries(caller, endpoint).get(0);
                assertThat(delivery.path("attempts").asInt()).as("no attempt recorded").isZero();
                assertThat(requests).hasValue(1);
            } finally {
                worker.start();
            }

            List<JsonNode> deliveries = api.awaitDeliveries(caller, endpoint,
                    list -> list.get(0).path("status").asString().equals("succeeded"), Duration.ofSeconds(30));
            assertThat(deliveries.get(0).path("attempts").asInt()).isEqualTo(1);
            assertThat(requests).hasValue(2);
        } finally {
            receiver.disposeNow();
        }
    }
}
