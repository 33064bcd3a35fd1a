package com.storageplatform.billing.openingbalance;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.billing.support.Accounts;
import com.storageplatform.billing.support.BillingApi;
import com.storageplatform.billing.support.Invoicing;
import com.storageplatform.billing.support.TimeTravel;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.CallerTokenSigner;
import com.storageplatform.kit.caller.Pem;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.ResourceApi;
import com.storageplatform.kit.testsupport.TestCallers;
import com.storageplatform.kit.time.PlatformClock;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code POST /internal/v1/opening-balances}: commerce's import batches invoiced as billing issues its own invoices,
 * all or none, once per (account, import key, row), for the service token's account only; a past due date is
 * overdue at the next sweep and opens a collections case.
 */
@PlatformTest
class OpeningBalanceTest {

    static final LocalDate TODAY = LocalDate.of(2027, 3, 10);

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    @Autowired
    PlatformClock clock;

    Accounts accounts;
    Invoicing invoicing;
    TimeTravel time;
    final Caller caller = BillingApi.newAccount();
    final String key = "b".repeat(56) + Ids.newId().toString().substring(0, 8);
    UUID customer;

    @BeforeEach
    void setUp() {
        client = client.mutate().responseTimeout(Duration.ofSeconds(30)).build();
        accounts = new Accounts(db, json);
        invoicing = new Invoicing(client, json, db);
        time = new TimeTravel(clock);
        accounts.settings(caller, "{}");
        customer = accounts.customer(caller);
    }

    @AfterEach
    void realTime() {
        time.back();
    }

    @Test
    void aDryRunNamesEachRowsProblemsByColumnAndWritesNothing() {
        JsonNode answer = data(send(caller, batch(true,
                balance(2, "\"not-an-id\"", 1250, "\"GBP\"", "\"2026-11-01\""),
                balance(3, quoted(customer), 0, "\"GBP\"", "\"2026-11-01\""),
                balance(4, quoted(customer), -5, "\"GBP\"", "\"2026-11-01\""),
                balance(5, quoted(customer), 1250, "\"ZZZ\"", "\"2026-11-01\""),
                balance(6, quoted(customer), 1250, "\"gbp\"", "\"2026-11-01\""),
                balance(7, quoted(customer), 1250, null, "\"2026-11-01\""),
                balance(8, quoted(customer), 1250, "\"GBP\"", "\"01/11/2026\""),
                balance(9, quoted(customer), 1250, "\"GBP\"", "\"2026-02-30\""),
                balance(10, quoted(customer), 1250, "\"GBP\"", null),
                balance(11, null, 1250, "\"GBP\"", "\"2026-11-01\""),
                """
                {"row": 12, "contact_id": "%s", "agreement_id": "A-12", "site_id": "x", "amount_minor": null,
                 "currency": "GBP", "due_date": "2026-11-01", "description": "%s"}
                """.formatted(customer, "d".repeat(501)),
                balance(13, quoted(customer), 1250, "\"EUR\"", "\"2026-11-01\""))));

        assertThat(problems(answer)).containsExactly(
                "2 contact_id invalid", "3 amount_minor below_minimum", "4 amount_minor below_minimum",
                "5 currency invalid", "6 currency invalid", "7 currency required", "8 due_date invalid",
                "9 due_date invalid", "10 due_date required", "11 contact_id required", "12 agreement_id invalid",
                "12 site_id invalid", "12 amount_minor required", "12 description too_long");
        assertThat(answer.get("object").asString()).isEqualTo("opening_balance_batch");
        assertThat(answer.get("invoices").isEmpty()).isTrue();
        assertThat(answer.at("/problems/4/message").asString())
                .isEqualTo("The currency is not an ISO 4217 code (such as GBP).");
        assertThat(invoiceIds(caller)).isEmpty();
        assertThat(keyedRows()).isZero();

        JsonNode clean = data(send(caller, batch(true, balance(2, quoted(customer), 1250, "\"GBP\"",
                "\"2026-11-01\""))));
        assertThat(clean.get("problems").isEmpty()).isTrue();
        assertThat(clean.get("invoices").isEmpty()).isTrue();
        assertThat(invoiceIds(caller)).isEmpty();
    }

