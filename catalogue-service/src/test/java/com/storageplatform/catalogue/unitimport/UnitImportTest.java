package com.storageplatform.catalogue.unitimport;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.catalogue.Outbox;
import com.storageplatform.catalogue.unittype.UnitsApi;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.CallerTokenSigner;
import com.storageplatform.kit.caller.Pem;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.TestCallers;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code POST /internal/v1/unit-imports}: commerce's import batches checked by the rules of {@code POST /v1/units},
 * written all or none with their events, once per (account, import key, row), for the service token's account only.
 */
@PlatformTest
class UnitImportTest {

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    UnitsApi api;
    final Caller caller = UnitsApi.newAccount();
    final String key = "a".repeat(56) + Ids.newId().toString().substring(0, 8);
    String bristol;
    String small;

    @BeforeEach
    void setUp() {
        client = client.mutate().responseTimeout(Duration.ofSeconds(30)).build();
        api = new UnitsApi(client, json);
        bristol = api.site(caller, "Bristol");
        small = api.unitType(caller, bristol, "25 sq ft", 2500);
    }

    @Test
    void aDryRunNamesEachRowsProblemsByColumnAndWritesNothing() {
        api.unit(caller, bristol, small, "Taken");
        String archivedSite = api.site(caller, "Old Yard");
        api.updated(caller, "/v1/sites/" + archivedSite, "{\"status\": \"archived\"}");

        JsonNode answer = data(send(caller, batch(true,
                unit(2, "Nowhere", "25 sq ft", "A1", null, "[]"),
                unit(3, "Bristol", "Huge", "A2", null, "[]"),
                unit(4, "Bristol", "25 sq ft", "B1", null, "[]"),
                unit(5, "Bristol", "25 sq ft", "b1", null, "[]"),
                unit(6, "Bristol", "25 sq ft", "TAKEN", null, "[]"),
                unit(7, "Bristol", "25 sq ft", "C1", "\"reserved\"", "[]"),
                unit(8, "Bristol", "25 sq ft", "C2", "\"let\"", "[]"),
                unit(9, "Bristol", "25 sq ft", "C3", null, "[\"power\", \"jacuzzi\"]"),
                unit(10, "Bristol", "25 sq ft", null, null, "[]"),
                unit(11, archivedSite, "25 sq ft", "D1", null, "[]"),
                unit(12, " " + bristol + " ", small, "E1", "\"out_of_service\"", "[\"power\"]"))));

        assertThat(problems(answer)).containsExactly(
                "2 site not_found", "3 unit_type not_found", "5 name duplicate", "6 name duplicate",
                "7 status not_allowed", "8 status invalid", "9 features invalid", "10 name required",
                "11 site not_allowed");
        assertThat(answer.get("object").asString()).isEqualTo("unit_import_batch");
        assertThat(answer.get("units").isEmpty()).isTrue();
        assertThat(answer.at("/problems/2/message").asString())
                .isEqualTo("Row 4 already names a unit b1 at this site.");
        assertThat(answer.at("/problems/3/message").asString())
                .isEqualTo("A unit named TAKEN already exists at this site.");
        assertThat(answer.at("/problems/0/message").asString())
                .isEqualTo("No site of the account has the id or name Nowhere.");
        assertThat(answer.at("/problems/6/message").asString())
                .startsWith("The feature jacuzzi is not one of the catalogue's: ground_floor, drive_up,");
        assertThat(unitNames()).containsExactly("Taken");
        assertThat(keyedRows()).isZero();
    }

    @Test
    void aCleanDryRunHasNoProblemsAndWritesNothing() {
        JsonNode answer = data(send(caller, batch(true, unit(2, "Bristol", "25 sq ft", "A1", null, "[]"))));

        assertThat(answer.get("problems").isEmpty()).isTrue();
        assertThat(answer.get("units").isEmpty()).isTrue();
        assertThat(unitNames()).isEmpty();
    }

    @Test
    void aFullBatchOfFiveHundredRowsIsReadWholeThoughItIsOverTheDefaultBufferOf256KiB() {
        String notes = "n".repeat(1_000);
        String[] rows = new String[500];
        for (int row = 0; row < rows.length; row++) {
            rows[row] = unit(row + 2, "Bristol", "25 sq ft", "A" + row, null, "[]")
                    .replace("From the old system", notes);
        }
        String body = batch(true, rows);
        assertThat(body.length()).isGreaterThan(256 * 1024);

        JsonNode answer = data(send(caller, body));

        assertThat(answer.get("problems").isEmpty()).as(answer.toString()).isTrue();
    }

