package com.storageplatform.billing.invoice;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.billing.support.Accounts;
import com.storageplatform.billing.support.BillingApi;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.testsupport.PlatformTest;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** {@code /v1/invoices}: drafts with their lines and taxes, validation naming the field, finalize, lists, tenants. */
@PlatformTest
class InvoiceTest {

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    BillingApi api;
    Accounts accounts;
    final Caller caller = BillingApi.newAccount();
    UUID customer;

    @BeforeEach
    void setUp() {
        api = new BillingApi(client, json, "/v1/invoices");
        accounts = new Accounts(db, json);
        customer = accounts.customer(caller);
    }

    String draft(String lines) {
        return """
                {"contact_id": "%s", "currency": "GBP", "lines": %s}
                """.formatted(customer, lines);
    }

    @Test
    void aDraftHasEveryFieldWithItsLinesTotalsAndTaxes() {
        JsonNode invoice = api.create(caller, draft("""
                [{"description": "Unit A12, December", "amount_minor": 12000, "quantity": 1},
                 {"description": "Padlock", "amount_minor": 1050, "quantity": 2, "vat_treatment": "standard_20"},
                 {"description": "Contents insurance", "amount_minor": 1120, "quantity": 1, "kind": "insurance"}]
                """));

        assertThat(invoice.propertyNames()).containsExactly("id", "object", "contact_id", "subscription_id",
                "order_id", "source", "status", "currency", "collection_method", "description", "due_date", "lines",
                "total_minor", "vat_minor", "ipt_minor", "amount_paid_minor", "amount_credited_minor",
                "amount_written_off_minor", "amount_due_minor", "amount_in_flight_minor", "voided_from",
                "void_reason", "write_off_reason", "finalized_at", "paid_at", "voided_at", "written_off_at",
                "created_at", "updated_at");
        assertThat(invoice.get("object").asString()).isEqualTo("invoice");
        assertThat(invoice.get("status").asString()).isEqualTo("draft");
        assertThat(invoice.get("source").asString()).isEqualTo("api");
        assertThat(invoice.get("collection_method").asString()).isEqualTo("offline");
        assertThat(invoice.get("total_minor").asLong()).isEqualTo(12000 + 2100 + 1120);
        // 20/120 of 12000 and of 2100; insurance is exempt from VAT and carries IPT: 12/112 of 1120.
        assertThat(invoice.get("vat_minor").asLong()).isEqualTo(2000 + 350);
        assertThat(invoice.get("ipt_minor").asLong()).isEqualTo(120);
        assertThat(invoice.get("amount_due_minor").asLong()).isEqualTo(15220);
        JsonNode padlock = invoice.get("lines").get(1);
        assertThat(padlock.propertyNames()).containsExactly("kind", "description", "quantity", "amount_minor",
                "total_minor", "vat_treatment", "vat_minor", "ipt_minor", "product_id", "returned_quantity");
        assertThat(padlock.get("total_minor").asLong()).isEqualTo(2100);
        assertThat(invoice.get("lines").get(2).get("vat_treatment").asString()).isEqualTo("exempt");
        assertThat(api.read(caller, invoice.get("id").asString())).isEqualTo(invoice);
        assertThat(accounts.eventTypes(invoice.get("id").asString())).containsExactly("invoice.created");
    }

    @Test
    void everyBadFieldIsNamedInOneAnswer() {
        api.post(caller, """
                {"contact_id": "nope", "currency": "XXQ", "collection_method": "cheque", "due_date": "2026-02-30",
                 "lines": [{"description": "", "amount_minor": -1, "quantity": 0},
                           {"description": "Cover", "amount_minor": 100, "quantity": 1, "kind": "insurance",
                            "vat_treatment": "standard_20"},
                           {"description": "Deposit", "amount_minor": 100, "quantity": 1, "kind": "deposit"}]}
                """)
                .expectStatus().isEqualTo(422)
                .expectBody()
                .jsonPath("$.error.code").isEqualTo("validation_error")
                .jsonPath("$.error.details[?(@.field == 'contact_id')].issue").isEqualTo("invalid")
                .jsonPath("$.error.details[?(@.field == 'currency')].issue").isEqualTo("invalid")
                .jsonPath("$.error.details[?(@.field == 'collection_method')].issue").isEqualTo("invalid")
                .jsonPath("$.error.details[?(@.field == 'due_date')].issue").isEqualTo("invalid")
                .jsonPath("$.error.details[?(@.field == 'lines[0].description')].issue").isEqualTo("required")
                .jsonPath("$.error.details[?(@.field == 'lines[0].amount_minor')].issue").isEqualTo("below_minimum")
                .jsonPath("$.error.details[?(@.field == 'lines[0].quantity')].issue").isEqualTo("below_minimum")
                .jsonPath("$.error.details[?(@.field == 'lines[1].vat_treatment')].issue").isEqualTo("invalid")
                .jsonPath("$.error.details[?(@.field == 'lines[2].kind')].issue").isEqualTo("invalid");
    }

