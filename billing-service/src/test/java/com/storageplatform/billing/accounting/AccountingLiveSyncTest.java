package com.storageplatform.billing.accounting;

import static com.github.tomakehurst.wiremock.client.WireMock.containing;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.put;
import static com.github.tomakehurst.wiremock.client.WireMock.putRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.wireMockConfig;
import static com.storageplatform.kit.testsupport.ResourceApi.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.storageplatform.billing.support.Accounts;
import com.storageplatform.billing.support.BillingApi;
import com.storageplatform.billing.support.Invoicing;
import com.storageplatform.kit.caller.ActorType;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.CallerTokenVerifier;
import com.storageplatform.kit.caller.Environment;
import com.storageplatform.kit.caller.Pem;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.ScriptedPeer;
import com.storageplatform.kit.testsupport.TestCallers;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.TestPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A live account's pushes: the sender reads the account's accounting connection from crm outside any request (a
 * service token for the account, no scopes, ADR 0029); without one the rows are skipped, with a Xero one they are
 * booked through the Xero adapter (here against a local WireMock server answering as Xero does).
 */
@PlatformTest
@TestPropertySource(properties = {
        "billing.accounting.poll-interval=200ms",
        "billing.accounting.first-retry=200ms",
        "billing.accounting.max-attempts=2",
        // crm's outage in one test must not leave its breaker open for the next.
        "platform.resilience.peers.crm.sliding-window-size=1000",
        "platform.resilience.peers.crm.minimum-number-of-calls=1000"})
class AccountingLiveSyncTest {

    static final ScriptedPeer CRM = ScriptedPeer.start();
    static final WireMockServer XERO = new WireMockServer(wireMockConfig().dynamicPort());
    static final String XERO_INVOICE = "9b7d1e5c-2f44-4b7e-8f0a-3c2d1e0f9a88";

    static {
        XERO.start();
    }

    @DynamicPropertySource
    static void peers(DynamicPropertyRegistry registry) {
        registry.add("platform.services.crm.url", CRM::url);
        registry.add("billing.accounting.xero.api-url", () -> XERO.baseUrl() + "/api.xro/2.0");
        registry.add("billing.accounting.xero.token-url", () -> XERO.baseUrl() + "/connect/token");
    }

    @AfterAll
    static void stop() {
        CRM.close();
        XERO.stop();
    }

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    Invoicing invoicing;
    final Caller caller = new Caller(Ids.newId(), Ids.newId(), Environment.LIVE, Set.of(BillingApi.SCOPES), null,
            ActorType.API, "key_" + Ids.newId(), null);
    UUID customer;

    @BeforeEach
    void setUp() {
        invoicing = new Invoicing(client, json, db);
        customer = new Accounts(db, json).customer(caller);
        CRM.clear();
        XERO.resetAll();
    }

    JsonNode settledIssue(String invoice) {
        eventually(() -> rows(invoice).stream().anyMatch(row -> !row.get("status").asString().equals("pending")));
        return rows(invoice).get(0);
    }

    List<JsonNode> rows(String invoice) {
        return invoicing.invoices().body(client.get().uri("/v1/accounting-syncs?subject_id=" + invoice)
                        .header("Authorization", TestCallers.bearer(caller)).exchange().expectStatus().isOk())
                .get("data").valueStream().toList();
    }

    @Test
    void withoutAnAccountingConnectionTheRowIsSkippedAndNothingIsPushedOrPublished() {
        CRM.answer(404, "{\"error\":{\"code\":\"not_found\",\"message\":\"No such connection.\"}}");
        String invoice = invoicing.open(caller, customer, 12000);

        JsonNode row = settledIssue(invoice);

        assertThat(row.get("status").asString()).isEqualTo("skipped");
        assertThat(row.get("reason_code").asString()).isEqualTo("no_connection");
        assertThat(row.get("provider").isNull()).isTrue();
        assertThat(new Accounts(db, json).eventTypes(row.get("id").asString())).isEmpty();
        // The read was the account's own, on crm's internal route, with a service token for it and no scopes.
        ScriptedPeer.Received read = CRM.last();
        assertThat(read.method()).isEqualTo("GET");
        assertThat(read.path()).startsWith("/internal/v1/integration-connections");
        Jwt token = CallerTokenVerifier.internalDecoder(Pem.publicKey(TestCallers.publicKeyPem()),
                Pem.publicKey(TestCallers.servicePublicKeyPem()))
                .decode(read.header("Authorization").substring("Bearer ".length())).block();
        assertThat(CallerTokenVerifier.isInternalOnly(token)).isTrue();
        assertThat(CallerTokenVerifier.callingService(token)).isEqualTo("billing");
        Caller seen = CallerTokenVerifier.toCaller(token);
        assertThat(seen.accountId()).isEqualTo(caller.accountId());
        assertThat(seen.environment()).isEqualTo(Environment.LIVE);
        assertThat(seen.scopes()).isEmpty();
    }

