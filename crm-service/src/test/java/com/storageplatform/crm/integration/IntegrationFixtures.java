package com.storageplatform.crm.integration;

import com.storageplatform.crm.support.Accounts;
import com.storageplatform.crm.support.Bookings;
import com.storageplatform.crm.support.CrmApi;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.CallerTokenSigner;
import com.storageplatform.kit.caller.Pem;
import com.storageplatform.kit.testsupport.TestCallers;
import java.time.Instant;
import java.util.Set;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * One account with a site, the way to connect systems as a client does, and the way another service's port reads
 * them: with the caller token a peer sends (narrowed from the gateway's, signed with the service key).
 */
final class IntegrationFixtures {

    static final String[] SCOPES = {"integrations:read", "integrations:write"};
    /** Credentials whose values no answer, row or event may show. */
    static final String CLIENT_SECRET = "xero-client-secret-7f3a9c";
    static final String REFRESH_TOKEN = "xero-refresh-token-51d2e8";

    final WebTestClient client;
    final CrmApi api;
    final Accounts accounts;
    final Bookings bookings;
    final DatabaseClient db;
    final Caller caller = TestCallers.apiCaller(SCOPES);
    final UUID site;

    IntegrationFixtures(WebTestClient client, JsonMapper json, DatabaseClient db) {
        this.client = client;
        this.db = db;
        api = new CrmApi(client, json, "/v1/integration-connections");
        accounts = new Accounts(db, json);
        bookings = new Bookings(db, json);
        site = bookings.site(caller);
    }

    /** A Xero connection body, with {@code extra} JSON members (", ..." or ""). */
    static String xero(String extra) {
        return """
                {"kind": "accounting", "provider": "xero", "name": "Books",
                 "settings": {"tenant_id": "tenant-1"},
                 "credentials": {"client_id": "client-1", "client_secret": "%s", "refresh_token": "%s"}%s}
                """.formatted(CLIENT_SECRET, REFRESH_TOKEN, extra);
    }

    /** A Nokē access-control connection body serving {@code sites} (JSON array text). */
    static String noke(String sites, String extra) {
        return """
                {"kind": "access_control", "provider": "noke", "name": "Gates", "site_ids": %s,
                 "credentials": {"api_key": "noke-key-%s"}%s}
                """.formatted(sites, UUID.randomUUID(), extra);
    }

    JsonNode create(String body) {
        return api.create(caller, body);
    }

    /** The Authorization header another service sends for {@code caller}'s request (ADR 0019). */
    static String peerBearer(Caller caller) {
        String parent = TestCallers.token(caller);
        CallerTokenSigner services = new CallerTokenSigner(Pem.privateKey(TestCallers.servicePrivateKeyPem()));
        Caller narrowed = caller.narrowedTo(Set.of()).orElseThrow();
        return "Bearer " + services.signForPeer(narrowed, "billing", parent, Instant.now().plusSeconds(50));
    }

    /** The internal read, as billing's port would call it. */
    WebTestClient.ResponseSpec portRead(Caller as, String query) {
        return client.get().uri("/internal/v1/integration-connections" + query)
                .header("Authorization", peerBearer(as)).exchange();
    }

    /** A port's replacement of credentials it was given, as another service would send it. */
    WebTestClient.ResponseSpec replaceCredentials(Caller as, String id, String body) {
        return replaceCredentials(peerBearer(as), id, body);
    }

    WebTestClient.ResponseSpec replaceCredentials(String authorization, String id, String body) {
        return client.put().uri("/internal/v1/integration-connections/" + id + "/credentials")
                .header("Authorization", authorization)
                .header("Content-Type", "application/json").bodyValue(body).exchange();
    }

    /** A port's report, as another service would send it. */
    WebTestClient.ResponseSpec report(Caller as, String id, String body) {
        return client.post().uri("/internal/v1/integration-connections/" + id + "/report")
                .header("Authorization", peerBearer(as))
                .header("Content-Type", "application/json").bodyValue(body).exchange();
    }
}
