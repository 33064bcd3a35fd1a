package com.storageplatform.billing.accounting;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.containing;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.matchingJsonPath;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.put;
import static com.github.tomakehurst.wiremock.client.WireMock.putRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.wireMockConfig;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import com.storageplatform.kit.resilience.DependencyOutage;
import com.storageplatform.kit.resilience.ProviderCalls;
import com.storageplatform.kit.resilience.Resilience;
import com.storageplatform.kit.resilience.ResilienceProperties;
import com.storageplatform.kit.resilience.ResilienceProperties.Policy;
import com.storageplatform.kit.web.ApiException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** XeroLedger on xero-java against a local WireMock server answering as Xero's token endpoint and Accounting API do. */
class XeroLedgerTest {

    @RegisterExtension
    static final WireMockExtension XERO = WireMockExtension.newInstance()
            .options(wireMockConfig().dynamicPort()).build();

    static final JsonMapper JSON = JsonMapper.builder().build();
    static final String TENANT = "6c1b2b4e-1f0a-4c55-9d8e-0e4f3a2b1c7d";
    static final UUID INVOICE = UUID.fromString("0190f1c2-0000-7000-8000-0000000000a1");
    static final UUID CONTACT = UUID.fromString("0190f1c2-0000-7000-8000-0000000000b2");
    static final UUID PAYMENT = UUID.fromString("0190f1c2-0000-7000-8000-0000000000c3");
    static final String XERO_INVOICE = "9b7d1e5c-2f44-4b7e-8f0a-3c2d1e0f9a88";

    static JsonNode invoice() {
        return JSON.readTree("""
                {"id": "%s", "object": "invoice", "contact_id": "%s", "currency": "GBP", "total_minor": 12000,
                 "due_date": "2026-12-11", "finalized_at": "2026-11-27T10:00:00Z",
                 "lines": [{"description": "Unit A12, December", "quantity": 1, "amount_minor": 12000,
                            "vat_treatment": "standard_20"}]}""".formatted(INVOICE, CONTACT));
    }

    static XeroLedger ledger(Policy policy) {
        return ledger(policy, credentials -> Mono.empty());
    }

    static XeroLedger ledger(Policy policy, CredentialKeeper keeper) {
        Connection connection = new Connection(JSON.readTree("""
                {"id": "019ac3c2-5a10-7e21-8b44-2f6d0c9e1a20", "object": "integration_connection", "kind": "accounting",
                 "provider": "xero", "settings": {"tenant_id": "%s"}}""".formatted(TENANT)),
                Map.of("client_id", "client-1", "client_secret", "NeverInALog", "refresh_token", "refresh-1"));
        return new XeroLedger(connection, keeper, new XeroSettings(XERO.baseUrl() + "/api.xro/2.0",
                XERO.baseUrl() + "/connect/token", null, null),
                new Resilience(new ResilienceProperties(null, Map.of("xero", policy))));
    }

    static Policy policy() {
        return new Policy(Duration.ofSeconds(5), 20, 10, 50, Duration.ofSeconds(30), 1, 2, Duration.ofMillis(10));
    }

    static void tokenGranted() {
        XERO.stubFor(post("/connect/token").willReturn(okJson("""
                {"access_token": "xero-access-token", "token_type": "Bearer", "expires_in": 1800,
                 "refresh_token": "refresh-2"}""")));
    }

