package com.storageplatform.kit.client;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.KitTestApplication;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.request.MutationFilter;
import com.storageplatform.kit.sample.DroppedReplies;
import com.storageplatform.kit.testsupport.PlatformPeer;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.TestCallers;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * Two real services: this test's, and a second context of the same application as its peer, with its own schema,
 * idempotency store and security. The peer's kit accepts the narrowed token, applies its own validation, and
 * replays a retried keyed mutation instead of executing it twice.
 */
@PlatformTest
class ServiceToServiceTest {

    static final PlatformPeer PEER = PlatformPeer.start(KitTestApplication.class, "samples-peer");

    @DynamicPropertySource
    static void peer(DynamicPropertyRegistry registry) {
        registry.add("platform.services.samples.url", PEER::url);
    }

    @AfterAll
    static void stop() {
        PEER.close();
    }

    @Autowired
    WebTestClient client;

    private final Caller caller = TestCallers.apiCaller("samples:write", "samples:read");

    private WebTestClient.ResponseSpec relay(String name, String key) {
        WebTestClient.RequestBodySpec request = client.post().uri("/v1/relay/samples/samples")
                .header("Authorization", TestCallers.bearer(caller));
        if (key != null) {
            request = request.header(MutationFilter.KEY_HEADER, key);
        }
        return request.contentType(MediaType.APPLICATION_JSON).bodyValue("{\"name\":\"" + name + "\"}").exchange();
    }

    private long atPeer(String sql, String name) {
        return PEER.bean(DatabaseClient.class).sql(sql).bind("name", name)
                .map(row -> row.get(0, Long.class)).one().defaultIfEmpty(0L).block();
    }

    @Test
    void thePeerActsForTheCallersAccountAndAnswersWhatItCreated() {
        String id = client.post().uri("/v1/relay/samples/samples").header("Authorization", TestCallers.bearer(caller))
                .contentType(MediaType.APPLICATION_JSON).bodyValue("{\"name\":\"made-at-peer\"}").exchange()
                .expectStatus().isCreated()
                .expectBody(String.class).returnResult().getResponseBody().replaceAll(".*\"id\":\"([^\"]+)\".*", "$1");

        assertThat(atPeer("SELECT count(*) FROM samples WHERE name = :name AND account_id = '"
                + caller.accountId() + "'", "made-at-peer")).isEqualTo(1);
        client.get().uri("/v1/relay/samples/samples/" + id).header("Authorization", TestCallers.bearer(caller))
                .exchange()
                .expectStatus().isOk()
                .expectBody().jsonPath("$.data.name").isEqualTo("made-at-peer");
        // Another account's caller asks for the same id through the same service: the peer's tenancy holds.
        client.get().uri("/v1/relay/samples/samples/" + id)
                .header("Authorization", TestCallers.bearer(TestCallers.apiCaller("samples:read")))
                .exchange()
                .expectStatus().isNotFound()
                .expectBody().jsonPath("$.error.code").isEqualTo("not_found");
    }

    @Test
    void thePeersOwnValidationErrorReachesTheCallerIntact() {
        relay("a-name-far-too-long-for-the-peer-which-allows-fifty-characters", null)
                .expectStatus().isEqualTo(422)
                .expectBody()
                .jsonPath("$.error.code").isEqualTo("validation_error")
                .jsonPath("$.error.details[0].field").isEqualTo("name")
                .jsonPath("$.error.details[0].issue").isEqualTo("too_long");
    }

    @Test
    void aKeyedMutationWhoseAnswerIsLostIsRetriedAndExecutesOnceAtThePeer() {
        String key = "order-" + UUID.randomUUID();
        // The peer runs and commits the first attempt, then the connection drops before its answer leaves.
        DroppedReplies.dropNextReplyTo(DerivedKeys.derive(key, "kittest", "samples", "create-sample"));

        relay("lost-answer", key).expectStatus().isCreated()
                .expectBody().jsonPath("$.data.name").isEqualTo("lost-answer");

        assertThat(atPeer("SELECT coalesce(sum(count), 0)::bigint FROM executions WHERE request_name = :name",
                "create:lost-answer")).isEqualTo(1);
        assertThat(atPeer("SELECT count(*) FROM samples WHERE name = :name", "lost-answer")).isEqualTo(1);
        // The client retrying its own request gets the same answer, and the peer still executed once.
        relay("lost-answer", key).expectStatus().isCreated()
                .expectHeader().valueEquals(MutationFilter.REPLAYED_HEADER, "true");
        assertThat(atPeer("SELECT count(*) FROM samples WHERE name = :name", "lost-answer")).isEqualTo(1);
    }
}
