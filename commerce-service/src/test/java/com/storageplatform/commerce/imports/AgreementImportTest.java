package com.storageplatform.commerce.imports;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.commerce.support.BillingPeer;
import com.storageplatform.commerce.support.Catalogue;
import com.storageplatform.commerce.support.CommerceApi;
import com.storageplatform.commerce.support.CommerceTest;
import com.storageplatform.kit.caller.Caller;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Importing agreements with their opening balances: rows resolved to the account's contacts and commerce's
 * projection of the catalogue, agreements made active as the lifecycle makes them, balances handed to billing's
 * {@code POST /internal/v1/opening-balances} (played by {@link BillingPeer.OpeningBalances} as its contract says).
 */
@CommerceTest
class AgreementImportTest {

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    Imports imports;
    CommerceApi agreements;
    Caller caller;
    Map<String, UUID> units;
    Map<String, String> contacts;

    @BeforeEach
    void setUp() {
        imports = new Imports(client, json);
        agreements = new CommerceApi(client, json, "/v1/agreements");
        caller = CommerceApi.newAccount();
        Catalogue catalogue = new Catalogue(db);
        UUID site = catalogue.site(caller, "Norwich Riverside");
        UUID type = catalogue.unitType(caller, site, 9500);
        units = Map.of("A101", catalogue.unit(caller, site, type, "A101"),
                "A102", catalogue.unit(caller, site, type, "A102"),
                "B201", catalogue.unit(caller, site, type, "B201"));
        CommerceApi people = new CommerceApi(client, json, "/v1/contacts");
        contacts = Map.of("ada", people.createId(caller, person("Ada", "ada@example.com")),
                "charles", people.createId(caller, person("Charles", "charles@example.com")),
                "alan", people.createId(caller, person("Alan", "Alan@Example.com")));
    }

    private static String person(String first, String email) {
        return "{\"first_name\": \"" + first + "\", \"last_name\": \"Example\", \"email\": \"" + email + "\"}";
    }

    private long agreementsOf(Caller account) {
        return db.sql("SELECT count(*) AS n FROM agreements WHERE account_id = :a").bind("a", account.accountId())
                .map(row -> row.get("n", Long.class)).one().block();
    }

    private List<String> written(String id) {
        return db.sql("""
                SELECT payload::jsonb ->> 'type' AS type FROM outbox_events
                 WHERE payload::jsonb ->> 'subject' = :id ORDER BY seq
                """)
                .bind("id", id).map(row -> row.get("type", String.class)).all().collectList().block();
    }

    /** What billing received for the sample file since {@code before} batches (other tests send the same file). */
    private static List<JsonNode> batchesSince(int before) {
        List<JsonNode> all = BillingPeer.OpeningBalances.batches(Imports.sha256(Imports.sample("agreements.csv")));
        return all.subList(before, all.size());
    }

    private static int batchesNow() {
        return BillingPeer.OpeningBalances.batches(Imports.sha256(Imports.sample("agreements.csv"))).size();
    }

    @Test
    void aDryRunChecksEveryRowAndEveryBalanceAndWritesNothing() {
        int before = batchesNow();
        JsonNode dry = imports.imported(caller, "agreements", true, Imports.sample("agreements.csv"));

        assertThat(dry.get("status").asString()).isEqualTo("completed");
        assertThat(imports.problems(caller, dry.get("id").asString())).isEmpty();
        assertThat(agreementsOf(caller)).isZero();
        List<JsonNode> batches = batchesSince(before);
        assertThat(batches).hasSize(1);
        assertThat(batches.get(0).get("dry_run").asBoolean()).isTrue();
        JsonNode charles = batches.get(0).get("balances").get(0);
        assertThat(charles.get("row").asLong()).isEqualTo(3);
        assertThat(charles.get("contact_id").asString()).isEqualTo(contacts.get("charles"));
        assertThat(charles.get("agreement_id").isNull()).isTrue();
        assertThat(charles.get("amount_minor").asLong()).isEqualTo(23000);
        assertThat(charles.get("currency").asString()).isEqualTo("GBP");
        assertThat(charles.get("due_date").asString()).isEqualTo("2026-12-01");
        assertThat(charles.get("description").asString()).isEqualTo("Arrears brought forward");
        assertThat(batches.get(0).get("balances").get(1).get("amount_minor").asLong()).isEqualTo(4050);
        assertThat(batches.get(0).get("balances").get(1).get("due_date").asString()).isEqualTo("2027-01-05");
    }

