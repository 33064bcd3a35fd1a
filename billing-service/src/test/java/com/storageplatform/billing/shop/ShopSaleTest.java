package com.storageplatform.billing.shop;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.billing.support.BillingApi;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformTest;
import java.time.LocalDate;
import java.time.ZoneId;
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
 * {@code POST /v1/invoices/shop-sales}: products sold at the desk to a customer or the walk-in record, paid at once
 * offline or by card, with a customer's outstanding invoices taken in and paid with the sale.
 */
@PlatformTest
class ShopSaleTest {

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    ShopFixtures fx;
    BillingApi api;
    final Caller caller = BillingApi.newAccount();
    UUID customer;
    UUID walkIn;
    UUID boxes;

    @BeforeEach
    void setUp() {
        fx = new ShopFixtures(client, json, db);
        api = fx.invoices;
        customer = fx.accounts.customer(caller);
        walkIn = fx.accounts.walkIn(caller);
        boxes = fx.product(caller);
    }

    static String offline(UUID contact, UUID product, int quantity) {
        return """
                {"contact_id": "%s", "currency": "GBP", "items": [{"product_id": "%s", "quantity": %d}],
                 "payment": {"rail": "offline", "offline_method": "card_terminal"}}
                """.formatted(contact, product, quantity);
    }

    static String byCard(UUID contact, UUID product, int quantity, String payment) {
        return """
                {"contact_id": "%s", "currency": "GBP", "items": [{"product_id": "%s", "quantity": %d}],
                 "payment": {"rail": "card"%s}}
                """.formatted(contact, product, quantity, payment);
    }

    static String takingIn(UUID contact, UUID product, String payment, String... invoiceIds) {
        return """
                {"contact_id": "%s", "currency": "GBP", "items": [{"product_id": "%s", "quantity": 1}],
                 "invoice_ids": [%s], "payment": %s}
                """.formatted(contact, product, String.join(", ", List.of(invoiceIds).stream()
                .map(id -> "\"" + id + "\"").toList()), payment);
    }

    static final String TERMINAL = "{\"rail\": \"offline\", \"offline_method\": \"card_terminal\"}";

    /** Refused with {@code status}, having written nothing; answers the body. */
    JsonNode refused(String body, int status) {
        String before = fx.stored(caller);
        JsonNode answer = api.body(fx.sale(caller, "sale-" + Ids.newId(), body).expectStatus().isEqualTo(status));
        assertThat(fx.stored(caller)).isEqualTo(before);
        return answer;
    }

    List<String> issues(String body) {
        String before = fx.stored(caller);
        List<String> issues = api.issues(fx.sale(caller, "sale-" + Ids.newId(), body));
        assertThat(fx.stored(caller)).isEqualTo(before);
        return issues;
    }

    @Test
    void aSaleToTheWalkInRecordIsAPaidShopInvoiceOfProductLinesDueToday() {
        UUID padlock = fx.product(caller, "name", "Disc padlock", "price_mode", "fixed", "unit_price_e4", 129900,
                "vat_treatment", "zero", "track_stock", false);

        JsonNode sale = fx.sold(caller, """
                {"contact_id": "%s", "currency": "GBP",
                 "items": [{"product_id": "%s", "quantity": 3}, {"product_id": "%s", "quantity": 2}],
                 "payment": {"rail": "offline", "offline_method": "other", "reference": "Cash, receipt 0042"}}
                """.formatted(walkIn, boxes, padlock));

        assertThat(sale.get("object").asString()).isEqualTo("invoice");
        assertThat(sale.get("source").asString()).isEqualTo("shop");
        assertThat(sale.get("status").asString()).isEqualTo("paid");
        assertThat(sale.get("contact_id").asString()).isEqualTo(walkIn.toString());
        assertThat(sale.get("collection_method").asString()).isEqualTo("offline");
        assertThat(sale.get("due_date").asString())
                .isEqualTo(LocalDate.now(ZoneId.of("Europe/London")).toString());
        JsonNode box = sale.get("lines").get(0);
        assertThat(box.get("kind").asString()).isEqualTo("product");
        assertThat(box.get("product_id").asString()).isEqualTo(boxes.toString());
        assertThat(box.get("description").asString()).isEqualTo("Archive box");
        assertThat(box.get("quantity").asInt()).isEqualTo(3);
        assertThat(box.get("amount_minor").asLong()).isEqualTo(345);
        assertThat(box.get("total_minor").asLong()).isEqualTo(1035);
        assertThat(box.get("vat_treatment").asString()).isEqualTo("standard_20");
        assertThat(box.get("vat_minor").asLong()).isEqualTo(173);
        assertThat(box.get("returned_quantity").asInt()).isZero();
        JsonNode lock = sale.get("lines").get(1);
        assertThat(lock.get("amount_minor").asLong()).isEqualTo(1299);
        assertThat(lock.get("total_minor").asLong()).isEqualTo(2598);
        assertThat(lock.get("vat_treatment").asString()).isEqualTo("zero");
        assertThat(lock.get("vat_minor").asLong()).isZero();
        assertThat(sale.get("total_minor").asLong()).isEqualTo(3633);
        assertThat(sale.get("amount_paid_minor").asLong()).isEqualTo(3633);
        assertThat(sale.get("amount_due_minor").asLong()).isZero();
        String id = sale.get("id").asString();
        assertThat(api.read(caller, id)).isEqualTo(sale);
        assertThat(fx.eventTypes(id)).containsExactly("invoice.created", "invoice.finalized", "invoice.paid");
    }