    @Test
    void anIssuedInvoiceIsAnAuthorisedSalesInvoiceBookedUnderTheRowsKeyWithTheTradedAccessToken() {
        tokenGranted();
        XERO.stubFor(put(urlPathEqualTo("/api.xro/2.0/Invoices")).willReturn(okJson("""
                {"Status": "OK", "Invoices": [{"InvoiceID": "%s", "Type": "ACCREC", "Status": "AUTHORISED"}]}
                """.formatted(XERO_INVOICE))));

        StepVerifier.create(ledger(policy()).push(new LedgerEntry(UUID.randomUUID(), "invoice", INVOICE, "issued",
                        invoice(), null, 1)))
                .expectNext(new Pushed.Synced("xero", XERO_INVOICE))
                .verifyComplete();

        XERO.verify(postRequestedFor(urlPathEqualTo("/connect/token"))
                .withHeader("Authorization", equalTo("Basic " + Base64.getEncoder()
                        .encodeToString("client-1:NeverInALog".getBytes(StandardCharsets.UTF_8))))
                .withRequestBody(containing("grant_type=refresh_token"))
                .withRequestBody(containing("refresh_token=refresh-1")));
        XERO.verify(putRequestedFor(urlPathEqualTo("/api.xro/2.0/Invoices"))
                .withHeader("Authorization", equalTo("Bearer xero-access-token"))
                .withHeader("Xero-Tenant-Id", equalTo(TENANT))
                .withHeader("Idempotency-Key", equalTo("acs-" + INVOICE + "-issued"))
                .withRequestBody(matchingJsonPath("$.Invoices[0].Type", equalTo("ACCREC")))
                .withRequestBody(matchingJsonPath("$.Invoices[0].Status", equalTo("AUTHORISED")))
                .withRequestBody(matchingJsonPath("$.Invoices[0].Reference", equalTo(INVOICE.toString())))
                .withRequestBody(matchingJsonPath("$.Invoices[0].Contact.ContactNumber", equalTo(CONTACT.toString())))
                .withRequestBody(matchingJsonPath("$.Invoices[0].LineAmountTypes", equalTo("Inclusive")))
                .withRequestBody(matchingJsonPath("$.Invoices[0].LineItems[0].UnitAmount", equalTo("120.0")))
                .withRequestBody(matchingJsonPath("$.Invoices[0].LineItems[0].TaxType", equalTo("OUTPUT2")))
                .withRequestBody(matchingJsonPath("$.Invoices[0].LineItems[0].AccountCode", equalTo("200"))));
    }

    @Test
    void aVoidSetsTheBookedInvoiceVoidedAndAPaymentIsBookedOnIt() {
        tokenGranted();
        XERO.stubFor(post(urlPathEqualTo("/api.xro/2.0/Invoices/" + XERO_INVOICE)).willReturn(okJson("""
                {"Invoices": [{"InvoiceID": "%s", "Status": "VOIDED"}]}""".formatted(XERO_INVOICE))));
        XERO.stubFor(post(urlPathEqualTo("/api.xro/2.0/Payments")).willReturn(okJson("""
                {"Payments": [{"PaymentID": "1f0e2d3c-4b5a-4968-8776-655443322110"}]}""")));

        StepVerifier.create(ledger(policy()).push(new LedgerEntry(UUID.randomUUID(), "invoice", INVOICE, "voided",
                        invoice(), XERO_INVOICE, 1)))
                .expectNext(new Pushed.Synced("xero", XERO_INVOICE))
                .verifyComplete();
        XERO.verify(postRequestedFor(urlPathEqualTo("/api.xro/2.0/Invoices/" + XERO_INVOICE))
                .withHeader("Idempotency-Key", equalTo("acs-" + INVOICE + "-voided"))
                .withRequestBody(matchingJsonPath("$.Invoices[0].Status", equalTo("VOIDED"))));

        JsonNode payment = JSON.readTree("""
                {"id": "%s", "object": "payment", "invoice_id": "%s", "contact_id": "%s", "direction": "payment",
                 "amount_minor": 4550, "currency": "GBP", "charged_at": "2026-11-28T09:00:00Z"}
                """.formatted(PAYMENT, INVOICE, CONTACT));
        StepVerifier.create(ledger(policy()).push(new LedgerEntry(UUID.randomUUID(), "payment", PAYMENT,
                        "succeeded", payment, XERO_INVOICE, 1)))
                .expectNext(new Pushed.Synced("xero", "1f0e2d3c-4b5a-4968-8776-655443322110"))
                .verifyComplete();
        XERO.verify(postRequestedFor(urlPathEqualTo("/api.xro/2.0/Payments"))
                .withHeader("Idempotency-Key", equalTo("acs-" + PAYMENT + "-succeeded"))
                .withRequestBody(matchingJsonPath("$.Invoice.InvoiceID", equalTo(XERO_INVOICE)))
                .withRequestBody(matchingJsonPath("$.Amount", equalTo("45.5")))
                .withRequestBody(matchingJsonPath("$.Account.Code", equalTo("090")))
                // The day it was taken, in Xero's own date format.
                .withRequestBody(matchingJsonPath("$.Date", equalTo("/Date("
                        + java.time.LocalDate.parse("2026-11-28").atStartOfDay(java.time.ZoneOffset.UTC).toInstant()
                                .toEpochMilli() + "+0000)/"))));
    }

