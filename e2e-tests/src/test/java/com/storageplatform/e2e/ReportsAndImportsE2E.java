package com.storageplatform.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.devstack.DevStack;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * An operator moves from another storage system through the gateway on the devstack: the sample files of
 * docs/samples are checked in a dry run, then imported (contacts into commerce, units through commerce into the
 * catalogue, agreements into commerce with their opening balances in billing), and the four reports read the
 * result, as JSON and CSV, each from the service that owns its data.
 */
class ReportsAndImportsE2E {

    static final List<String> SCOPES = List.of("sites:read", "sites:write", "units:read", "units:write",
            "contacts:read", "agreements:read", "agreements:write", "billing:read", "imports:read", "imports:write",
            "reports:read", "events:read");

    private final DevStack stack = Stack.get();

    @Test
    void anOperatorImportsItsCustomersUnitsAndAgreementsAndTheReportsReadThem() throws Exception {
        Account account = Account.create(stack, "Migrating Storage", SCOPES);
        String norwich = account.site("Norwich Riverside");
        String cambridge = account.site("Cambridge North");
        account.unitType(norwich, "Small locker", 5000);
        account.unitType(norwich, "10x10", 9500);
        account.unitType(cambridge, "Drive-up 10x20", 15000);

        // Contacts: a dry run writes nothing; the real run of the same file writes every row.
        String contacts = sample("contacts.csv");
        JsonNode dry = finished(account, upload(account, "contacts", true, contacts, 201));
        assertThat(dry.path("status").asString()).as(dry.toString()).isEqualTo("completed");
        assertThat(dry.path("problems_count").asInt()).isZero();
        assertThat(account.listed("/v1/contacts?email=ada@example.com")).isEmpty();
        JsonNode run = account.post("/v1/imports/" + dry.path("id").asString() + "/run", "{}").data();
        JsonNode contactsImport = finished(account, run);
        assertThat(contactsImport.path("status").asString()).as(contactsImport.toString()).isEqualTo("completed");
        assertThat(contactsImport.path("rows_done").asInt()).isEqualTo(contactsImport.path("rows_total").asInt());
        assertThat(account.listed("/v1/contacts?email=ada@example.com")).hasSize(1);

        // Units go to the catalogue, written by it.
        JsonNode units = finished(account, upload(account, "units", false, sample("units.csv"), 201));
        assertThat(units.path("status").asString()).as(units.toString()).isEqualTo("completed");
        JsonNode a101 = CommerceEvents.eventually(() -> account.get("/v1/units?site_id=" + norwich).data(),
                list -> names(list).contains("A101"));
        assertThat(names(a101)).contains("A101", "A102", "B201");

        // Agreements with an opening balance already past due; the same file again is the same import.
        LocalDate today = LocalDate.now(ZoneId.of("Europe/London"));
        String agreementsFile = """
                contact_email,site,unit,move_in_date,licence_fee,opening_balance,balance_due_date
                ada@example.com,Norwich Riverside,A101,%s,£95.00,£120.00,%s
                """.formatted(today.minusMonths(3), today.minusDays(20));
        String agreementsImport = CommerceEvents.eventually(
                () -> finished(account, upload(account, "agreements", false, agreementsFile, 201)),
                done -> done.path("status").asString().equals("completed")).path("id").asString();
        JsonNode again = upload(account, "agreements", false, agreementsFile, 200);
        assertThat(again.path("id").asString()).isEqualTo(agreementsImport);
        JsonNode agreement = account.get("/v1/agreements?status=active").data().get(0);
        String contact = agreement.path("contact_id").asString();
        JsonNode invoice = CommerceEvents.eventually(() -> account.get("/v1/invoices?contact_id=" + contact).data(),
                list -> list.size() == 1).get(0);
        assertThat(invoice.path("source").asString()).isEqualTo("import");
        assertThat(invoice.path("amount_due_minor").asLong()).isEqualTo(12000);

        // A messy file's dry run reports its problems by row and column.
        JsonNode messy = finished(account, upload(account, "contacts", true, sample("contacts-messy.csv"), 201));
        assertThat(messy.path("status").asString()).isEqualTo("completed");
        JsonNode problems = account.get("/v1/imports/" + messy.path("id").asString() + "/problems?limit=100").data();
        assertThat(problems.size()).isEqualTo(messy.path("problems_count").asInt()).isPositive();
        assertThat(problems.get(0).path("row").asInt()).isGreaterThan(1);
        assertThat(problems.get(0).path("issue").asString()).isNotEmpty();

        // Every import that finished is an event (conventions: events are the webhooks' source).
        JsonNode completed = CommerceEvents.eventually(() -> account.get("/v1/events?type=import.completed&limit=100")
                .data(), list -> list.size() >= 5);
        assertThat(completed.size()).isGreaterThanOrEqualTo(5);

        // The plan of the imported agreement: now the reports see the unit occupied and its rent.
        CommerceEvents.eventually(() -> account.post("/v1/subscriptions", """
                {"contact_id": "%s", "site_id": "%s", "agreement_id": "%s", "billing_interval": "month",
                 "interval_count": 1, "currency": "GBP"}
                """.formatted(contact, norwich, agreement.path("id").asString())), r -> r.status() == 201);

        JsonNode occupancy = CommerceEvents.eventually(() -> account.get("/v1/reports/occupancy").data(),
                rows -> rows.size() == 1 && rows.get(0).path("units_occupied").asLong() == 1);
        assertThat(occupancy.get(0).path("object").asString()).isEqualTo("report_row");
        assertThat(occupancy.get(0).path("key").asString()).isEqualTo("total");
        assertThat(occupancy.get(0).path("units_total").asLong()).isGreaterThanOrEqualTo(3);
        assertThat(occupancy.get(0).path("economic_actual_minor").asLong()).isPositive();
        JsonNode revenue = account.read("/v1/reports/revenue").get(0);
        assertThat(revenue.path("mrr_minor").asLong()).isPositive();
        assertThat(revenue.path("arr_minor").asLong()).isEqualTo(12 * revenue.path("mrr_minor").asLong());

        // The opening balance is overdue once the overdue sweep has run: the debt report counts it.
        Http.Response sweep = Http.post(stack.gatewayUrl() + "/admin/v1/jobs/invoice-overdue/run",
                stack.adminToken(), Map.of());
        assertThat(sweep.status()).as(sweep.body().toString()).isEqualTo(200);
        JsonNode delinquency = CommerceEvents.eventually(() -> account.get("/v1/reports/delinquency").data(),
                rows -> rows.size() == 1 && rows.get(0).path("overdue_minor").asLong() == 12000);
        assertThat(delinquency.get(0).path("overdue_accounts").asLong()).isEqualTo(1);

        // By site, and as CSV; conversion from crm, its CSV ending with the spec's four columns.
        JsonNode bySite = account.read("/v1/reports/occupancy?group_by=site");
        assertThat(bySite.findValuesAsString("label")).contains("Norwich Riverside");
        HttpResponse<String> csv = text(account.url("/v1/reports/occupancy?format=csv&group_by=site"), account);
        assertThat(csv.statusCode()).isEqualTo(200);
        assertThat(csv.headers().firstValue("Content-Type").orElse("")).startsWith("text/csv");
        assertThat(csv.body().split("\r\n")[0]).startsWith("from,to,key,group_by,label,");
        HttpResponse<String> conversion = text(account.url("/v1/reports/conversion?format=csv"), account);
        assertThat(conversion.statusCode()).isEqualTo(200);
        assertThat(conversion.body().split("\r\n")[0]).endsWith("group_by,label,quoted,reserved");
        assertThat(account.get("/v1/reports/conversion?group_by=channel").status()).isEqualTo(200);

        // A key restricted to Cambridge reads Cambridge alone and is refused Norwich.
        String cambridgeKey = account.keyRestrictedTo(cambridge);
        Http.Response restricted = Http.get(account.url("/v1/reports/occupancy?group_by=site"), cambridgeKey);
        assertThat(restricted.status()).isEqualTo(200);
        assertThat(restricted.data().findValuesAsString("key")).containsOnly(cambridge);
        assertThat(Account.errorCode(Http.get(account.url("/v1/reports/revenue?site_id=" + norwich), cambridgeKey),
                403)).isEqualTo("site_forbidden");
        assertThat(Account.errorCode(account.get("/v1/reports/spaceships"), 404)).isEqualTo("not_found");
        assertThat(Account.issues(account.get("/v1/reports/delinquency?from=2026-02-01&to=2026-01-01"), 400))
                .containsExactly("from invalid");
    }