    @Test
    void withAXeroConnectionTheInvoiceIsBookedInXeroUnderItsOwnKey() {
        CRM.answer(200, """
                {"data": {"connection": {"id": "019ac3c2-5a10-7e21-8b44-2f6d0c9e1a20",
                  "object": "integration_connection", "kind": "accounting", "provider": "xero",
                  "settings": {"tenant_id": "6c1b2b4e-1f0a-4c55-9d8e-0e4f3a2b1c7d"}, "status": "active"},
                 "credentials": {"client_id": "client-1", "client_secret": "NeverInALog",
                  "refresh_token": "refresh-1"}}}""");
        XERO.stubFor(post("/connect/token").willReturn(okJson("""
                {"access_token": "xero-access-token", "token_type": "Bearer", "expires_in": 1800}""")));
        XERO.stubFor(put(urlPathEqualTo("/api.xro/2.0/Invoices")).willReturn(okJson("""
                {"Invoices": [{"InvoiceID": "%s", "Status": "AUTHORISED"}]}""".formatted(XERO_INVOICE))));
        String invoice = invoicing.open(caller, customer, 12000);

        JsonNode row = settledIssue(invoice);

        assertThat(row.get("status").asString()).as(row.toString()).isEqualTo("synced");
        assertThat(row.get("provider").asString()).isEqualTo("xero");
        assertThat(row.get("external_id").asString()).isEqualTo(XERO_INVOICE);
        XERO.verify(putRequestedFor(urlPathEqualTo("/api.xro/2.0/Invoices"))
                .withHeader("Idempotency-Key", equalTo("acs-" + invoice + "-issued"))
                .withHeader("Xero-Tenant-Id", equalTo("6c1b2b4e-1f0a-4c55-9d8e-0e4f3a2b1c7d")));
        eventually(() -> new Accounts(db, json).eventTypes(row.get("id").asString()).contains("accounting.synced"));
        // The use is reported to crm, for the connection's last_used_at.
        eventually(() -> CRM.received().stream().anyMatch(r -> r.method().equals("POST")));
        ScriptedPeer.Received report = CRM.received().stream().filter(r -> r.method().equals("POST")).findFirst()
                .orElseThrow();
        assertThat(report.path()).isEqualTo(
                "/internal/v1/integration-connections/019ac3c2-5a10-7e21-8b44-2f6d0c9e1a20/report");
        assertThat(json.readTree(report.body()).get("outcome").asString()).isEqualTo("used");
    }

    static String xeroConnection(String refreshToken) {
        return """
                {"data": {"connection": {"id": "019ac3c2-5a10-7e21-8b44-2f6d0c9e1a20",
                  "object": "integration_connection", "kind": "accounting", "provider": "xero",
                  "settings": {"tenant_id": "6c1b2b4e-1f0a-4c55-9d8e-0e4f3a2b1c7d"}, "status": "active"},
                 "credentials": {"client_id": "client-1", "client_secret": "NeverInALog",
                  "refresh_token": "%s"}}}""".formatted(refreshToken);
    }

    static void tokenRotated(String from, String to) {
        XERO.stubFor(post("/connect/token").withRequestBody(containing("refresh_token=" + from)).willReturn(okJson("""
                {"access_token": "access-for-%s", "token_type": "Bearer", "expires_in": 1800,
                 "refresh_token": "%s"}""".formatted(from, to))));
    }

