package com.storageplatform.crm.integration;

import static com.storageplatform.crm.integration.IntegrationFixtures.CLIENT_SECRET;
import static com.storageplatform.crm.integration.IntegrationFixtures.REFRESH_TOKEN;
import static com.storageplatform.crm.integration.IntegrationFixtures.noke;
import static com.storageplatform.crm.integration.IntegrationFixtures.xero;
import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.CallerTokenSigner;
import com.storageplatform.kit.caller.Pem;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.TestCallers;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code /internal/v1/integration-connections}: other services' ports read a connection with its credentials opened
 * and report back, with a peer's caller token only.
 */
@PlatformTest
class IntegrationPortsTest {

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    IntegrationFixtures f;

    @BeforeEach
    void setUp() {
        f = new IntegrationFixtures(client, json, db);
    }

    @Test
    void aPortReadsTheConnectionWithItsSealedCredentialsOpened() {
        JsonNode created = f.create(xero(""));

        JsonNode opened = f.api.body(f.portRead(f.caller, "?kind=accounting").expectStatus().isOk()).get("data");

        assertThat(opened.get("connection")).isEqualTo(created);
        assertThat(opened.get("credentials").get("client_id").asString()).isEqualTo("client-1");
        assertThat(opened.get("credentials").get("client_secret").asString()).isEqualTo(CLIENT_SECRET);
        assertThat(opened.get("credentials").get("refresh_token").asString()).isEqualTo(REFRESH_TOKEN);
        assertThat(opened.get("credentials").size()).isEqualTo(3);
    }

    @Test
    void aPortOutsideAnyRequestReadsItsAccountsConnectionWithAServiceTokenForTheAccount() {
        f.create(xero(""));
        // A job or a Kafka handler of billing: no gateway token behind it, the account and no scope (ADR 0029).
        Caller account = Caller.actingFor(f.caller.accountId(), f.caller.operatorId(), f.caller.environment(),
                "billing:accounting-sync", null);
        String token = new CallerTokenSigner(Pem.privateKey(TestCallers.servicePrivateKeyPem()))
                .signForAccount(account, "billing");

        JsonNode opened = f.api.body(client.get().uri("/internal/v1/integration-connections?kind=accounting")
                .header("Authorization", "Bearer " + token).exchange().expectStatus().isOk()).get("data");

        assertThat(opened.get("credentials").get("refresh_token").asString()).isEqualTo(REFRESH_TOKEN);
        // The same token is no credential for the public API.
        client.get().uri("/v1/integration-connections").header("Authorization", "Bearer " + token).exchange()
                .expectStatus().isUnauthorized();
    }

    @Test
    void newCredentialsSentInAPatchAreWhatThePortOpens() {
        String id = f.create(xero("")).get("id").asString();
        f.api.updated(f.caller, id, """
                {"credentials": {"client_id": "client-2", "client_secret": "rotated", "refresh_token": "r2"}}
                """);

        JsonNode credentials = f.api.body(f.portRead(f.caller, "?kind=accounting").expectStatus().isOk())
                .get("data").get("credentials");
        assertThat(credentials.get("client_id").asString()).isEqualTo("client-2");
        assertThat(credentials.get("client_secret").asString()).isEqualTo("rotated");
    }

    @Test
    void onlyAConnectionInServiceServingTheSiteIsRead() {
        f.create(noke("[\"" + f.site + "\"]", ""));
        var otherSite = f.bookings.site(f.caller);

        assertThat(f.api.body(f.portRead(f.caller, "?kind=access_control&site_id=" + f.site).expectStatus().isOk())
                .get("data").get("connection").get("provider").asString()).isEqualTo("noke");
        assertThat(f.api.errorCode(f.portRead(f.caller, "?kind=access_control&site_id=" + otherSite), 404))
                .isEqualTo("not_found");
        assertThat(f.api.errorCode(f.portRead(f.caller, "?kind=id_check"), 404)).isEqualTo("not_found");

        String books = f.create(xero("")).get("id").asString();
        f.api.updated(f.caller, books, "{\"status\": \"disabled\"}");
        assertThat(f.api.errorCode(f.portRead(f.caller, "?kind=accounting"), 404)).isEqualTo("not_found");
    }