    @Test
    void aRealRunMakesEachAgreementActiveSignedAndMovedInThenHandsTheBalancesToBilling() {
        int before = batchesNow();
        JsonNode real = imports.imported(caller, "agreements", false, Imports.sample("agreements.csv"));

        assertThat(real.get("status").asString()).isEqualTo("completed");
        assertThat(agreementsOf(caller)).isEqualTo(3);
        JsonNode charles = agreements.list(caller, "?contact_id=" + contacts.get("charles")).get("data").get(0);
        assertThat(charles.get("status").asString()).isEqualTo("active");
        assertThat(charles.get("access_status").asString()).isEqualTo("signed");
        assertThat(charles.get("unit_id").asString()).isEqualTo(units.get("A102").toString());
        assertThat(charles.get("licence_fee_minor").asLong()).isEqualTo(115000);
        assertThat(charles.get("currency").asString()).isEqualTo("GBP");
        assertThat(charles.get("move_in_date").asString()).isEqualTo("2024-06-15");
        assertThat(charles.get("signed_at").asString()).isEqualTo("2024-06-14T23:00:00Z");
        assertThat(charles.get("moved_in_at").asString()).isEqualTo("2024-06-14T23:00:00Z");
        assertThat(charles.get("cover").isNull()).isTrue();
        assertThat(written(charles.get("id").asString()))
                .containsExactly("agreement.created", "agreement.activated", "agreement.updated");
        assertThat(db.sql("SELECT holder_kind FROM unit_holds WHERE account_id = :a AND unit_id = :u")
                .bind("a", caller.accountId()).bind("u", units.get("A102"))
                .map(row -> row.get("holder_kind", String.class)).one().block()).isEqualTo("agreement");
        List<JsonNode> batches = batchesSince(before);
        assertThat(batches).extracting(b -> b.get("dry_run").asBoolean()).containsExactly(true, false);
        assertThat(batches.get(1).get("balances").get(0).get("agreement_id").asString())
                .isEqualTo(charles.get("id").asString());
        assertThat(batches.get(1).get("balances").get(0).get("site_id").asString())
                .isEqualTo(charles.get("site_id").asString());
    }

    @Test
    void eachRowIsJudgedAndReportedUnderTheFilesHeaders() {
        byte[] file = ("Email,Site Name,Unit No,Moved In,Rent,Balance,Due,Description\r\n"
                + "nobody@example.com,Norwich Riverside,A101,01/02/2024,95,,,\r\n"
                + "ada@example.com,Norwich Riverside,Z99,01/02/2024,95,,,\r\n"
                + "ada@example.com,Norwich Riverside,A101,12/13/2024,95.005,,,\r\n"
                + "charles@example.com,Norwich Riverside,A102,01/02/2024,95,10,,\r\n"
                + "charles@example.com,Norwich Riverside,A102,01/02/2099,95,,,\r\n"
                + "alan@example.com,Norwich Riverside,B201,01/02/2024,95,10,01/01/1999,\r\n"
                + "alan@example.com,Norwich Riverside,B201,01/02/2024,95,,,\r\n")
                .getBytes(StandardCharsets.UTF_8);

        JsonNode dry = imports.imported(caller, "agreements", true, file);

        assertThat(imports.problems(caller, dry.get("id").asString())).containsExactly(
                "2 Email not_found",
                "3 Unit No not_found",
                "4 Moved In invalid",
                "4 Rent invalid",
                "5 Due required",
                "6 Moved In above_maximum",
                "7 Due invalid",
                "8 Unit No duplicate");
        assertThat(dry.get("rows_with_problems").asInt()).isEqualTo(7);
        assertThat(agreementsOf(caller)).isZero();
    }

    @Test
    void billingUnreachableDuringTheCheckFailsTheImportBeforeAnythingIsWritten() {
        byte[] file = Imports.sample("agreements.csv");
        BillingPeer.OpeningBalances.failWith(503);
        JsonNode stopped;
        try {
            stopped = imports.imported(caller, "agreements", false, file);
        } finally {
            BillingPeer.OpeningBalances.failWith(0);
        }
        assertThat(stopped.get("status").asString()).isEqualTo("failed");
        assertThat(stopped.get("failure_code").asString()).isEqualTo("peer_unavailable");
        assertThat(agreementsOf(caller)).as("billing's dry run failed first: nothing was written").isZero();
    }

    @Test
    void aRunStoppedAfterItsAgreementsIsFinishedByTheSameFileWithoutMakingAnyAgreementTwice() {
        byte[] file = Imports.sample("agreements.csv");
        int before = batchesNow();
        JsonNode first = imports.imported(caller, "agreements", false, file);
        assertThat(first.get("status").asString()).isEqualTo("completed");
        db.sql("UPDATE imports SET status = 'failed' WHERE account_id = :a AND id = :id")
                .bind("a", caller.accountId()).bind("id", UUID.fromString(first.get("id").asString())).then().block();

        JsonNode again = imports.imported(caller, "agreements", false, file);

        assertThat(again.get("id").asString()).isNotEqualTo(first.get("id").asString());
        assertThat(again.get("status").asString()).isEqualTo("completed");
        assertThat(agreementsOf(caller)).isEqualTo(3);
        List<JsonNode> real = batchesSince(before).stream()
                .filter(b -> !b.get("dry_run").asBoolean()).toList();
        assertThat(real).hasSize(2);
        assertThat(real.get(1).get("balances").get(0).get("agreement_id"))
                .isEqualTo(real.get(0).get("balances").get(0).get("agreement_id"));
    }
}