    @Test
    void theRefreshTokenXeroRotatesIsStoredInCrmAndTheNextPushTradesIt() {
        CRM.answer(200, xeroConnection("refresh-1"));
        tokenRotated("refresh-1", "refresh-2");
        tokenRotated("refresh-2", "refresh-3");
        XERO.stubFor(put(urlPathEqualTo("/api.xro/2.0/Invoices")).willReturn(okJson("""
                {"Invoices": [{"InvoiceID": "%s", "Status": "AUTHORISED"}]}""".formatted(XERO_INVOICE))));
        String first = invoicing.open(caller, customer, 12000);

        JsonNode firstRow = settledIssue(first);
        assertThat(firstRow.get("status").asString()).as(firstRow.toString()).isEqualTo("synced");

        // The new refresh token went to crm's credentials route, for the account, with a service token for it.
        ScriptedPeer.Received rotation = CRM.received().stream().filter(r -> r.method().equals("PUT")).findFirst()
                .orElseThrow();
        assertThat(rotation.path()).isEqualTo(
                "/internal/v1/integration-connections/019ac3c2-5a10-7e21-8b44-2f6d0c9e1a20/credentials");
        assertThat(json.readTree(rotation.body())).isEqualTo(json.readTree(
                "{\"credentials\": {\"refresh_token\": \"refresh-2\"}}"));
        Jwt token = CallerTokenVerifier.internalDecoder(Pem.publicKey(TestCallers.publicKeyPem()),
                Pem.publicKey(TestCallers.servicePublicKeyPem()))
                .decode(rotation.header("Authorization").substring("Bearer ".length())).block();
        assertThat(CallerTokenVerifier.isInternalOnly(token)).isTrue();
        assertThat(CallerTokenVerifier.toCaller(token).accountId()).isEqualTo(caller.accountId());
        XERO.verify(putRequestedFor(urlPathEqualTo("/api.xro/2.0/Invoices"))
                .withHeader("Authorization", equalTo("Bearer access-for-refresh-1")));

        // crm now holds the rotated token (its own tests store it): the next push trades it, not the used one.
        CRM.answer(200, xeroConnection("refresh-2"));
        CRM.clear();
        String second = invoicing.open(caller, customer, 12000);

        JsonNode secondRow = settledIssue(second);
        assertThat(secondRow.get("status").asString()).as(secondRow.toString()).isEqualTo("synced");
        XERO.verify(1, postRequestedFor(urlPathEqualTo("/connect/token"))
                .withRequestBody(containing("refresh_token=refresh-2")));
        XERO.verify(putRequestedFor(urlPathEqualTo("/api.xro/2.0/Invoices"))
                .withHeader("Authorization", equalTo("Bearer access-for-refresh-2")));
        eventually(() -> CRM.received().stream().anyMatch(r -> r.method().equals("PUT")
                && r.body().contains("refresh-3")));
    }

    @Test
    void aConnectionToASystemBillingDoesNotPushToFailsTheRowSayingSo() {
        CRM.answer(200, """
                {"data": {"connection": {"id": "019ac3c2-5a10-7e21-8b44-2f6d0c9e1a21",
                  "object": "integration_connection", "kind": "accounting", "provider": "quickbooks",
                  "settings": {"realm_id": "1234"}, "status": "active"},
                 "credentials": {"client_id": "c", "client_secret": "s", "refresh_token": "r"}}}""");
        String invoice = invoicing.open(caller, customer, 12000);

        JsonNode row = settledIssue(invoice);

        assertThat(row.get("status").asString()).isEqualTo("failed");
        assertThat(row.get("reason_code").asString()).isEqualTo("refused");
        assertThat(row.get("provider").asString()).isEqualTo("quickbooks");
        assertThat(row.get("reason").asString()).contains("xero only", "quickbooks");
        eventually(() -> new Accounts(db, json).eventTypes(row.get("id").asString()).contains("accounting.failed"));
    }

    @Test
    void crmUnavailableIsAnOutageRetriedThenFailed() {
        CRM.answer(503, "{\"error\":{\"code\":\"service_unavailable\",\"message\":\"down\"}}");
        String invoice = invoicing.open(caller, customer, 12000);

        JsonNode row = settledIssue(invoice);

        assertThat(row.get("status").asString()).isEqualTo("failed");
        assertThat(row.get("reason_code").asString()).isEqualTo("unavailable");
        assertThat(row.get("attempts").asInt()).isEqualTo(2);
        assertThat(row.get("reason").asString()).contains("accounting connection could not be read");
    }
}
