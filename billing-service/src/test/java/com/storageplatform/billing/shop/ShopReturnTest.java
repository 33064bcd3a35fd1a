package com.storageplatform.billing.shop;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.billing.invoice.Invoice;
import com.storageplatform.billing.invoice.IssuedInvoices;
import com.storageplatform.billing.support.BillingApi;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformTest;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code POST /v1/invoices/{id}/return}: items brought back from a shop sale are credited, put back on the shelf
 * and, when money was taken, paid back at the desk as a refund naming the credit note.
 */
@PlatformTest
class ShopReturnTest {

    static final String CASH_BACK = "{\"rail\": \"offline\", \"offline_method\": \"other\", "
            + "\"reference\": \"Cash back, receipt 0043\"}";

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    @Autowired
    IssuedInvoices issued;

    ShopFixtures fx;
    BillingApi api;
    final Caller caller = BillingApi.newAccount();
    UUID customer;
    UUID boxes;
    UUID padlock;

    @BeforeEach
    void setUp() {
        fx = new ShopFixtures(client, json, db);
        api = fx.invoices;
        customer = fx.accounts.customer(caller);
        boxes = fx.product(caller);
        padlock = fx.product(caller, "name", "Disc padlock", "unit_price_e4", 129900);
    }

    /** 3 boxes (345 each) and 2 padlocks (1299 each) sold to the customer, paid on the card terminal. */
    String sale() {
        return fx.sold(caller, """
                {"contact_id": "%s", "currency": "GBP",
                 "items": [{"product_id": "%s", "quantity": 3}, {"product_id": "%s", "quantity": 2}],
                 "payment": {"rail": "offline", "offline_method": "card_terminal"}}
                """.formatted(customer, boxes, padlock)).get("id").asString();
    }

    static String lines(String lines, String refund) {
        return "{\"lines\": [" + lines + "]" + (refund == null ? "" : ", \"refund\": " + refund) + "}";
    }

    List<String> issues(String invoice, String body) {
        String before = fx.stored(caller);
        List<String> issues = api.issues(fx.returning(caller, invoice, "return-" + Ids.newId(), body));
        assertThat(fx.stored(caller)).isEqualTo(before);
        return issues;
    }

    JsonNode refused(String invoice, String body, int status) {
        String before = fx.stored(caller);
        JsonNode answer = api.body(fx.returning(caller, invoice, "return-" + Ids.newId(), body)
                .expectStatus().isEqualTo(status));
        assertThat(fx.stored(caller)).isEqualTo(before);
        return answer;
    }

