package com.storageplatform.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.devstack.DevStack;
import com.storageplatform.kit.testsupport.WebhookReceiver;
import java.net.URI;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Collections through the gateway on the devstack: a customer misses a payment and goes through every step of the
 * operator's dunning ladder (a reminder, a late fee, an overlock the lock system confirms, the final notice) as
 * the admin clock moves day by day, a lien sale of the unit's goods is opened, then pays and is unlocked (the sale
 * closing as paid): billing's arrears case, overlock and sale, compliance's lock and credentials, crm's emails,
 * every public event a signed webhook. The case and the sale exist only here, so this test also checks that no
 * other account, and no key restricted to another site, reaches them (the tenancy matrix names it for them).
 */
class CollectionsJourneysE2E {

    static final List<String> SCOPES = List.of("sites:read", "sites:write", "units:read", "units:write",
            "contacts:read", "contacts:write", "agreements:read", "agreements:write", "billing:read",
            "billing:write", "access:read", "messages:read", "webhooks:read", "webhooks:write", "events:read");
    static final Duration WAIT = Duration.ofSeconds(60);
    static final long DAY = 24 * 3600;

    private final DevStack stack = Stack.get();

    @Test
    void aCustomerGoesThroughEveryDunningStepToAnOverlockThenPaysAndIsUnlocked() {
        Account account = Account.create(stack, "Arrears Storage", SCOPES);
        Admin admin = new Admin(stack);
        try (WebhookReceiver receiver = new WebhookReceiver()) {
            JsonNode endpoint = account.created("/v1/webhooks", """
                    {"url": "%s", "enabled_events": ["dunning.*", "overlock.*", "access_credential.*"]}
                    """.formatted(receiver.url()));
            String site = account.site("Quay Street");
            String unit = account.unit(site, account.unitType(site, "25 sq ft", 3500), "Q7");
            String contact = account.createdId("/v1/contacts", """
                    {"first_name": "Owen", "last_name": "Price", "email": "owen@example.com"}
                    """);

            // A signed licence: the gate code is issued, and billing knows the agreement holds the unit.
            String agreement = CommerceEvents.eventually(() -> account.post("/v1/agreements",
                    "{\"contact_id\": \"%s\", \"unit_id\": \"%s\"}".formatted(contact, unit)),
                    r -> r.status() != 422).data().path("id").asString();
            assertThat(account.post("/v1/agreements/" + agreement + "/sign", "{}").status()).isEqualTo(200);
            List<String> credentials = CommerceEvents.eventually(
                    () -> account.listed("/v1/access-credentials?agreement_id=" + agreement), l -> !l.isEmpty());
            assertThat(credentials).hasSize(1);
            String credential = credentials.get(0);

            // An invoice the customer does not pay, due 14 days after it is finalized.
            String draft = CommerceEvents.eventually(() -> account.post("/v1/invoices", """
                    {"contact_id": "%s", "currency": "GBP", "collection_method": "offline",
                     "lines": [{"description": "Unit Q7, December", "amount_minor": 3500, "quantity": 1}]}
                    """.formatted(contact)), r -> r.status() != 422).data().path("id").asString();
            JsonNode invoice = ok(account.post("/v1/invoices/" + draft + "/finalize", "{}"));
            LocalDate due = LocalDate.parse(invoice.path("due_date").asString());
            LocalDate today = LocalDate.parse(invoice.path("created_at").asString().substring(0, 10));
            long daysToDue = due.toEpochDay() - today.toEpochDay();

            try {
                // The day after the due date: overdue, and the customer's arrears case opens.
                moveTo(admin, daysToDue + 1);
                runJob("invoice-overdue");
                JsonNode opened = CommerceEvents.eventually(() -> account.get("/v1/collections-cases?contact_id="
                        + contact).data(), list -> list.size() == 1);
                assertThat(opened.size()).as(opened.toString()).isEqualTo(1);
                String caseId = opened.get(0).path("id").asString();
                assertThat(opened.get(0).path("amount_overdue_minor").asLong()).isEqualTo(3500);

                // The default ladder: a reminder at 3 days, a late fee at 7, an overlock at 14, the final notice at 21.
                for (long days : List.of(3L, 7L, 14L, 21L)) {
                    moveTo(admin, daysToDue + days);
                    runJob("dunning");
                }
                JsonNode dunned = account.read("/v1/collections-cases/" + caseId);
                assertThat(dunned.path("dunning").path("action").asString()).isEqualTo("final_notice");
                String overlock = dunned.path("overlock_id").asString();
                JsonNode applied = CommerceEvents.eventually(() -> account.read("/v1/overlocks/" + overlock),
                        o -> o.path("status").asString().equals("applied"));
                assertThat(applied.path("status").asString()).as(applied.toString()).isEqualTo("applied");
                assertThat(applied.path("unit_id").asString()).isEqualTo(unit);
                assertThat(CommerceEvents.eventually(() -> account.read("/v1/access-credentials/" + credential),
                        c -> c.path("status").asString().equals("suspended")).path("reason").asString())
                        .isEqualTo("overlock");
                // The late fee is billed at once on an invoice of its own: the customer has no plan.
                JsonNode invoices = account.get("/v1/invoices?contact_id=" + contact).data();
                assertThat(invoices.size()).as(invoices.toString()).isEqualTo(2);

                // The ladder's last step is taken: a lien sale of the unit's goods may be opened. Only now do an
                // arrears case and a sale exist, so their tenancy is checked here rather than in the matrix.
                JsonNode sale = account.created("/v1/sale-processes", "{\"agreement_id\": \"%s\"}"
                        .formatted(agreement));
                assertThat(sale.path("status").asString()).isEqualTo("open");
                neitherReachedFromOutside(admin, account, contact, agreement, caseId, sale);

                // The customer pays what is overdue: the case closes and the unit is unlocked.
                // Money taken at the desk is final at once, so its request carries an Idempotency-Key.
                Http.Response paid = Http.send(HttpRequest.newBuilder(URI.create(account.url("/v1/payments")))
                        .header("Authorization", "Bearer " + account.key)
                        .header("Content-Type", "application/json")
                        .header("Idempotency-Key", UUID.randomUUID().toString())
                        .POST(HttpRequest.BodyPublishers.ofString("""
                                {"rail": "offline", "offline_method": "card_terminal", "invoice_id": "%s",
                                 "amount_minor": 3500, "currency": "GBP"}
                                """.formatted(draft))));
                assertThat(paid.status()).as(paid.body().toString()).isEqualTo(201);
                JsonNode closed = CommerceEvents.eventually(() -> account.read("/v1/collections-cases/" + caseId),
                        c -> c.path("status").asString().equals("closed"));
                assertThat(closed.path("closed_reason").asString()).as(closed.toString()).isEqualTo("paid");
                JsonNode settled = CommerceEvents.eventually(() -> account.read("/v1/sale-processes/"
                        + sale.path("id").asString()), p -> p.path("status").asString().equals("closed"));
                assertThat(settled.path("closed_reason").asString()).as(settled.toString()).isEqualTo("paid");
                assertThat(CommerceEvents.eventually(() -> account.read("/v1/overlocks/" + overlock),
                        o -> o.path("status").asString().equals("released")).path("status").asString())
                        .isEqualTo("released");
                assertThat(CommerceEvents.eventually(() -> account.read("/v1/access-credentials/" + credential),
                        c -> c.path("status").asString().equals("active")).path("status").asString())
                        .isEqualTo("active");
            } finally {
                admin.moveClock(0);
            }

            // crm emailed the reminder and the final notice from dunning.advanced.
            JsonNode messages = CommerceEvents.eventually(() -> account.get("/v1/messages?contact_id=" + contact)
                    .data(), list -> templates(list).containsAll(List.of("dunning_reminder", "dunning_final_notice")));
            assertThat(templates(messages)).contains("dunning_reminder", "dunning_final_notice");

            List<String> expected = List.of("access_credential.created", "dunning.advanced", "overlock.applied",
                    "access_credential.suspended", "dunning.resolved", "overlock.released");
            List<String> delivered = Webhooks.deliveredTypes(receiver, endpoint.path("secret").asString(), expected,
                    WAIT);
            assertThat(delivered).containsAll(expected);
            assertThat(delivered.stream().filter("dunning.advanced"::equals).count()).as(delivered.toString())
                    .isEqualTo(4);
            assertThat(delivered.stream().filter("overlock.applied"::equals).count()).isEqualTo(1);
            assertThat(delivered.stream().filter("overlock.released"::equals).count()).isEqualTo(1);
            // What billing and compliance tell each other about the lock never leaves the platform.
            assertThat(delivered).doesNotContain("overlock.requested", "overlock.release_requested",
                    "access_lock.confirmed");
        }
    }