    private static String sample(String name) throws Exception {
        Path docs = Path.of("..", "docs", "samples", name);
        return Files.readString(docs);
    }

    private static List<String> names(JsonNode units) {
        List<String> names = new ArrayList<>();
        units.forEach(unit -> names.add(unit.path("name").asString()));
        return names;
    }

    /** POSTs a CSV file to {@code /v1/imports} and answers the import. */
    private static JsonNode upload(Account account, String type, boolean dryRun, String file, int status) {
        Http.Response response = Http.send(HttpRequest.newBuilder(URI.create(account.url("/v1/imports?type=" + type
                        + "&dry_run=" + dryRun)))
                .header("Authorization", "Bearer " + account.key)
                .header("Idempotency-Key", UUID.randomUUID().toString())
                .header("Content-Type", "text/csv")
                .POST(HttpRequest.BodyPublishers.ofString(file)));
        assertThat(response.status()).as(response.body().toString()).isEqualTo(status);
        return response.data();
    }

    /** The import once it has finished (completed or failed). */
    private static JsonNode finished(Account account, JsonNode started) {
        String id = started.path("id").asString();
        return CommerceEvents.eventually(() -> account.read("/v1/imports/" + id),
                found -> List.of("completed", "failed").contains(found.path("status").asString()));
    }

    private static HttpResponse<String> text(String url, Account account) throws Exception {
        return java.net.http.HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(url))
                .header("Authorization", "Bearer " + account.key).GET().build(), HttpResponse.BodyHandlers.ofString());
    }
}