    @Test
    void aSiteRestrictedRequestReadsOnlyForItsOwnSites() {
        f.create(xero(""));
        var otherSite = f.bookings.site(f.caller);
        Caller here = TestCallers.restrictedTo(f.caller, f.site);

        f.portRead(here, "?kind=accounting&site_id=" + f.site).expectStatus().isOk();
        assertThat(f.api.errorCode(f.portRead(here, "?kind=accounting&site_id=" + otherSite), 403))
                .isEqualTo("site_forbidden");
    }

    @Test
    void messagingIsReadByChannelAndOtherKindsHaveNone() {
        f.create("""
                {"kind": "messaging", "provider": "smtp", "name": "Mail",
                 "settings": {"host": "smtp.example.org", "port": 587, "from_address": "desk@example.org"},
                 "credentials": {"username": "desk", "password": "smtp-pass"}}
                """);

        JsonNode email = f.api.body(f.portRead(f.caller, "?kind=messaging&channel=email").expectStatus().isOk())
                .get("data");
        assertThat(email.get("connection").get("settings").get("port").asInt()).isEqualTo(587);
        assertThat(email.get("credentials").get("password").asString()).isEqualTo("smtp-pass");
        assertThat(f.api.errorCode(f.portRead(f.caller, "?kind=messaging&channel=sms"), 404)).isEqualTo("not_found");
        assertThat(f.api.issues(f.portRead(f.caller, "?kind=messaging"), 400)).containsExactly("channel required");
        assertThat(f.api.issues(f.portRead(f.caller, "?kind=accounting&channel=email"), 400))
                .containsExactly("channel not_allowed");
        assertThat(f.api.issues(f.portRead(f.caller, ""), 400)).containsExactly("kind required");
        assertThat(f.api.issues(f.portRead(f.caller, "?kind=fax"), 400)).containsExactly("kind invalid");
    }

    @Test
    void withoutAPeersTokenTheInternalRoutesAreNotFound() {
        String id = f.create(xero("")).get("id").asString();
        Caller withEveryScope = f.caller;

        client.get().uri("/internal/v1/integration-connections?kind=accounting").exchange()
                .expectStatus().isUnauthorized();
        assertThat(f.api.errorCode(client.get().uri("/internal/v1/integration-connections?kind=accounting")
                .header("Authorization", TestCallers.bearer(withEveryScope)).exchange(), 404)).isEqualTo("not_found");
        assertThat(f.api.errorCode(client.post().uri("/internal/v1/integration-connections/" + id + "/report")
                .header("Authorization", TestCallers.bearer(withEveryScope))
                .header("Content-Type", "application/json").bodyValue("{\"outcome\": \"error\", \"message\": \"x\"}")
                .exchange(), 404)).isEqualTo("not_found");
        assertThat(f.api.read(f.caller, id).get("status").asString()).isEqualTo("active");
    }

    @Test
    void anotherAccountsConnectionIsNeitherReadNorReported() {
        String id = f.create(xero("")).get("id").asString();
        Caller stranger = TestCallers.apiCaller(IntegrationFixtures.SCOPES);

        assertThat(f.api.errorCode(f.portRead(stranger, "?kind=accounting"), 404)).isEqualTo("not_found");
        assertThat(f.api.errorCode(f.report(stranger, id, "{\"outcome\": \"used\"}"), 404)).isEqualTo("not_found");
    }