    @Test
    void theSaleIsPaidAtOnceByOnePaymentAnnouncedAsSucceeded() {
        JsonNode sale = fx.sold(caller, """
                {"contact_id": "%s", "currency": "GBP", "items": [{"product_id": "%s", "quantity": 2}],
                 "payment": {"rail": "offline", "offline_method": "other", "reference": "Cash, receipt 0042"}}
                """.formatted(customer, boxes));

        List<JsonNode> payments = fx.paymentsOf(caller, sale.get("id").asString());
        assertThat(payments).hasSize(1);
        JsonNode payment = payments.get(0);
        assertThat(payment.get("direction").asString()).isEqualTo("payment");
        assertThat(payment.get("status").asString()).isEqualTo("succeeded");
        assertThat(payment.get("rail").asString()).isEqualTo("offline");
        assertThat(payment.get("offline_method").asString()).isEqualTo("other");
        assertThat(payment.get("reference").asString()).isEqualTo("Cash, receipt 0042");
        assertThat(payment.get("amount_minor").asLong()).isEqualTo(690);
        assertThat(payment.get("contact_id").asString()).isEqualTo(customer.toString());
        assertThat(fx.eventTypes(payment.get("id").asString())).containsExactly("payment.succeeded");
    }

    @Test
    void eachLineTakesItsStockFromTheShelfThroughStockTaken() {
        UUID tape = fx.product(caller, "name", "Packing tape", "track_stock", false);

        JsonNode sale = fx.sold(caller, """
                {"contact_id": "%s", "currency": "GBP",
                 "items": [{"product_id": "%s", "quantity": 3}, {"product_id": "%s", "quantity": 1}],
                 "payment": %s}
                """.formatted(walkIn, boxes, tape, TERMINAL));

        List<JsonNode> taken = fx.events(caller, "stock.taken");
        assertThat(taken).hasSize(2);
        assertThat(taken.get(0).get("product_id").asString()).isEqualTo(boxes.toString());
        assertThat(taken.get(0).get("quantity").asInt()).isEqualTo(3);
        assertThat(taken.get(0).get("invoice_id").asString()).isEqualTo(sale.get("id").asString());
        assertThat(taken.get(0).get("reason").asString()).isEqualTo("shop_sale");
        assertThat(taken.get(1).get("product_id").asString()).isEqualTo(tape.toString());
    }

    @Test
    void aFixedPriceProductIsPricedForEachOneSold() {
        UUID padlock = fx.product(caller, "price_mode", "fixed", "unit_price_e4", 129900);

        JsonNode line = fx.soldOffline(caller, walkIn, padlock, 4).get("lines").get(0);

        assertThat(line.get("quantity").asInt()).isEqualTo(4);
        assertThat(line.get("amount_minor").asLong()).isEqualTo(1299);
        assertThat(line.get("total_minor").asLong()).isEqualTo(5196);
    }

