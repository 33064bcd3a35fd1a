package com.storageplatform.kit.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.storageplatform.kit.KitTestApplication;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.CallerTokenSigner;
import com.storageplatform.kit.caller.Environment;
import com.storageplatform.kit.caller.Pem;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformPeer;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.TestCallers;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * A service calls a peer's {@code /internal/**} routes for an account outside any request (ADR 0029): a job or a
 * Kafka handler has no caller to narrow, so the client signs the account's caller with the services' key, with no
 * scopes. The peer's kit accepts that token on {@code /internal/**} only; on {@code /v1} it is 401.
 */
@PlatformTest
class AccountCallTest {

    static final PlatformPeer PEER = PlatformPeer.start(KitTestApplication.class, "samples-internal-peer");

    @DynamicPropertySource
    static void peer(DynamicPropertyRegistry registry) {
        registry.add("platform.services.samples.url", PEER::url);
    }

    @AfterAll
    static void stop() {
        PEER.close();
    }

    @Autowired
    ServiceClients clients;

    @Autowired
    WebTestClient client;

    record SeenCaller(String accountId, String operatorId, String environment, List<String> scopes,
            List<String> siteIds, String credentialId, String requestId, String callingService, boolean narrowable) {
    }

    private final Caller account = Caller.actingFor(Ids.newId(), Ids.newId(), Environment.LIVE,
            "job:accounting-sync", "req_job_0001");

    private String accountToken() {
        return new CallerTokenSigner(Pem.privateKey(TestCallers.servicePrivateKeyPem()))
                .signForAccount(account, "kittest");
    }

    @Test
    void outsideAnyRequestTheClientReachesAPeersInternalRouteAsTheAccountWithNoScopes() {
        SeenCaller seen = clients.of("samples").get("/internal/v1/samples/caller")
                .forAccount(account)
                .data(SeenCaller.class)
                .block();

        assertThat(seen.accountId()).isEqualTo(account.accountId().toString());
        assertThat(seen.operatorId()).isEqualTo(account.operatorId().toString());
        assertThat(seen.environment()).isEqualTo("live");
        assertThat(seen.scopes()).isEmpty();
        assertThat(seen.siteIds()).isNull();
        assertThat(seen.credentialId()).isEqualTo("job:accounting-sync");
        assertThat(seen.requestId()).isEqualTo("req_job_0001");
        assertThat(seen.callingService()).isEqualTo("kittest");
        // It stands on no gateway token: the peer cannot pass it on narrowed as a client's.
        assertThat(seen.narrowable()).isFalse();
    }

    @Test
    void thePeersKitRefusesTheAccountTokenOnV1With401() {
        client.get().uri("/v1/samples/" + Ids.newId())
                .header("Authorization", "Bearer " + accountToken())
                .exchange()
                .expectStatus().isUnauthorized()
                .expectBody().jsonPath("$.error.code").isEqualTo("unauthorized");
        client.get().uri("/v1/samples")
                .header("Authorization", "Bearer " + accountToken())
                .exchange()
                .expectStatus().isUnauthorized();
        // The same token on an internal route of the same service is accepted.
        client.get().uri("/internal/v1/samples/caller")
                .header("Authorization", "Bearer " + accountToken())
                .exchange()
                .expectStatus().isOk()
                .expectBody().jsonPath("$.data.account_id").isEqualTo(account.accountId().toString());
    }

    @Test
    void theAccountTokenIsNoPlatformAdminOnTheAdminsInternalRoutes() {
        client.get().uri("/internal/outbox/failed")
                .header("Authorization", "Bearer " + accountToken())
                .exchange()
                .expectStatus().isNotFound();
    }

    @Test
    void theClientSendsAnAccountCallToInternalRoutesOnlyAndWithoutScopes() {
        assertThatThrownBy(() -> clients.of("samples").get("/v1/samples/" + Ids.newId()).forAccount(account)
                .retrieve(Map.class).block())
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("/internal/**");
        assertThatThrownBy(() -> clients.of("samples").get("/internal/v1/samples/caller").scopes("samples:read")
                .forAccount(account).retrieve(Map.class).block())
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("no scopes");
        assertThatThrownBy(() -> clients.of("samples").get("/internal/v1/samples/caller")
                .forAccount(TestCallers.platformAdmin()).retrieve(Map.class).block())
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void withoutAnAccountACallOutsideARequestIsStillRefused() {
        assertThatThrownBy(() -> clients.of("samples").get("/internal/v1/samples/caller").scopes(new String[0])
                .retrieve(Map.class).block())
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("there is none");
    }
}