    @Test
    void aRealBatchIssuesEachBalanceAsAnOpenImportedInvoiceWithItsEvents() {
        UUID stranger = Ids.newId();
        UUID agreement = Ids.newId();
        UUID site = Ids.newId();
        JsonNode answer = data(send(caller, batch(false,
                """
                {"row": 2, "contact_id": "%s", "agreement_id": "%s", "site_id": "%s", "amount_minor": 1250,
                 "currency": "GBP", "due_date": "2026-11-01", "description": "Arrears, unit A12"}
                """.formatted(customer, agreement, site),
                balance(3, quoted(stranger), 99, "\"GBP\"", "\"2030-01-31\""))));

        assertThat(answer.get("problems").isEmpty()).isTrue();
        assertThat(answer.at("/invoices/0/row").asInt()).isEqualTo(2);
        assertThat(answer.at("/invoices/0/created").asBoolean()).isTrue();
        String id = answer.at("/invoices/0/id").asString();
        JsonNode invoice = invoicing.read(caller, id);
        assertThat(invoice.get("status").asString()).isEqualTo("open");
        assertThat(invoice.get("source").asString()).isEqualTo("import");
        assertThat(invoice.get("contact_id").asString()).isEqualTo(customer.toString());
        assertThat(invoice.get("currency").asString()).isEqualTo("GBP");
        assertThat(invoice.get("collection_method").asString()).isEqualTo("offline");
        assertThat(invoice.get("due_date").asString()).isEqualTo("2026-11-01");
        assertThat(invoice.get("amount_due_minor").asLong()).isEqualTo(1250);
        assertThat(invoice.get("vat_minor").asLong()).isZero();
        assertThat(invoice.get("lines").size()).isEqualTo(1);
        assertThat(invoice.at("/lines/0/description").asString()).isEqualTo("Arrears, unit A12");
        assertThat(invoice.at("/lines/0/vat_treatment").asString()).isEqualTo("outside_scope");
        assertThat(accounts.eventTypes(id)).containsExactly("invoice.created", "invoice.finalized");
        // A customer commerce has just created, not yet in billing's contacts, is billed as given.
        JsonNode second = invoicing.read(caller, answer.at("/invoices/1/id").asString());
        assertThat(second.get("contact_id").asString()).isEqualTo(stranger.toString());
        assertThat(second.at("/lines/0/description").asString()).isEqualTo("Opening balance");
        assertThat(db.sql("""
                SELECT agreement_id, site_id FROM opening_balance_rows WHERE account_id = :a AND row = 2
                """).bind("a", caller.accountId())
                .map(row -> row.get("agreement_id", UUID.class) + " " + row.get("site_id", UUID.class)).one().block())
                .isEqualTo(agreement + " " + site);
    }

    @Test
    void aBatchWithOneBadRowWritesNothing() {
        JsonNode answer = data(send(caller, batch(false,
                balance(2, quoted(customer), 1250, "\"GBP\"", "\"2026-11-01\""),
                balance(3, quoted(customer), 1250, "\"GBP\"", "\"1/11/2026\""),
                balance(4, quoted(customer), 1250, "\"GBP\"", "\"2026-11-01\""))));

        assertThat(problems(answer)).containsExactly("3 due_date invalid");
        assertThat(answer.get("invoices").isEmpty()).isTrue();
        assertThat(invoiceIds(caller)).isEmpty();
        assertThat(keyedRows()).isZero();
    }