    @Test
    void productsTheDeskDoesNotSellAreEachNamedOnTheirItemInOneAnswer() {
        UUID notShop = fx.product(caller, "usable_shop", false);
        UUID archived = fx.product(caller, "status", "archived");
        UUID fraction = fx.product(caller, "unit_price_e4", 34567);
        UUID euros = fx.product(caller, "currency", "EUR");
        UUID unknown = Ids.newId();
        UUID otherAccounts = fx.product(BillingApi.newAccount());

        List<String> issues = issues("""
                {"contact_id": "%s", "currency": "GBP",
                 "items": [{"product_id": "%s", "quantity": 1}, {"product_id": "%s", "quantity": 1},
                           {"product_id": "%s", "quantity": 1}, {"product_id": "%s", "quantity": 1},
                           {"product_id": "%s", "quantity": 1}, {"product_id": "%s", "quantity": 1},
                           {"product_id": "%s", "quantity": 1}],
                 "payment": %s}
                """.formatted(walkIn, boxes, notShop, archived, fraction, euros, unknown, otherAccounts, TERMINAL));

        assertThat(issues).containsExactly("items[1].product_id not_allowed", "items[2].product_id not_allowed",
                "items[3].product_id invalid", "items[4].product_id invalid", "items[5].product_id not_found",
                "items[6].product_id not_found");
    }

    @Test
    void everyBadFieldOfTheBodyIsNamedInOneAnswer() {
        assertThat(issues("{}")).containsExactlyInAnyOrder("contact_id required", "currency required",
                "items required", "payment required");
        assertThat(issues("""
                {"contact_id": "nope", "currency": "pounds", "items": [],
                 "invoice_ids": ["nope"], "payment": {"rail": "bacs_dd"}}
                """)).containsExactlyInAnyOrder("contact_id invalid", "currency invalid", "items below_minimum",
                "invoice_ids[0] invalid", "payment.rail invalid");
        assertThat(issues("""
                {"contact_id": "%s", "currency": "GBP",
                 "items": [{"product_id": "%s", "quantity": 0}, {"quantity": 10001}, null],
                 "invoice_ids": ["%s", "%s"],
                 "payment": {"rail": "offline", "offline_method": "standing_order", "card_token": "test_card_visa"}}
                """.formatted(walkIn, boxes, customer, customer))).containsExactlyInAnyOrder(
                "items[0].quantity below_minimum", "items[1].product_id required", "items[1].quantity above_maximum",
                "items[2] required", "invoice_ids[1] duplicate", "payment.offline_method invalid",
                "payment.card_token not_allowed");
        assertThat(issues("""
                {"contact_id": "%s", "currency": "GBP", "items": [{"product_id": "%s", "quantity": 1}],
                 "payment": {"rail": "offline", "offline_method": "other"}}
                """.formatted(walkIn, boxes))).containsExactly("payment.reference required");
        assertThat(issues(byCard(walkIn, boxes, 1, """
                , "offline_method": "card_terminal", "reference": "x", "payment_method_id": "%s",
                  "card_token": "test_card_visa"
                """.formatted(Ids.newId())))).containsExactlyInAnyOrder("payment.offline_method not_allowed",
                "payment.reference not_allowed", "payment.card_token not_allowed");
    }

    @Test
    void aSaleOfMoreThanAHundredItemsIsAboveMaximum() {
        String items = String.join(", ", java.util.Collections.nCopies(101,
                "{\"product_id\": \"" + boxes + "\", \"quantity\": 1}"));

        assertThat(issues("""
                {"contact_id": "%s", "currency": "GBP", "items": [%s], "payment": %s}
                """.formatted(walkIn, items, TERMINAL))).containsExactly("items above_maximum");
    }

    @Test
    void anOfflineSaleNeedsAnIdempotencyKey() {
        String before = fx.stored(caller);

        assertThat(api.issues(fx.sale(caller, null, offline(walkIn, boxes, 1))))
                .containsExactly("Idempotency-Key required");
        assertThat(fx.stored(caller)).isEqualTo(before);
    }

    @Test
    void anOfflineSaleSentAgainWithItsKeyIsSoldOnce() {
        String key = "sale-" + Ids.newId();
        JsonNode first = api.body(fx.sale(caller, key, offline(walkIn, boxes, 2)).expectStatus().isCreated());
        String stored = fx.stored(caller);

        JsonNode again = api.body(fx.sale(caller, key, offline(walkIn, boxes, 2)).expectStatus().isCreated());

        assertThat(again).isEqualTo(first);
        assertThat(fx.stored(caller)).isEqualTo(stored);
    }