    @Test
    void whatXeroRefusesIsAConflictAndItsOutageIsAnOutage() {
        tokenGranted();
        XERO.stubFor(put(urlPathEqualTo("/api.xro/2.0/Invoices")).willReturn(aResponse().withStatus(400)
                .withHeader("Content-Type", "application/json").withBody("""
                        {"ErrorNumber": 10, "Type": "ValidationException",
                         "Message": "A validation exception occurred",
                         "Elements": [{"ValidationErrors": [{"Message": "Account code '200' is not a valid code"}]}]}
                        """)));
        StepVerifier.create(ledger(policy()).push(new LedgerEntry(UUID.randomUUID(), "invoice", INVOICE, "issued",
                        invoice(), null, 1)))
                .expectErrorSatisfies(e -> assertThat(((ApiException) e).status().value()).isEqualTo(409))
                .verify();

        XERO.stubFor(put(urlPathEqualTo("/api.xro/2.0/Invoices")).willReturn(aResponse().withStatus(503)));
        StepVerifier.create(ledger(policy()).push(new LedgerEntry(UUID.randomUUID(), "invoice", INVOICE, "issued",
                        invoice(), null, 1)))
                .expectErrorSatisfies(e -> assertThat(((ApiException) e).status().value()).isEqualTo(503))
                .verify();
    }

    @Test
    void aRefusedGrantSaysToReconnectXeroAndNeverQuotesACredential() {
        XERO.stubFor(post("/connect/token").willReturn(aResponse().withStatus(400)
                .withHeader("Content-Type", "application/json").withBody("{\"error\": \"invalid_grant\"}")));

        StepVerifier.create(ledger(policy()).push(new LedgerEntry(UUID.randomUUID(), "invoice", INVOICE, "issued",
                        invoice(), null, 1)))
                .expectErrorSatisfies(e -> {
                    assertThat(((ApiException) e).status().value()).isEqualTo(409);
                    assertThat(e.getMessage()).contains("invalid_grant", "reconnect Xero")
                            .doesNotContain("refresh-1", "NeverInALog", "client-1");
                })
                .verify();
    }

    static void tokenRotated(String from, String to) {
        XERO.stubFor(post("/connect/token").withRequestBody(containing("refresh_token=" + from)).willReturn(okJson("""
                {"access_token": "access-for-%s", "token_type": "Bearer", "expires_in": 1800,
                 "refresh_token": "%s"}""".formatted(from, to))));
    }

    static LedgerEntry issue() {
        return new LedgerEntry(UUID.randomUUID(), "invoice", INVOICE, "issued", invoice(), null, 1);
    }