    @Test
    void aRealBatchWritesEveryRowInOneGoWithItsUnitCreatedEvents() {
        JsonNode answer = data(send(caller, batch(false,
                unit(2, "Bristol", "25 sq ft", " A1 ", null, "[\"power\", \"alarmed\"]"),
                unit(3, bristol, small, "A2", "\"out_of_service\"", "[]"))));

        assertThat(answer.get("problems").isEmpty()).isTrue();
        JsonNode first = answer.at("/units/0");
        assertThat(first.get("row").asInt()).isEqualTo(2);
        assertThat(first.get("created").asBoolean()).isTrue();
        assertThat(answer.at("/units/1/row").asInt()).isEqualTo(3);
        JsonNode a1 = api.read(caller, "/v1/units/" + first.get("id").asString());
        assertThat(a1.get("name").asString()).isEqualTo("A1");
        assertThat(a1.get("site_id").asString()).isEqualTo(bristol);
        assertThat(a1.get("unit_type_id").asString()).isEqualTo(small);
        assertThat(a1.get("floor").asString()).isEqualTo("1");
        assertThat(a1.get("notes").asString()).isEqualTo("From the old system");
        assertThat(a1.get("status").asString()).isEqualTo("available");
        assertThat(a1.get("features").values()).extracting(JsonNode::asString).containsExactly("alarmed", "power");
        assertThat(api.read(caller, "/v1/units/" + answer.at("/units/1/id").asString()).get("status").asString())
                .isEqualTo("out_of_service");
        List<JsonNode> events = Outbox.about(db, json, first.get("id").asString());
        assertThat(events).extracting(event -> event.get("type").asString()).containsExactly("unit.created");
        assertThat(events.get(0).at("/data/name").asString()).isEqualTo("A1");
        assertThat(keyedRows()).isEqualTo(2);
    }

    @Test
    void aBatchWithOneBadRowWritesNothing() {
        JsonNode answer = data(send(caller, batch(false,
                unit(2, "Bristol", "25 sq ft", "A1", null, "[]"),
                unit(3, "Bristol", "25 sq ft", "A2", "\"let\"", "[]"),
                unit(4, "Bristol", "25 sq ft", "A3", null, "[]"))));

        assertThat(problems(answer)).containsExactly("3 status invalid");
        assertThat(answer.get("units").isEmpty()).isTrue();
        assertThat(unitNames()).isEmpty();
        assertThat(keyedRows()).isZero();
    }

    @Test
    void aRerunOfTheSameKeyWritesNothingAndAnswersTheSameUnits() {
        String rows = batch(false, unit(2, "Bristol", "25 sq ft", "A1", null, "[]"),
                unit(3, "Bristol", "25 sq ft", "A2", null, "[]"));
        JsonNode first = data(send(caller, rows));

        JsonNode again = data(send(caller, rows));

        assertThat(again.get("problems").isEmpty()).isTrue();
        assertThat(again.at("/units/0/id")).isEqualTo(first.at("/units/0/id"));
        assertThat(again.at("/units/1/id")).isEqualTo(first.at("/units/1/id"));
        assertThat(again.at("/units/0/created").asBoolean()).isFalse();
        assertThat(again.at("/units/1/created").asBoolean()).isFalse();
        assertThat(unitNames()).containsExactlyInAnyOrder("A1", "A2");
        assertThat(Outbox.types(db, json, first.at("/units/0/id").asString())).containsExactly("unit.created");

        // A batch that adds a row to rows written before writes only the new one; a dry run of it is clean.
        String more = batch(false, unit(2, "Bristol", "25 sq ft", "A1", null, "[]"),
                unit(4, "Bristol", "25 sq ft", "A3", null, "[]"));
        assertThat(data(send(caller, more.replace("\"dry_run\": false", "\"dry_run\": true")))
                .get("problems").isEmpty()).isTrue();
        JsonNode grown = data(send(caller, more));
        assertThat(grown.at("/units/0/created").asBoolean()).isFalse();
        assertThat(grown.at("/units/1/created").asBoolean()).isTrue();
        assertThat(unitNames()).containsExactlyInAnyOrder("A1", "A2", "A3");
    }

    @Test
    void anotherAccountsKeySiteAndUnitTypeNeverResolve() {
        JsonNode mine = data(send(caller, batch(false, unit(2, "Bristol", "25 sq ft", "A1", null, "[]"))));
        Caller stranger = UnitsApi.newAccount();
        String theirs = api.site(stranger, "Bristol");
        api.unitType(stranger, theirs, "25 sq ft", 2500);

        // The same key and row in another account is that account's own row: a new unit at its own site.
        JsonNode other = data(send(stranger, batch(false, unit(2, "Bristol", "25 sq ft", "A1", null, "[]"))));
        assertThat(other.at("/units/0/created").asBoolean()).isTrue();
        assertThat(other.at("/units/0/id")).isNotEqualTo(mine.at("/units/0/id"));
        assertThat(api.read(stranger, "/v1/units/" + other.at("/units/0/id").asString()).get("site_id").asString())
                .isEqualTo(theirs);

        // My site and unit type, named by id, are nothing to the other account.
        JsonNode refused = data(send(stranger, batch(true, unit(3, bristol, "25 sq ft", "B1", null, "[]"))));
        assertThat(problems(refused)).containsExactly("3 site not_found");
        refused = data(send(stranger, batch(true, unit(3, theirs, small, "B1", null, "[]"))));
        assertThat(problems(refused)).containsExactly("3 unit_type not_found");
        assertThat(unitNames()).containsExactly("A1");
    }