    /**
     * The arrears case and the sale process are the account's alone: the same operator's live account and another
     * operator's test and live accounts get 404 {@code not_found} for each by id (read, close, sell) and find
     * neither in a list or a filter naming the customer or the agreement; a key of the account restricted to
     * another site gets 404 for the sale (docs/api/collections.md) and finds it in no list, while it reads the case,
     * which is the customer's and names no site. Nothing changes.
     */
    private void neitherReachedFromOutside(Admin admin, Account account, String contact, String agreement,
                                           String caseId, JsonNode sale) {
        String saleId = sale.path("id").asString();
        String close = "{\"reason\": \"withdrawn\"}";
        String sell = "{\"sold_on\": \"%s\", \"proceeds_minor\": 100}".formatted(sale.path("sale_date").asString());
        List<String> byId = List.of("GET /v1/collections-cases/" + caseId, "GET /v1/sale-processes/" + saleId,
                "POST /v1/sale-processes/" + saleId + "/close", "POST /v1/sale-processes/" + saleId + "/sell");
        List<String> lists = List.of("/v1/collections-cases", "/v1/collections-cases?contact_id=" + contact,
                "/v1/sale-processes", "/v1/sale-processes?contact_id=" + contact,
                "/v1/sale-processes?agreement_id=" + agreement);
        Map<String, String> outsiders = new LinkedHashMap<>(Outsiders.apiKeys(admin, account.operator,
                admin.newOperator("Arrears Elsewhere Ltd"), SCOPES));
        String restricted = account.keyRestrictedTo(account.site("Harbour Road"));
        outsiders.put("a key restricted to another site", restricted);
        for (Map.Entry<String, String> outsider : outsiders.entrySet()) {
            for (String call : byId) {
                if (outsider.getValue().equals(restricted) && call.contains("/collections-cases/")) {
                    continue;
                }
                String[] methodAndPath = call.split(" ");
                Http.Response answer = MatrixCalls.send(methodAndPath[0], account.url(methodAndPath[1]),
                        outsider.getValue(), call.endsWith("/close") ? close : sell);
                assertThat(answer.status()).as(outsider.getKey() + ": " + call + " " + answer.body()).isEqualTo(404);
                assertThat(answer.errorCode()).isEqualTo("not_found");
            }
            for (String list : lists) {
                Http.Response answer = MatrixCalls.send("GET", account.url(list), outsider.getValue(), null);
                String what = outsider.getKey() + ": " + list + " " + answer.body();
                if (answer.status() != 200) {
                    assertThat(answer.status()).as(what).isIn(400, 404, 422);
                    assertThat(answer.errorCode()).as(what).isNotEmpty();
                } else if (outsider.getValue().equals(restricted) && list.contains("/collections-cases")) {
                    assertThat(answer.ids()).as(what).contains(caseId);
                } else {
                    assertThat(answer.body().toString()).as(what).doesNotContain(caseId, saleId);
                }
            }
        }
        Http.Response caseRead = Http.get(account.url("/v1/collections-cases/" + caseId), restricted);
        assertThat(caseRead.status()).as(caseRead.body().toString()).isEqualTo(200);
        JsonNode after = account.read("/v1/sale-processes/" + saleId);
        assertThat(after.path("status").asString()).isEqualTo("open");
        assertThat(after.path("updated_at").asString()).isEqualTo(sale.path("updated_at").asString());
    }

    private JsonNode ok(Http.Response response) {
        assertThat(response.status()).as(response.body().toString()).isEqualTo(200);
        return response.data();
    }

    private void moveTo(Admin admin, long days) {
        admin.moveClock(days * DAY);
    }

    private void runJob(String job) {
        Http.Response run = Http.post(stack.gatewayUrl() + "/admin/v1/jobs/" + job + "/run", stack.adminToken(),
                Map.of());
        assertThat(run.status()).as(job + " " + run.body()).isEqualTo(200);
    }

    private static List<String> templates(JsonNode messages) {
        List<String> names = new java.util.ArrayList<>();
        messages.forEach(m -> names.add(m.path("template").asString("")));
        return names;
    }
}