    @Test
    void aReturnIsCreditedWithItsLinesAndTheMoneyIsPaidBackAtTheDeskAsARefundNamingTheCreditNote() {
        String sale = sale();
        JsonNode payment = fx.paymentsOf(caller, sale).get(0);

        JsonNode returned = fx.returned(caller, sale, lines("""
                {"line": 0, "quantity": 2}, {"line": 1, "quantity": 1}
                """, CASH_BACK));

        assertThat(returned.get("object").asString()).isEqualTo("shop_return");
        JsonNode note = returned.get("credit_note");
        assertThat(note.get("object").asString()).isEqualTo("credit_note");
        assertThat(note.get("invoice_id").asString()).isEqualTo(sale);
        assertThat(note.get("amount_minor").asLong()).isEqualTo(2 * 345 + 1299);
        assertThat(note.get("lines").get(0).get("position").asInt()).isZero();
        assertThat(note.get("lines").get(0).get("quantity").asInt()).isEqualTo(2);
        assertThat(note.get("lines").get(0).get("amount_minor").asLong()).isEqualTo(690);
        assertThat(note.get("lines").get(1).get("amount_minor").asLong()).isEqualTo(1299);
        JsonNode refund = returned.get("refund");
        assertThat(refund.get("object").asString()).isEqualTo("payment");
        assertThat(refund.get("direction").asString()).isEqualTo("refund");
        assertThat(refund.get("status").asString()).isEqualTo("succeeded");
        assertThat(refund.get("credit_note_id").asString()).isEqualTo(note.get("id").asString());
        assertThat(refund.get("refund_of").asString()).isEqualTo(payment.get("id").asString());
        assertThat(refund.get("invoice_id").asString()).isEqualTo(sale);
        assertThat(refund.get("rail").asString()).isEqualTo("offline");
        assertThat(refund.get("offline_method").asString()).isEqualTo("other");
        assertThat(refund.get("reference").asString()).isEqualTo("Cash back, receipt 0043");
        assertThat(refund.get("amount_minor").asLong()).isEqualTo(1989);
        JsonNode invoice = returned.get("invoice");
        assertThat(invoice.get("status").asString()).isEqualTo("paid");
        assertThat(invoice.get("amount_credited_minor").asLong()).isEqualTo(1989);
        assertThat(invoice.get("amount_paid_minor").asLong()).isEqualTo(3633 - 1989);
        assertThat(invoice.get("amount_due_minor").asLong()).isZero();
        assertThat(invoice.get("lines").get(0).get("returned_quantity").asInt()).isEqualTo(2);
        assertThat(invoice.get("lines").get(1).get("returned_quantity").asInt()).isEqualTo(1);
        assertThat(api.read(caller, sale)).isEqualTo(invoice);
        assertThat(fx.payments.read(caller, payment.get("id").asString()).get("amount_refunded_minor").asLong())
                .isEqualTo(1989);
        assertThat(fx.eventTypes(note.get("id").asString())).containsExactly("credit_note.created");
        String refundId = refund.get("id").asString();
        assertThat(fx.eventTypes(refundId)).containsExactly("payment.refunded");
        assertThat(fx.events(caller, "payment.refunded").get(0)).isEqualTo(fx.payments.read(caller, refundId));
    }

    @Test
    void theItemsReturnedGoBackOnTheShelfThroughStockReturned() {
        String sale = sale();

        fx.returned(caller, sale, lines("{\"line\": 1, \"quantity\": 2}", CASH_BACK));

        List<JsonNode> back = fx.events(caller, "stock.returned");
        assertThat(back).hasSize(1);
        assertThat(back.get(0).get("product_id").asString()).isEqualTo(padlock.toString());
        assertThat(back.get(0).get("quantity").asInt()).isEqualTo(2);
        assertThat(back.get(0).get("invoice_id").asString()).isEqualTo(sale);
        assertThat(back.get(0).get("reason").asString()).isEqualTo("shop_return");
    }

    @Test
    void aCardSalesReturnIsPaidBackToTheCardThroughTheProvider() {
        JsonNode sold = fx.sold(caller, """
                {"contact_id": "%s", "currency": "GBP", "items": [{"product_id": "%s", "quantity": 2}],
                 "payment": {"rail": "card", "card_token": "test_card_visa"}}
                """.formatted(customer, padlock));
        String sale = sold.get("id").asString();

        JsonNode refund = fx.returned(caller, sale, lines("{\"line\": 0, \"quantity\": 1}",
                "{\"rail\": \"card\"}")).get("refund");

        assertThat(refund.get("rail").asString()).isEqualTo("card");
        assertThat(refund.get("provider").asString()).isEqualTo("stripe");
        assertThat(refund.get("provider_payment_ref").asString()).startsWith("re_");
        assertThat(refund.get("status").asString()).isEqualTo("succeeded");
        assertThat(refund.get("amount_minor").asLong()).isEqualTo(1299);
        assertThat(refund.get("offline_method").isNull()).isTrue();
    }

    @Test
    void aCardSalesMoneyMayBeHandedBackOffline() {
        String sale = fx.sold(caller, """
                {"contact_id": "%s", "currency": "GBP", "items": [{"product_id": "%s", "quantity": 1}],
                 "payment": {"rail": "card", "card_token": "test_card_visa"}}
                """.formatted(customer, padlock)).get("id").asString();

        JsonNode refund = fx.returned(caller, sale, lines("{\"line\": 0, \"quantity\": 1}", CASH_BACK))
                .get("refund");

        assertThat(refund.get("rail").asString()).isEqualTo("offline");
        assertThat(refund.get("provider").isNull()).isTrue();
        assertThat(refund.get("payment_method_id").isNull()).isTrue();
    }