    @Test
    void aCustomerBillingDoesNotKnowIsNotFoundOnContactId() {
        UUID otherAccounts = fx.accounts.customer(BillingApi.newAccount());

        assertThat(issues(offline(Ids.newId(), boxes, 1))).containsExactly("contact_id not_found");
        assertThat(issues(offline(otherAccounts, boxes, 1))).containsExactly("contact_id not_found");
    }

    @Test
    void aCardSaleIsChargedThroughTheProviderAndPaid() {
        JsonNode sale = fx.sold(caller, byCard(walkIn, boxes, 2, ", \"card_token\": \"test_card_visa\""));

        assertThat(sale.get("status").asString()).isEqualTo("paid");
        assertThat(sale.get("collection_method").asString()).isEqualTo("card");
        JsonNode payment = fx.paymentsOf(caller, sale.get("id").asString()).get(0);
        assertThat(payment.get("rail").asString()).isEqualTo("card");
        assertThat(payment.get("status").asString()).isEqualTo("succeeded");
        assertThat(payment.get("provider").asString()).isEqualTo("stripe");
        assertThat(payment.get("provider_payment_ref").asString()).startsWith("pi_");
        assertThat(payment.get("payment_method_id").isNull()).isTrue();
        assertThat(payment.get("amount_minor").asLong()).isEqualTo(690);
        assertThat(fx.eventTypes(payment.get("id").asString())).containsExactly("payment.succeeded");
    }

    @Test
    void aCardSaleTakesTheCustomersDefaultCardWhenNoneIsNamed() {
        String card = fx.card(caller, customer, "test_card_visa");

        JsonNode sale = fx.sold(caller, byCard(customer, boxes, 1, ""));

        assertThat(fx.paymentsOf(caller, sale.get("id").asString()).get(0).get("payment_method_id").asString())
                .isEqualTo(card);
    }

    @Test
    void aCustomerWithoutACardOnFileIsRequiredOnPaymentMethodId() {
        assertThat(issues(byCard(walkIn, boxes, 1, ""))).containsExactly("payment.payment_method_id required");
        assertThat(issues(byCard(customer, boxes, 1, ", \"payment_method_id\": \"" + Ids.newId() + "\"")))
                .containsExactly("payment.payment_method_id not_found");
    }

    @Test
    void aCardTokenTheProviderWillNotTakeIsInvalidOnPaymentCardToken() {
        assertThat(issues(byCard(walkIn, boxes, 1, ", \"card_token\": \"tok_unknown\"")))
                .containsExactly("payment.card_token invalid");
    }

    @Test
    void aDeclinedCardIsRefusedWithCardDeclinedAndNothingIsWritten() {
        String invoice = fx.openInvoice(caller, customer, 5000);

        JsonNode error = refused(takingIn(customer, boxes, "{\"rail\": \"card\", \"card_token\": "
                + "\"test_card_declined\"}", invoice), 409).get("error");

        assertThat(error.get("code").asString()).isEqualTo("conflict");
        assertThat(error.get("details").get(0).get("issue").asString()).isEqualTo("card_declined");
        assertThat(error.get("message").asString()).contains("declined", "nothing was sold");
        assertThat(fx.inSale(invoice)).isNull();
    }

    @Test
    void aCardAskingForStepUpIsRefusedAtTheDeskWithCardRequiresActionAndNothingIsWritten() {
        fx.card(caller, customer, "test_card_requires_action");

        JsonNode error = refused(byCard(customer, boxes, 1, ""), 409).get("error");

        assertThat(error.get("details").get(0).get("issue").asString()).isEqualTo("card_requires_action");
        assertThat(error.get("message").asString()).contains("card terminal");
    }

    @Test
    void aCardSaleUnderTheCardMinimumIsBelowMinimum() {
        UUID sweets = fx.product(caller, "unit_price_e4", 2000);
        String small = fx.openInvoice(caller, customer, 20);

        assertThat(issues(byCard(walkIn, sweets, 1, ", \"card_token\": \"test_card_visa\"")))
                .containsExactly("items below_minimum");
        assertThat(issues(takingIn(customer, boxes, "{\"rail\": \"card\", \"card_token\": \"test_card_visa\"}",
                small))).containsExactly("invoice_ids[0] below_minimum");
        assertThat(fx.soldOffline(caller, walkIn, sweets, 1).get("status").asString()).isEqualTo("paid");
    }