    @Test
    void theBatchItselfMustBeWellFormed() {
        assertThat(api.issues(send(caller, "{}"), 422))
                .containsExactlyInAnyOrder("import_key required", "dry_run required", "units required");
        assertThat(api.issues(send(caller, "{\"import_key\": \"%s\", \"dry_run\": true, \"units\": []}"
                .formatted("k".repeat(129))), 422)).containsExactlyInAnyOrder("import_key too_long",
                "units below_minimum");
        assertThat(api.issues(send(caller, batch(true, unit(1, "Bristol", "25 sq ft", "A1", null, "[]"),
                unit(2, "Bristol", "25 sq ft", "A2", null, "[]"), unit(2, "Bristol", "25 sq ft", "A3", null, "[]"))),
                422)).containsExactlyInAnyOrder("units[0].row below_minimum", "units[2].row duplicate");
        assertThat(api.issues(send(caller, """
                {"import_key": "k", "dry_run": "yes", "units": [{"row": 2}]}
                """), 422)).containsExactly("dry_run invalid");
        assertThat(api.issues(send(caller, """
                {"import_key": "k", "dry_run": true, "units": [{"row": 2, "colour": "red"}]}
                """), 422)).containsExactly("units[0].colour unknown_field");
        List<String> many = new ArrayList<>();
        for (int row = 2; row <= 502; row++) {
            many.add(unit(row, "Bristol", "25 sq ft", "U" + row, null, "[]"));
        }
        assertThat(api.issues(send(caller, batch(true, many.toArray(String[]::new))), 422))
                .containsExactly("units above_maximum");
    }

    @Test
    void onlyAPeerServicesTokenIsAnsweredAndItIsNoCredentialForTheApi() {
        String body = batch(false, unit(2, "Bristol", "25 sq ft", "A1", null, "[]"));

        client.post().uri(UnitImportResource.PATH).contentType(MediaType.APPLICATION_JSON).bodyValue(body)
                .exchange().expectStatus().isUnauthorized();
        assertThat(api.errorCode(client.post().uri(UnitImportResource.PATH)
                .header("Authorization", TestCallers.bearer(caller)).contentType(MediaType.APPLICATION_JSON)
                .bodyValue(body).exchange(), 404)).isEqualTo("not_found");
        client.post().uri("/v1/units").header("Authorization", serviceToken(caller))
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue("{\"site_id\": \"%s\", \"unit_type_id\": \"%s\", \"name\": \"A1\"}"
                        .formatted(bristol, small))
                .exchange().expectStatus().isUnauthorized();
        client.get().uri("/v1/units").header("Authorization", serviceToken(caller)).exchange()
                .expectStatus().isUnauthorized();
        assertThat(unitNames()).isEmpty();
    }

    /** The Authorization header commerce's import sends: the service token for the account, no scopes. */
    static String serviceToken(Caller caller) {
        Caller account = Caller.actingFor(caller.accountId(), caller.operatorId(), caller.environment(),
                "commerce:imports", null);
        return "Bearer " + new CallerTokenSigner(Pem.privateKey(TestCallers.servicePrivateKeyPem()))
                .signForAccount(account, "commerce");
    }

    WebTestClient.ResponseSpec send(Caller as, String body) {
        return client.post().uri(UnitImportResource.PATH).header("Authorization", serviceToken(as))
                .contentType(MediaType.APPLICATION_JSON).bodyValue(body).exchange();
    }

    JsonNode data(WebTestClient.ResponseSpec response) {
        return api.body(response.expectStatus().isOk()).get("data");
    }

    String batch(boolean dryRun, String... units) {
        return "{\"import_key\": \"%s\", \"dry_run\": %s, \"units\": [%s]}".formatted(key, dryRun,
                String.join(", ", units));
    }

    static String unit(int row, String site, String unitType, String name, String status, String features) {
        return """
                {"row": %d, "site": "%s", "unit_type": "%s", "name": %s, "floor": "1", "status": %s,
                 "features": %s, "notes": "From the old system"}
                """.formatted(row, site, unitType, name == null ? "null" : "\"" + name + "\"", status, features);
    }

    static List<String> problems(JsonNode answer) {
        return answer.get("problems").valueStream().map(problem -> problem.get("row").asInt() + " "
                + problem.get("column").asString() + " " + problem.get("issue").asString()).toList();
    }

    List<String> unitNames() {
        return api.list(caller, "/v1/units?limit=100").get("data").valueStream()
                .map(unit -> unit.get("name").asString())
                .toList();
    }

    long keyedRows() {
        return db.sql("SELECT count(*) AS n FROM unit_import_rows WHERE account_id = :account_id")
                .bind("account_id", caller.accountId()).map(row -> row.get("n", Long.class)).one().block();
    }
}
