package com.storageplatform.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.devstack.DevStack;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.WebhookReceiver;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

/** Crashes, outages and redeliveries lose no event, duplicate none and park none. */
class DurabilityE2E {

    private final DevStack stack = Stack.get();

    private static Set<String> eventIds(WebhookReceiver receiver) {
        Set<String> ids = new HashSet<>();
        receiver.received.forEach(r -> ids.add(Http.JSON.readTree(r.body()).path("id").asString()));
        return ids;
    }

    @Test
    void deliveriesInFlightWhenTheDispatcherIsKilledAreDeliveredAfterItRestarts() {
        Webhooks webhooks = new Webhooks(stack, "Crash Ltd");
        try (WebhookReceiver receiver = new WebhookReceiver()) {
            receiver.delay.set(Duration.ofSeconds(2));
            webhooks.endpoint(receiver.url(), "*");
            List<String> triggered = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                triggered.add(webhooks.trigger("task.created", Map.of("object", "task", "n", i)));
            }
            receiver.await(r -> true, 1, Duration.ofSeconds(60));
            assertThat(stack.kill("webhook-dispatcher")).isTrue();
            receiver.delay.set(Duration.ZERO);
            stack.start("webhook-dispatcher");

            long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
            while (!eventIds(receiver).containsAll(triggered) && System.nanoTime() < deadline) {
                Webhooks.sleep(250);
            }
            assertThat(eventIds(receiver)).containsAll(triggered);
        }
    }

    @Test
    void eventsWrittenWhileKafkaIsDownAreDeliveredAfterItRestarts() {
        Webhooks webhooks = new Webhooks(stack, "Outage Ltd");
        try (WebhookReceiver receiver = new WebhookReceiver()) {
            webhooks.endpoint(receiver.url(), "*");
            stack.stop("kafka");
            List<String> triggered = new ArrayList<>();
            try {
                for (int i = 0; i < 10; i++) {
                    triggered.add(webhooks.trigger("deal.created", Map.of("object", "deal", "n", i)));
                }
                Webhooks.sleep(3000);
                assertThat(receiver.received).isEmpty();
            } finally {
                stack.start("kafka");
            }
            long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
            while (!eventIds(receiver).containsAll(triggered) && System.nanoTime() < deadline) {
                Webhooks.sleep(250);
            }
            assertThat(eventIds(receiver)).containsAll(triggered);

            // An outage parks nothing (ADR 0020), and every service's outbox answers the admin's list.
            Http.Response parked = Http.get(stack.gatewayUrl() + "/admin/v1/outbox/failed?limit=100",
                    stack.adminToken());
            assertThat(parked.status()).isEqualTo(200);
            assertThat(parked.data()).as("parked outbox events").isEmpty();
            assertThat(parked.body().path("meta").path("unavailable")).as("services that did not answer").isEmpty();
        }
    }

    @Test
    void aDuplicatedKafkaRecordIsOneEventAndOneDeliveryPerEndpoint() throws Exception {
        Webhooks webhooks = new Webhooks(stack, "Duplicate Ltd");
        try (WebhookReceiver first = new WebhookReceiver(); WebhookReceiver second = new WebhookReceiver();
                KafkaProducer<String, String> producer = new KafkaProducer<>(Map.of(
                        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, stack.kafkaBootstrapServers(),
                        ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class,
                        ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class))) {
            String firstEndpoint = webhooks.endpoint(first.url(), "invoice.*").path("id").asString();
            String secondEndpoint = webhooks.endpoint(second.url(), "*").path("id").asString();
            UUID id = Ids.newId();
            String account = webhooks.operator.testAccountId();
            // A CloudEvent as billing's outbox relay would send it, under billing's internal name for a finalized invoice.
            String record = Http.JSON.writeValueAsString(Map.ofEntries(Map.entry("specversion", "1.0"),
                    Map.entry("id", id.toString()), Map.entry("source", "/billing"), Map.entry("type", "invoice.issued"),
                    Map.entry("time", Instant.now().toString()), Map.entry("datacontenttype", "application/json"),
                    Map.entry("accountid", account), Map.entry("operatorid", webhooks.operator.id()),
                    Map.entry("environment", "test"), Map.entry("actortype", "api"),
                    Map.entry("data", Map.of("object", "invoice", "total_minor", 100))));
            for (int i = 0; i < 3; i++) {
                producer.send(new ProducerRecord<>("billing.events", account, record)).get();
            }
            first.await(r -> true, 1, Duration.ofSeconds(60));
            second.await(r -> true, 1, Duration.ofSeconds(60));
            Webhooks.sleep(2000);

            assertThat(first.received).hasSize(1);
            assertThat(second.received).hasSize(1);
            assertThat(Http.JSON.readTree(first.received.get(0).body()).path("type").asString())
                    .isEqualTo("invoice.finalized");
            assertThat(webhooks.deliveries(firstEndpoint)).hasSize(1);
            assertThat(webhooks.deliveries(secondEndpoint)).hasSize(1);
            Http.Response feed = Http.get(webhooks.url("/v1/events?type=invoice.finalized"), webhooks.key);
            assertThat(feed.data()).hasSize(1);
            assertThat(feed.data().get(0).path("id").asString()).isEqualTo(id.toString());
        }
    }
}