    @Test
    void aSaleNotPaidByCardIsNotPaidBackToACard() {
        String sale = sale();

        assertThat(issues(sale, lines("{\"line\": 0, \"quantity\": 1}", "{\"rail\": \"card\"}")))
                .containsExactly("refund.rail invalid");
    }

    @Test
    void moreThanIsLeftToReturnOfALineIsAboveMaximum() {
        String sale = sale();
        fx.returned(caller, sale, lines("{\"line\": 0, \"quantity\": 2}", CASH_BACK));

        String before = fx.stored(caller);
        JsonNode error = api.body(fx.returning(caller, sale, "return-" + Ids.newId(),
                lines("{\"line\": 0, \"quantity\": 2}", CASH_BACK)).expectStatus().isEqualTo(422)).get("error");

        assertThat(error.at("/details/0/field").asString()).isEqualTo("lines[0].quantity");
        assertThat(error.at("/details/0/issue").asString()).isEqualTo("above_maximum");
        assertThat(error.get("message").asString()).contains("Line 0 has 1 left to return");
        assertThat(fx.stored(caller)).isEqualTo(before);
        assertThat(fx.returned(caller, sale, lines("{\"line\": 0, \"quantity\": 1}", CASH_BACK))
                .at("/invoice/lines/0/returned_quantity").asInt()).isEqualTo(3);
    }

    @Test
    void aLineTheInvoiceDoesNotHaveIsNotFoundAndANonProductLineIsInvalid() {
        Invoice mixed = issued.issue(caller, new IssuedInvoices.Issue(customer, "GBP", Invoice.SOURCE_SHOP, null,
                null, List.of(IssuedInvoices.line("product", "Archive box", 2, 345, "standard_20", boxes),
                        IssuedInvoices.line("charge", "Key cutting", 1, 500, "standard_20", null)),
                0, Invoice.OFFLINE, LocalDate.now())).block();

        assertThat(issues(mixed.id().toString(), lines("""
                {"line": 1, "quantity": 1}, {"line": 2, "quantity": 1}
                """, null))).containsExactly("lines[0].line invalid", "lines[1].line not_found");
    }

    @Test
    void everyBadFieldOfTheBodyIsNamedInOneAnswer() {
        String sale = sale();

        assertThat(issues(sale, "{}")).containsExactly("lines required");
        assertThat(issues(sale, lines("", null))).containsExactly("lines below_minimum");
        assertThat(issues(sale, lines("""
                {"line": -1, "quantity": 0}, {"quantity": 10001}, null, {"line": 0, "quantity": 1},
                {"line": 0, "quantity": 1}
                """, "{\"rail\": \"bacs_dd\", \"reference\": \"x\"}"))).containsExactlyInAnyOrder(
                "lines[0].line invalid", "lines[0].quantity below_minimum", "lines[1].line required",
                "lines[1].quantity above_maximum", "lines[2] required", "lines[4].line duplicate",
                "refund.rail invalid");
        assertThat(issues(sale, lines("{\"line\": 0, \"quantity\": 1}",
                "{\"rail\": \"card\", \"offline_method\": \"card_terminal\"}")))
                .containsExactly("refund.offline_method not_allowed");
        assertThat(issues(sale, lines("{\"line\": 0, \"quantity\": 1}",
                "{\"rail\": \"offline\", \"offline_method\": \"other\"}"))).containsExactly("refund.reference required");
    }