    @Test
    void aSaleOfFreeProductsIsPaidWithoutAPayment() {
        UUID leaflet = fx.product(caller, "unit_price_e4", 0);

        JsonNode sale = fx.sold(caller, byCard(walkIn, leaflet, 2, ", \"card_token\": \"test_card_visa\""));

        assertThat(sale.get("status").asString()).isEqualTo("paid");
        assertThat(sale.get("total_minor").asLong()).isZero();
        assertThat(fx.paymentsOf(caller, sale.get("id").asString())).isEmpty();
        assertThat(fx.eventTypes(sale.get("id").asString()))
                .containsExactly("invoice.created", "invoice.finalized", "invoice.paid");
    }

    @Test
    void aCustomersOutstandingInvoicesAreTakenInAndEachIsPaidByAPaymentOfItsOwn() {
        String december = fx.openInvoice(caller, customer, 12000);
        String january = fx.openInvoice(caller, customer, 12000);
        fx.payOffline(caller, january, 2000);

        JsonNode sale = fx.sold(caller, takingIn(customer, boxes, TERMINAL, december, january));

        assertThat(sale.get("status").asString()).isEqualTo("paid");
        assertThat(sale.get("total_minor").asLong()).isEqualTo(345);
        JsonNode paidDecember = api.read(caller, december);
        assertThat(paidDecember.get("status").asString()).isEqualTo("paid");
        assertThat(paidDecember.get("amount_paid_minor").asLong()).isEqualTo(12000);
        JsonNode paidJanuary = api.read(caller, january);
        assertThat(paidJanuary.get("status").asString()).isEqualTo("paid");
        assertThat(paidJanuary.get("amount_paid_minor").asLong()).isEqualTo(12000);
        JsonNode debt = fx.paymentsOf(caller, december).get(0);
        assertThat(debt.get("amount_minor").asLong()).isEqualTo(12000);
        assertThat(debt.get("rail").asString()).isEqualTo("offline");
        assertThat(debt.get("offline_method").asString()).isEqualTo("card_terminal");
        assertThat(fx.paymentsOf(caller, january)).hasSize(2);
        assertThat(fx.paymentsOf(caller, january).get(1).get("amount_minor").asLong()).isEqualTo(10000);
        assertThat(fx.eventTypes(december)).endsWith("invoice.paid");
        assertThat(fx.eventTypes(debt.get("id").asString())).containsExactly("payment.succeeded");
        assertThat(fx.inSale(december)).isNull();
        assertThat(fx.inSale(january)).isNull();
    }

    @Test
    void aCardSaleChargesTheCardOncePerInvoice() {
        String card = fx.card(caller, customer, "test_card_visa");
        String december = fx.openInvoice(caller, customer, 12000);

        JsonNode sale = fx.sold(caller, takingIn(customer, boxes, "{\"rail\": \"card\"}", december));

        JsonNode forSale = fx.paymentsOf(caller, sale.get("id").asString()).get(0);
        JsonNode forDebt = fx.paymentsOf(caller, december).get(0);
        assertThat(forSale.get("amount_minor").asLong()).isEqualTo(345);
        assertThat(forDebt.get("amount_minor").asLong()).isEqualTo(12000);
        assertThat(forDebt.get("payment_method_id").asString()).isEqualTo(card);
        assertThat(forDebt.get("provider_payment_ref").asString())
                .isNotEqualTo(forSale.get("provider_payment_ref").asString());
        assertThat(api.read(caller, december).get("status").asString()).isEqualTo("paid");
    }

    @Test
    void anInvoiceTakenInMustBeTheAccountsAndTheCustomersAndInTheSalesCurrency() {
        String otherCustomers = fx.openInvoice(caller, fx.accounts.customer(caller), 5000);
        Caller other = BillingApi.newAccount();
        String otherAccounts = fx.openInvoice(other, fx.accounts.customer(other), 5000);
        String euros = api.createId(caller, """
                {"contact_id": "%s", "currency": "EUR",
                 "lines": [{"description": "Unit A12, December", "amount_minor": 5000, "quantity": 1}]}
                """.formatted(customer));
        api.action(caller, euros, "finalize", "").expectStatus().isOk();

        assertThat(issues(takingIn(customer, boxes, TERMINAL, otherAccounts, otherCustomers, euros,
                Ids.newId().toString()))).containsExactly("invoice_ids[0] not_found", "invoice_ids[1] invalid",
                "invoice_ids[2] invalid", "invoice_ids[3] not_found");
    }