    @Test
    void aRerunOfTheSameKeyWritesNothingAndAnswersTheSameInvoices() {
        String rows = batch(false, balance(2, quoted(customer), 1250, "\"GBP\"", "\"2026-11-01\""),
                balance(3, quoted(customer), 700, "\"GBP\"", "\"2026-12-01\""));
        JsonNode first = data(send(caller, rows));

        JsonNode again = data(send(caller, rows));

        assertThat(again.at("/invoices/0/id")).isEqualTo(first.at("/invoices/0/id"));
        assertThat(again.at("/invoices/1/id")).isEqualTo(first.at("/invoices/1/id"));
        assertThat(again.at("/invoices/0/created").asBoolean()).isFalse();
        assertThat(again.at("/invoices/1/created").asBoolean()).isFalse();
        assertThat(invoiceIds(caller)).hasSize(2);
        assertThat(accounts.eventTypes(first.at("/invoices/0/id").asString()))
                .containsExactly("invoice.created", "invoice.finalized");

        JsonNode grown = data(send(caller, batch(false,
                balance(3, quoted(customer), 700, "\"GBP\"", "\"2026-12-01\""),
                balance(4, quoted(customer), 300, "\"GBP\"", "\"2026-12-01\""))));
        assertThat(grown.at("/invoices/0/created").asBoolean()).isFalse();
        assertThat(grown.at("/invoices/1/created").asBoolean()).isTrue();
        assertThat(invoiceIds(caller)).hasSize(3);
    }

    @Test
    void anotherAccountsKeyNeverResolves() {
        JsonNode mine = data(send(caller, batch(false, balance(2, quoted(customer), 1250, "\"GBP\"",
                "\"2026-11-01\""))));
        Caller stranger = BillingApi.newAccount();
        accounts.settings(stranger, "{}");
        UUID theirs = accounts.customer(stranger);

        JsonNode other = data(send(stranger, batch(false, balance(2, quoted(theirs), 500, "\"GBP\"",
                "\"2026-11-01\""))));

        assertThat(other.at("/invoices/0/created").asBoolean()).isTrue();
        assertThat(other.at("/invoices/0/id")).isNotEqualTo(mine.at("/invoices/0/id"));
        assertThat(invoiceIds(stranger)).containsExactly(other.at("/invoices/0/id").asString());
        assertThat(invoiceIds(caller)).containsExactly(mine.at("/invoices/0/id").asString());
        invoicing.invoices().get(stranger, "/" + mine.at("/invoices/0/id").asString()).expectStatus().isNotFound();
    }

    @Test
    void aBalanceDueInThePastIsOverdueAtTheNextSweepAndOpensACollectionsCase() {
        time.to(TODAY);
        JsonNode answer = data(send(caller, batch(false, balance(2, quoted(customer), 4200, "\"GBP\"",
                "\"" + TODAY.minusDays(30) + "\""))));
        String id = answer.at("/invoices/0/id").asString();
        assertThat(invoicing.read(caller, id).get("status").asString()).isEqualTo("open");

        invoicing.runJob("invoice-overdue");

        assertThat(invoicing.read(caller, id).get("status").asString()).isEqualTo("overdue");
        BillingApi cases = new BillingApi(client, json, "/v1/collections-cases");
        ResourceApi.eventually(() -> !cases.listedIds(caller, "?status=open&contact_id=" + customer).isEmpty());
        JsonNode open = cases.read(caller, cases.listedIds(caller, "?status=open&contact_id=" + customer).get(0));
        assertThat(open.get("amount_overdue_minor").asLong()).isEqualTo(4200);
        assertThat(open.get("oldest_due_date").asString()).isEqualTo(TODAY.minusDays(30).toString());
        assertThat(open.get("overdue_invoice_ids").values()).extracting(JsonNode::asString).containsExactly(id);
    }