    @Test
    void anErrorReportedPutsTheConnectionInErrorAndAUseBringsItBack() {
        String id = f.create(xero("")).get("id").asString();

        JsonNode failed = f.api.body(f.report(f.caller, id, """
                {"outcome": "error", "message": "  Xero answered 401: the refresh token was revoked.  "}
                """).expectStatus().isOk()).get("data");
        assertThat(failed.get("status").asString()).isEqualTo("error");
        assertThat(failed.get("last_error").get("message").asString())
                .isEqualTo("Xero answered 401: the refresh token was revoked.");
        assertThat(failed.get("last_error").get("at").isNull()).isFalse();
        assertThat(f.api.read(f.caller, id)).isEqualTo(failed);
        f.portRead(f.caller, "?kind=accounting").expectStatus().isOk();

        assertThat(f.api.errorCode(f.api.post(f.caller, """
                {"kind": "accounting", "provider": "sage", "name": "Sage", "settings": {"business_id": "b"},
                 "credentials": {"client_id": "c", "client_secret": "s", "refresh_token": "r"}}
                """), 409)).isEqualTo("conflict");

        JsonNode used = f.api.body(f.report(f.caller, id, "{\"outcome\": \"used\"}").expectStatus().isOk())
                .get("data");
        assertThat(used.get("status").asString()).isEqualTo("active");
        assertThat(used.get("last_used_at").isNull()).isFalse();
        assertThat(used.get("last_error")).isEqualTo(failed.get("last_error"));
        assertThat(f.accounts.eventTypes(id)).containsExactly("integration_connection.created",
                "integration_connection.updated", "integration_connection.updated");

        f.report(f.caller, id, "{\"outcome\": \"used\"}").expectStatus().isOk();
        assertThat(f.accounts.eventTypes(id)).hasSize(3);
        assertThat(f.api.issues(f.report(f.caller, id, "{\"outcome\": \"error\"}")))
                .containsExactly("message required");
    }

    @Test
    void aDisabledConnectionStaysDisabledWhenAnErrorIsReported() {
        String id = f.create(xero(", \"status\": \"disabled\"")).get("id").asString();

        JsonNode reported = f.api.body(f.report(f.caller, id, "{\"outcome\": \"error\", \"message\": \"timeout\"}")
                .expectStatus().isOk()).get("data");
        assertThat(reported.get("status").asString()).isEqualTo("disabled");
        assertThat(reported.get("last_error").get("message").asString()).isEqualTo("timeout");
    }

    @Test
    void aPortReplacesTheRefreshTokenItWasGivenAndTheNextReadOpensIt() {
        JsonNode created = f.create(xero(""));
        String id = created.get("id").asString();

        WebTestClient.ResponseSpec answer = f.replaceCredentials(f.caller, id,
                "{\"credentials\": {\"refresh_token\": \"xero-refresh-token-rotated-9c41\"}}").expectStatus().isOk();
        String text = new String(answer.expectBody().returnResult().getResponseBodyContent(),
                java.nio.charset.StandardCharsets.UTF_8);
        JsonNode replaced = json.readTree(text).get("data");

        // The connection as a read answers it: names of credentials, never a value; a rotation is no change.
        assertThat(text).doesNotContain("xero-refresh-token-rotated-9c41", CLIENT_SECRET, REFRESH_TOKEN);
        assertThat(replaced).isEqualTo(created);
        assertThat(f.api.read(f.caller, id)).isEqualTo(created);
        JsonNode credentials = f.api.body(f.portRead(f.caller, "?kind=accounting").expectStatus().isOk())
                .get("data").get("credentials");
        assertThat(credentials.get("refresh_token").asString()).isEqualTo("xero-refresh-token-rotated-9c41");
        assertThat(credentials.get("client_id").asString()).isEqualTo("client-1");
        assertThat(credentials.get("client_secret").asString()).isEqualTo(CLIENT_SECRET);
        assertThat(f.accounts.eventTypes(id)).containsExactly("integration_connection.created");
        // Stored sealed: the value is nowhere in the row.
        byte[] sealed = db.sql("SELECT credentials_sealed FROM integration_connections WHERE id = :id")
                .bind("id", java.util.UUID.fromString(id)).map(row -> row.get(0, byte[].class)).one().block();
        assertThat(new String(sealed, java.nio.charset.StandardCharsets.ISO_8859_1))
                .doesNotContain("xero-refresh-token-rotated-9c41");

        // The last replacement wins.
        f.replaceCredentials(f.caller, id, "{\"credentials\": {\"refresh_token\": \"r3\"}}").expectStatus().isOk();
        assertThat(f.api.body(f.portRead(f.caller, "?kind=accounting").expectStatus().isOk()).get("data")
                .get("credentials").get("refresh_token").asString()).isEqualTo("r3");
    }