    @Test
    void theWalkInRecordTakesNoInvoicesIn() {
        String invoice = fx.openInvoice(caller, customer, 5000);

        assertThat(issues(takingIn(walkIn, boxes, TERMINAL, invoice))).containsExactly("invoice_ids not_allowed");
    }

    @Test
    void anInvoiceThatCannotBePaidIsNotTakenIn() {
        String draft = api.createId(caller, """
                {"contact_id": "%s", "currency": "GBP",
                 "lines": [{"description": "Unit A12", "amount_minor": 5000, "quantity": 1}]}
                """.formatted(customer));
        String paid = fx.openInvoice(caller, customer, 5000);
        fx.sold(caller, takingIn(customer, boxes, TERMINAL, paid));
        String voided = fx.openInvoice(caller, customer, 5000);
        api.action(caller, voided, "void", "").expectStatus().isOk();

        for (String invoice : List.of(draft, paid, voided)) {
            JsonNode error = refused(takingIn(customer, boxes, TERMINAL, invoice), 409).get("error");
            assertThat(error.get("code").asString()).isEqualTo("conflict");
            assertThat(error.get("message").asString()).contains("only an open, partially paid or overdue");
        }
    }

    @Test
    void anInvoiceWrittenOffIsNotTakenIn() {
        String invoice = fx.openInvoice(caller, customer, 5000);
        api.action(caller, invoice, "write-off", "{\"reason\": \"Gone away\"}").expectStatus().isOk();

        assertThat(refused(takingIn(customer, boxes, TERMINAL, invoice), 409).at("/error/message").asString())
                .contains("written off");
    }

    @Test
    void anInvoiceInAnotherSaleIsNotTakenIn() {
        String invoice = fx.openInvoice(caller, customer, 5000);
        db.sql("UPDATE invoices SET in_sale_id = :sale WHERE id = :id").bind("sale", Ids.newId())
                .bind("id", UUID.fromString(invoice)).then().block();

        assertThat(refused(takingIn(customer, boxes, TERMINAL, invoice), 409).at("/error/message").asString())
                .contains("in another sale");
    }

    @Test
    void anInvoiceWithACollectionInProgressIsNotTakenIn() {
        String invoice = fx.openInvoice(caller, customer, 5000);
        db.sql("UPDATE invoices SET in_flight_minor = 5000 WHERE id = :id").bind("id", UUID.fromString(invoice))
                .then().block();

        assertThat(refused(takingIn(customer, boxes, TERMINAL, invoice), 409).at("/error/message").asString())
                .contains("collection", "in progress");
    }

    @Test
    void aDebtInASaleRefusesAVoidWithInvoiceDebtInSale() {
        // Within this issue a sale takes a debt in and pays it in one transaction, so no request ever leaves a
        // debt in a sale: the state the collections' lien sale will hold open is set here directly.
        String invoice = fx.openInvoice(caller, customer, 5000);
        db.sql("UPDATE invoices SET in_sale_id = :sale WHERE id = :id").bind("sale", Ids.newId())
                .bind("id", UUID.fromString(invoice)).then().block();

        JsonNode error = api.body(api.action(caller, invoice, "void", "").expectStatus().isEqualTo(409))
                .get("error");

        assertThat(error.at("/details/0/issue").asString()).isEqualTo("invoice_debt_in_sale");
    }

    @Test
    void aShopSalesInvoiceRefusesACreditNoteAndAVoid() {
        String sale = fx.soldOffline(caller, customer, boxes, 2).get("id").asString();
        String before = fx.stored(caller);

        assertThat(api.errorMessage(api.on("/v1/credit-notes").post(caller, """
                {"invoice_id": "%s", "amount_minor": 100}
                """.formatted(sale)), 409, "conflict")).contains("return its items");
        JsonNode error = api.body(api.action(caller, sale, "void", "").expectStatus().isEqualTo(409)).get("error");
        assertThat(error.at("/details/0/issue").asString()).isEqualTo("invoice_shop_sale");
        assertThat(fx.stored(caller)).isEqualTo(before);
    }
}