    @Test
    void moneyPaidBackNeedsARefundAndAReturnPayingNothingBackTakesNone() {
        String sale = sale();
        Invoice unpaid = issued.issue(caller, new IssuedInvoices.Issue(customer, "GBP", Invoice.SOURCE_SHOP, null,
                null, List.of(IssuedInvoices.line("product", "Archive box", 2, 345, "standard_20", boxes)),
                0, Invoice.OFFLINE, LocalDate.now())).block();

        assertThat(issues(sale, lines("{\"line\": 0, \"quantity\": 1}", null))).containsExactly("refund required");
        assertThat(issues(unpaid.id().toString(), lines("{\"line\": 0, \"quantity\": 1}", CASH_BACK)))
                .containsExactly("refund not_allowed");
        JsonNode returned = fx.returned(caller, unpaid.id().toString(), lines("{\"line\": 0, \"quantity\": 1}",
                null));
        assertThat(returned.get("refund").isNull()).isTrue();
        assertThat(returned.at("/invoice/amount_due_minor").asLong()).isEqualTo(345);
        assertThat(returned.at("/credit_note/amount_minor").asLong()).isEqualTo(345);
    }

    @Test
    void anOfflineRefundNeedsAnIdempotencyKey() {
        String sale = sale();
        String before = fx.stored(caller);

        assertThat(api.issues(fx.returning(caller, sale, null, lines("{\"line\": 0, \"quantity\": 1}",
                CASH_BACK)))).containsExactly("Idempotency-Key required");
        assertThat(fx.stored(caller)).isEqualTo(before);
    }

    @Test
    void freeProductsAreReturnedWithoutACreditNoteOrARefund() {
        UUID leaflet = fx.product(caller, "unit_price_e4", 0);
        String sale = fx.soldOffline(caller, customer, leaflet, 2).get("id").asString();

        JsonNode returned = fx.returned(caller, sale, lines("{\"line\": 0, \"quantity\": 2}", null));

        assertThat(returned.get("credit_note").isNull()).isTrue();
        assertThat(returned.get("refund").isNull()).isTrue();
        assertThat(returned.at("/invoice/lines/0/returned_quantity").asInt()).isEqualTo(2);
        assertThat(fx.events(caller, "stock.returned")).hasSize(1);
    }

    @Test
    void moneyRefundedOutsideAReturnIsNotPaidBackTwice() {
        String sale = sale();
        String payment = fx.paymentsOf(caller, sale).get(0).get("id").asString();
        fx.payments.action(caller, payment, "refund", "").expectStatus().isOk();

        assertThat(refused(sale, lines("{\"line\": 0, \"quantity\": 1}", CASH_BACK), 409).at("/error/message")
                .asString()).contains("left to pay back");
    }

    @Test
    void anInvoiceThatIsNotAShopSalesIsReturnedNothing() {
        String invoice = fx.openInvoice(caller, customer, 5000);

        assertThat(refused(invoice, lines("{\"line\": 0, \"quantity\": 1}", null), 409).at("/error/message")
                .asString()).contains("Only a shop sale's invoice takes a return");
    }

    @Test
    void anotherAccountsSaleIsNotFound() {
        String sale = sale();

        fx.returning(BillingApi.newAccount(), sale, "return-" + Ids.newId(),
                lines("{\"line\": 0, \"quantity\": 1}", CASH_BACK)).expectStatus().isNotFound();
        fx.returning(caller, "nope", null, lines("{\"line\": 0, \"quantity\": 1}", null))
                .expectStatus().isNotFound();
    }

    @Test
    void aReturnedSalesInvoiceStillRefusesACreditNoteAndAVoid() {
        String sale = sale();
        fx.returned(caller, sale, lines("{\"line\": 0, \"quantity\": 1}", CASH_BACK));

        assertThat(api.errorCode(api.on("/v1/credit-notes").post(caller, """
                {"invoice_id": "%s", "amount_minor": 100}
                """.formatted(sale)), 409)).isEqualTo("conflict");
        assertThat(api.body(api.action(caller, sale, "void", "").expectStatus().isEqualTo(409))
                .at("/error/details/0/issue").asString()).isEqualTo("invoice_shop_sale");
    }
}