    @Test
    void aPortOutsideAnyRequestReplacesCredentialsWithAServiceTokenForTheAccount() {
        String id = f.create(xero("")).get("id").asString();
        Caller account = Caller.actingFor(f.caller.accountId(), f.caller.operatorId(), f.caller.environment(),
                "billing:accounting-sync", null);
        String token = new CallerTokenSigner(Pem.privateKey(TestCallers.servicePrivateKeyPem()))
                .signForAccount(account, "billing");

        f.replaceCredentials("Bearer " + token, id, "{\"credentials\": {\"refresh_token\": \"r2\"}}")
                .expectStatus().isOk();

        assertThat(f.api.body(f.portRead(f.caller, "?kind=accounting").expectStatus().isOk()).get("data")
                .get("credentials").get("refresh_token").asString()).isEqualTo("r2");
    }

    @Test
    void onlyAPeerReplacesCredentials() {
        String id = f.create(xero("")).get("id").asString();
        String body = "{\"credentials\": {\"refresh_token\": \"stolen\"}}";

        // A client's own credential, with every scope: the route does not exist for it.
        assertThat(f.api.errorCode(f.replaceCredentials(TestCallers.bearer(f.caller), id, body), 404))
                .isEqualTo("not_found");
        client.put().uri("/internal/v1/integration-connections/" + id + "/credentials")
                .header("Content-Type", "application/json").bodyValue(body).exchange()
                .expectStatus().isUnauthorized();
        assertThat(f.api.body(f.portRead(f.caller, "?kind=accounting").expectStatus().isOk()).get("data")
                .get("credentials").get("refresh_token").asString()).isEqualTo(REFRESH_TOKEN);
    }

    @Test
    void aDisabledConnectionOrAnotherAccountsHasNoCredentialsReplaced() {
        String id = f.create(xero("")).get("id").asString();
        String body = "{\"credentials\": {\"refresh_token\": \"r2\"}}";
        Caller stranger = TestCallers.apiCaller(IntegrationFixtures.SCOPES);

        assertThat(f.api.errorCode(f.replaceCredentials(stranger, id, body), 404)).isEqualTo("not_found");

        f.api.updated(f.caller, id, "{\"status\": \"disabled\"}");
        assertThat(f.api.errorCode(f.replaceCredentials(f.caller, id, body), 404)).isEqualTo("not_found");

        f.api.updated(f.caller, id, "{\"status\": \"active\"}");
        assertThat(f.api.body(f.portRead(f.caller, "?kind=accounting").expectStatus().isOk()).get("data")
                .get("credentials").get("refresh_token").asString()).isEqualTo(REFRESH_TOKEN);
    }

    @Test
    void onlyTheProvidersCredentialsEachWithAValueAreReplaced() {
        String id = f.create(xero("")).get("id").asString();

        assertThat(f.api.issues(f.replaceCredentials(f.caller, id, """
                {"credentials": {"api_key": "k", "refresh_token": "  ", "client_id": "c2"}}""")))
                .containsExactly("credentials.api_key unknown_field", "credentials.refresh_token required");
        assertThat(f.api.issues(f.replaceCredentials(f.caller, id, "{\"credentials\": {}}")))
                .containsExactly("credentials required");
        assertThat(f.api.issues(f.replaceCredentials(f.caller, id, "{}"))).containsExactly("credentials required");

        JsonNode credentials = f.api.body(f.portRead(f.caller, "?kind=accounting").expectStatus().isOk())
                .get("data").get("credentials");
        assertThat(credentials.get("client_id").asString()).isEqualTo("client-1");
        assertThat(credentials.get("refresh_token").asString()).isEqualTo(REFRESH_TOKEN);
    }
}