    @Test
    void theRefreshTokenXeroRotatesIsStoredBeforeTheAccessTokenIsUsedAndTradedAtTheNextPush() {
        tokenRotated("refresh-1", "refresh-2");
        tokenRotated("refresh-2", "refresh-3");
        XERO.stubFor(put(urlPathEqualTo("/api.xro/2.0/Invoices")).willReturn(okJson("""
                {"Invoices": [{"InvoiceID": "%s", "Status": "AUTHORISED"}]}""".formatted(XERO_INVOICE))));
        List<Map<String, String>> stored = new CopyOnWriteArrayList<>();
        List<Integer> bookedBeforeStoring = new CopyOnWriteArrayList<>();
        XeroLedger ledger = ledger(policy(), credentials -> Mono.fromRunnable(() -> {
            bookedBeforeStoring.add(XERO.findAll(putRequestedFor(urlPathEqualTo("/api.xro/2.0/Invoices"))).size());
            stored.add(credentials);
        }));

        StepVerifier.create(ledger.push(issue())).expectNext(new Pushed.Synced("xero", XERO_INVOICE))
                .verifyComplete();

        assertThat(stored).containsExactly(Map.of("refresh_token", "refresh-2"));
        assertThat(bookedBeforeStoring).containsExactly(0);
        XERO.verify(putRequestedFor(urlPathEqualTo("/api.xro/2.0/Invoices"))
                .withHeader("Authorization", equalTo("Bearer access-for-refresh-1")));

        // The next push trades the rotated token, and stores the one it is rotated to.
        StepVerifier.create(ledger.push(issue())).expectNext(new Pushed.Synced("xero", XERO_INVOICE))
                .verifyComplete();
        assertThat(stored).containsExactly(Map.of("refresh_token", "refresh-2"), Map.of("refresh_token", "refresh-3"));
        XERO.verify(1, postRequestedFor(urlPathEqualTo("/connect/token"))
                .withRequestBody(containing("refresh_token=refresh-2")));
        XERO.verify(putRequestedFor(urlPathEqualTo("/api.xro/2.0/Invoices"))
                .withHeader("Authorization", equalTo("Bearer access-for-refresh-2")));
    }

    @Test
    void aRotatedTokenThatCannotBeStoredBooksNothingAndIsAnOutageNamingNoToken() {
        tokenRotated("refresh-1", "refresh-2");
        XERO.stubFor(put(urlPathEqualTo("/api.xro/2.0/Invoices")).willReturn(okJson("""
                {"Invoices": [{"InvoiceID": "%s", "Status": "AUTHORISED"}]}""".formatted(XERO_INVOICE))));
        XeroLedger ledger = ledger(policy(),
                credentials -> Mono.error(ProviderCalls.outage("crm", 503)));

        StepVerifier.create(ledger.push(issue()))
                .expectErrorSatisfies(e -> {
                    assertThat(e).isInstanceOf(DependencyOutage.class);
                    assertThat(e.getMessage()).contains("refresh token", "could not store")
                            .doesNotContain("refresh-1", "refresh-2", "NeverInALog");
                })
                .verify();
        XERO.verify(0, putRequestedFor(urlPathEqualTo("/api.xro/2.0/Invoices")));

        // Pushed again: the token crm still holds is traded again (Xero accepts it within its 30 minutes).
        XeroLedger again = ledger(policy(), credentials -> Mono.empty());
        StepVerifier.create(again.push(issue())).expectNext(new Pushed.Synced("xero", XERO_INVOICE))
                .verifyComplete();
        XERO.verify(2, postRequestedFor(urlPathEqualTo("/connect/token"))
                .withRequestBody(containing("refresh_token=refresh-1")));
    }

    @Test
    void aGrantThatKeepsItsRefreshTokenStoresNothing() {
        XERO.stubFor(post("/connect/token").willReturn(okJson("""
                {"access_token": "xero-access-token", "token_type": "Bearer", "expires_in": 1800,
                 "refresh_token": "refresh-1"}""")));
        XERO.stubFor(put(urlPathEqualTo("/api.xro/2.0/Invoices")).willReturn(okJson("""
                {"Invoices": [{"InvoiceID": "%s", "Status": "AUTHORISED"}]}""".formatted(XERO_INVOICE))));
        List<Map<String, String>> stored = new CopyOnWriteArrayList<>();

        StepVerifier.create(ledger(policy(), credentials -> Mono.fromRunnable(() -> stored.add(credentials)))
                        .push(issue()))
                .expectNext(new Pushed.Synced("xero", XERO_INVOICE))
                .verifyComplete();
        assertThat(stored).isEmpty();
    }
}
