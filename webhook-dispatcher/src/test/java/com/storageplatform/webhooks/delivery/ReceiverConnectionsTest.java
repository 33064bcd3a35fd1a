package com.storageplatform.webhooks.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.testsupport.WebhookReceiver;
import com.storageplatform.webhooks.DispatcherApi;
import com.storageplatform.webhooks.DispatcherTest;
import com.storageplatform.webhooks.WebhookProperties;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.json.JsonMapper;

/**
 * Connections to receivers are kept alive: many deliveries to an endpoint reuse a few connections (at most one per
 * delivery in flight to it), instead of a TCP handshake each, which at thousands of deliveries a second would cost
 * the dispatcher and every receiver dearly.
 */
@DispatcherTest
class ReceiverConnectionsTest {

    @Autowired
    WebTestClient client;

    @Autowired
    KafkaTemplate<String, String> kafka;

    @Autowired
    JsonMapper json;

    @Autowired
    WebhookProperties properties;

    final List<WebhookReceiver> receivers = new ArrayList<>();

    @AfterEach
    void tearDown() {
        receivers.forEach(WebhookReceiver::close);
    }

    @Test
    void manyDeliveriesToSeveralEndpointsReuseAFewConnectionsEach() {
        DispatcherApi api = new DispatcherApi(client, kafka, json);
        Caller caller = DispatcherApi.caller();
        for (int i = 0; i < 3; i++) {
            WebhookReceiver receiver = new WebhookReceiver();
            receivers.add(receiver);
            api.endpoint(caller, receiver.url(), "task.*");
        }
        // The account is shared with other test classes: count only this test's events.
        String run = UUID.randomUUID().toString();
        int events = 300;
        for (int i = 0; i < events; i++) {
            api.publish(caller, "crm.events", "task.created", Map.of("object", "task", "n", i, "run", run));
        }

        int perEndpoint = properties.delivery().perEndpoint();
        for (WebhookReceiver receiver : receivers) {
            assertThat(receiver.await(r -> new String(r.body(), StandardCharsets.UTF_8).contains(run), events,
                    Duration.ofSeconds(120))).hasSizeGreaterThanOrEqualTo(events);
            // Without keep-alive every delivery is a connection of its own (300 here).
            assertThat(receiver.connections.get()).isBetween(1, perEndpoint);
        }
    }
}