    @Test
    void theBatchItselfMustBeWellFormed() {
        assertThat(invoicing.invoices().issues(send(caller, "{}"), 422))
                .containsExactlyInAnyOrder("import_key required", "dry_run required", "balances required");
        assertThat(invoicing.invoices().issues(send(caller, batch(true,
                balance(1, quoted(customer), 1, "\"GBP\"", "\"2026-11-01\""),
                balance(3, quoted(customer), 1, "\"GBP\"", "\"2026-11-01\""),
                balance(3, quoted(customer), 1, "\"GBP\"", "\"2026-11-01\""))), 422))
                .containsExactlyInAnyOrder("balances[0].row below_minimum", "balances[2].row duplicate");
        List<String> many = new ArrayList<>();
        for (int row = 2; row <= 502; row++) {
            many.add(balance(row, quoted(customer), 1, "\"GBP\"", "\"2026-11-01\""));
        }
        assertThat(invoicing.invoices().issues(send(caller, batch(true, many.toArray(String[]::new))), 422))
                .containsExactly("balances above_maximum");
    }

    @Test
    void onlyAPeerServicesTokenIsAnsweredAndItIsNoCredentialForTheApi() {
        String body = batch(false, balance(2, quoted(customer), 1250, "\"GBP\"", "\"2026-11-01\""));

        client.post().uri(OpeningBalanceResource.PATH).contentType(MediaType.APPLICATION_JSON).bodyValue(body)
                .exchange().expectStatus().isUnauthorized();
        assertThat(invoicing.invoices().errorCode(client.post().uri(OpeningBalanceResource.PATH)
                .header("Authorization", TestCallers.bearer(caller)).contentType(MediaType.APPLICATION_JSON)
                .bodyValue(body).exchange(), 404)).isEqualTo("not_found");
        client.get().uri("/v1/invoices").header("Authorization", serviceToken(caller)).exchange()
                .expectStatus().isUnauthorized();
        assertThat(invoiceIds(caller)).isEmpty();
    }

    /** The Authorization header commerce's import sends: the service token for the account, no scopes. */
    static String serviceToken(Caller caller) {
        Caller account = Caller.actingFor(caller.accountId(), caller.operatorId(), caller.environment(),
                "commerce:imports", null);
        return "Bearer " + new CallerTokenSigner(Pem.privateKey(TestCallers.servicePrivateKeyPem()))
                .signForAccount(account, "commerce");
    }

    WebTestClient.ResponseSpec send(Caller as, String body) {
        return client.post().uri(OpeningBalanceResource.PATH).header("Authorization", serviceToken(as))
                .contentType(MediaType.APPLICATION_JSON).bodyValue(body).exchange();
    }

    JsonNode data(WebTestClient.ResponseSpec response) {
        return invoicing.invoices().body(response.expectStatus().isOk()).get("data");
    }

    String batch(boolean dryRun, String... balances) {
        return "{\"import_key\": \"%s\", \"dry_run\": %s, \"balances\": [%s]}".formatted(key, dryRun,
                String.join(", ", balances));
    }

    static String balance(int row, String contact, long amountMinor, String currency, String dueDate) {
        return """
                {"row": %d, "contact_id": %s, "agreement_id": null, "site_id": null, "amount_minor": %d,
                 "currency": %s, "due_date": %s, "description": null}
                """.formatted(row, contact, amountMinor, currency, dueDate);
    }

    static String quoted(UUID id) {
        return "\"" + id + "\"";
    }

    static List<String> problems(JsonNode answer) {
        return answer.get("problems").valueStream().map(problem -> problem.get("row").asInt() + " "
                + problem.get("column").asString() + " " + problem.get("issue").asString()).toList();
    }

    List<String> invoiceIds(Caller as) {
        return invoicing.invoices().listedIds(as, "?limit=100");
    }

    long keyedRows() {
        return db.sql("SELECT count(*) AS n FROM opening_balance_rows WHERE account_id = :account_id")
                .bind("account_id", caller.accountId()).map(row -> row.get("n", Long.class)).one().block();
    }
}