    @Test
    void aCustomerBillingDoesNotKnowIsNotFoundOnContactId() {
        Caller other = BillingApi.newAccount();
        UUID theirs = accounts.customer(other);
        api.post(caller, """
                {"contact_id": "%s", "currency": "GBP", "lines": [{"description": "x", "amount_minor": 1, "quantity": 1}]}
                """.formatted(theirs))
                .expectStatus().isEqualTo(422)
                .expectBody().jsonPath("$.error.details[0].field").isEqualTo("contact_id")
                .jsonPath("$.error.details[0].issue").isEqualTo("not_found");
    }

    @Test
    void theWalkInRecordIsBilledOnlyByAShopSale() {
        UUID walkIn = accounts.walkIn(caller);
        api.post(caller, """
                {"contact_id": "%s", "currency": "GBP", "lines": [{"description": "x", "amount_minor": 1, "quantity": 1}]}
                """.formatted(walkIn))
                .expectStatus().isEqualTo(422)
                .expectBody().jsonPath("$.error.details[0].field").isEqualTo("contact_id")
                .jsonPath("$.error.details[0].issue").isEqualTo("not_allowed");
    }

    @Test
    void finalizingMakesADraftOpenDueInFourteenDaysOnce() {
        String id = api.createId(caller, draft("[{\"description\": \"Fee\", \"amount_minor\": 500, \"quantity\": 1}]"));

        JsonNode open = api.body(api.action(caller, id, "finalize", "{}").expectStatus().isOk()).get("data");

        assertThat(open.get("status").asString()).isEqualTo("open");
        assertThat(open.get("finalized_at").isNull()).isFalse();
        LocalDate today = LocalDate.now(ZoneId.of("Europe/London"));
        assertThat(open.get("due_date").asString()).isEqualTo(today.plusDays(14).toString());
        JsonNode again = api.body(api.action(caller, id, "finalize", "{}").expectStatus().isOk()).get("data");
        assertThat(again).isEqualTo(open);
        assertThat(accounts.eventTypes(id)).containsExactly("invoice.created", "invoice.finalized");
    }

    @Test
    void aDirectDebitInvoiceFallsDueOnAWorkingDay() {
        // Christmas Day 2027 is a Saturday: Monday 27 and Tuesday 28 are the substitute bank holidays.
        String id = api.createId(caller, """
                {"contact_id": "%s", "currency": "GBP", "collection_method": "bacs_dd", "due_date": "2027-12-25",
                 "lines": [{"description": "Fee", "amount_minor": 500, "quantity": 1}]}
                """.formatted(customer));

        assertThat(api.read(caller, id).get("due_date").asString()).isEqualTo("2027-12-29");
    }

    @Test
    void anotherAccountsInvoiceIsNotFound() {
        String id = api.createId(caller, draft("[{\"description\": \"Fee\", \"amount_minor\": 500, \"quantity\": 1}]"));

        api.get(BillingApi.newAccount(), "/" + id).expectStatus().isNotFound();
        api.action(BillingApi.newAccount(), id, "finalize", "{}").expectStatus().isNotFound();
    }

    @Test
    void listsFilterByCustomerAndStatus() {
        String draft = api.createId(caller, draft("[{\"description\": \"A\", \"amount_minor\": 1, \"quantity\": 1}]"));
        String open = api.createId(caller, draft("[{\"description\": \"B\", \"amount_minor\": 1, \"quantity\": 1}]"));
        api.action(caller, open, "finalize", "{}").expectStatus().isOk();

        JsonNode mine = api.body(api.get(caller, "?contact_id=" + customer).expectStatus().isOk());
        assertThat(mine.get("data").findValuesAsString("id")).containsExactly(open, draft);
        JsonNode opened = api.body(api.get(caller, "?status=open").expectStatus().isOk());
        assertThat(opened.get("data").findValuesAsString("id")).containsExactly(open);
        api.get(caller, "?status=late").expectStatus().isBadRequest();
    }
}
