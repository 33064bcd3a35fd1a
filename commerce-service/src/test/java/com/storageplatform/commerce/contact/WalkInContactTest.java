package com.storageplatform.commerce.contact;

import static com.storageplatform.kit.testsupport.ResourceApi.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.commerce.support.CommerceApi;
import com.storageplatform.commerce.support.CommerceTest;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.TestCallers;
import com.storageplatform.kit.testsupport.TestEvents;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The walk-in sales record: created under the id auth generated, for the live and the test account, from auth's
 * operator events, once; read by id, never listed, never changed, archived or unarchived; no event of its own.
 */
@CommerceTest
class WalkInContactTest {

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    CommerceApi api;
    Published published;

    final UUID operator = Ids.newId();
    final UUID live = Ids.newId();
    final UUID test = Ids.newId();
    final UUID walkInLive = Ids.newId();
    final UUID walkInTest = Ids.newId();
    final Caller liveCaller = TestCallers.apiCaller(live, CommerceApi.SCOPES);
    final Caller testCaller = TestCallers.apiCaller(test, CommerceApi.SCOPES);

    @BeforeEach
    void setUp() {
        api = new CommerceApi(client, json, "/v1/contacts");
        published = new Published(json, db);
    }

    @AfterEach
    void tearDown() {
        published.close();
    }

    private Map<String, Object> operator(UUID liveWalkIn, UUID testWalkIn, Map<String, Object> settings) {
        return Map.of("id", operator.toString(), "object", "operator", "name", "Acme Storage",
                "timezone", "Europe/London", "default_currency", "GBP",
                "accounts", List.of(Map.of("id", live.toString(), "environment", "live"),
                        Map.of("id", test.toString(), "environment", "test")),
                "settings", settings,
                "walk_in_contact_ids", Map.of("live", liveWalkIn.toString(), "test", testWalkIn.toString()));
    }

    private long walkIns(UUID account) {
        return db.sql("SELECT count(*) AS n FROM contacts WHERE account_id = :account AND system_role = 'walk_in'")
                .bind("account", account).map(row -> row.get("n", Long.class)).one().block();
    }

    private void operatorCreated() {
        TestEvents.publishForOperator("auth.events", "operator.created", test, operator(walkInLive, walkInTest, Map.of()));
        eventually(() -> walkIns(live) == 1 && walkIns(test) == 1);
    }

    @Test
    void operatorCreatedMakesTheWalkInRecordOfEachAccountUnderTheIdAuthGenerated() {
        operatorCreated();
        JsonNode record = api.read(testCaller, walkInTest.toString());
        assertThat(record.get("first_name").asString()).isEqualTo("Walk-in");
        assertThat(record.get("last_name").asString()).isEqualTo("sale");
        assertThat(record.get("system_role").asString()).isEqualTo("walk_in");
        assertThat(record.get("status").asString()).isEqualTo("active");
        assertThat(record.get("marketing_status").asString()).isEqualTo("not_asked");
        assertThat(api.read(liveCaller, walkInLive.toString()).get("system_role").asString()).isEqualTo("walk_in");
        // Each account reads only its own.
        assertThat(api.errorCode(api.get(testCaller, "/" + walkInLive), 404)).isEqualTo("not_found");
        assertThat(published.written(walkInTest.toString())).isEmpty();
        assertThat(published.written(walkInLive.toString())).isEmpty();
    }

    @Test
    void settingsUpdatedMakesTheWalkInRecordWhenOperatorCreatedNeverArrived() {
        TestEvents.publishForOperator("auth.events", "operator.settings_updated", test,
                operator(walkInLive, walkInTest, Map.of()));
        eventually(() -> walkIns(live) == 1 && walkIns(test) == 1);
        JsonNode record = api.read(testCaller, walkInTest.toString());
        assertThat(record.get("system_role").asString()).isEqualTo("walk_in");
        assertThat(record.get("first_name").asString()).isEqualTo("Walk-in");
        assertThat(api.read(liveCaller, walkInLive.toString()).get("system_role").asString()).isEqualTo("walk_in");
        assertThat(published.written(walkInTest.toString())).isEmpty();
    }

    @Test
    void aRedeliveryOrALaterOperatorEventChangesNothing() {
        UUID eventId = Ids.newId();
        TestEvents.publishForOperator("auth.events", eventId, "operator.created", test,
                operator(walkInLive, walkInTest, Map.of()));
        eventually(() -> walkIns(live) == 1 && walkIns(test) == 1);
        JsonNode before = api.read(testCaller, walkInTest.toString());

        TestEvents.publishForOperator("auth.events", eventId, "operator.created", test,
                operator(walkInLive, walkInTest, Map.of()));
        TestEvents.publishForOperator("auth.events", "operator.settings_updated", test,
                operator(walkInLive, walkInTest, Map.of()));
        // A different id for an account that already has its walk-in record cannot make a second one.
        UUID stray = Ids.newId();
        TestEvents.publishForOperator("auth.events", "operator.settings_updated", test,
                operator(walkInLive, stray, Map.of("online_id_checks_enabled", true)));
        // The events of one account are consumed in order: the last has been once a read sees its setting.
        assertThat(before.get("kyc_status").asString()).isEqualTo("not_required");
        eventually(() -> "pending".equals(api.read(testCaller, walkInTest.toString()).get("kyc_status")
                .asString()));
        assertThat(walkIns(test)).isEqualTo(1);
        assertThat(walkIns(live)).isEqualTo(1);
        assertThat(api.errorCode(api.get(testCaller, "/" + stray), 404)).isEqualTo("not_found");
        JsonNode after = api.read(testCaller, walkInTest.toString());
        assertThat(after.get("created_at")).isEqualTo(before.get("created_at"));
        assertThat(after.get("updated_at")).isEqualTo(before.get("updated_at"));
    }

    @Test
    void theWalkInRecordIsNeverListed() {
        operatorCreated();
        String customer = api.createId(testCaller, "{\"first_name\": \"Ada\", \"last_name\": \"Lovelace\"}");
        assertThat(api.listedIds(testCaller, "")).containsExactly(customer);
        assertThat(api.listedIds(testCaller, "?status=active")).containsExactly(customer);
        assertThat(api.listedIds(testCaller, "?status=archived")).isEmpty();
        assertThat(api.listedIds(testCaller, "?limit=100")).doesNotContain(walkInTest.toString());
        assertThat(api.listedIds(liveCaller, "")).isEmpty();
    }

    @Test
    void theWalkInRecordCannotBeChangedArchivedOrUnarchived() {
        operatorCreated();
        String id = walkInTest.toString();
        JsonNode before = api.read(testCaller, id);
        for (var response : List.of(api.patch(testCaller, id, "{\"first_name\": \"Cash\"}"),
                api.patch(testCaller, id, "{}"),
                api.action(testCaller, id, "archive", "{}"),
                api.action(testCaller, id, "unarchive", "{}"))) {
            JsonNode error = api.body(response.expectStatus().isEqualTo(409)).get("error");
            assertThat(error.get("code").asString()).isEqualTo("conflict");
            assertThat(error.get("message").asString()).contains("walk-in sales record");
        }
        assertThat(api.read(testCaller, id)).isEqualTo(before);
        assertThat(published.written(id)).isEmpty();
    }
}
