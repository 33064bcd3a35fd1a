package com.storageplatform.crm.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.crm.support.Accounts;
import com.storageplatform.crm.support.Bookings;
import com.storageplatform.crm.support.CrmApi;
import com.storageplatform.kit.caller.Caller;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import com.storageplatform.kit.testsupport.PlatformTest;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** {@code POST}, {@code PATCH} and {@code DELETE /v1/pipelines}: an operator's own pipelines and stages. */
@PlatformTest
class PipelineWriteTest {

    static final String STAGES = """
            [{"name": "New", "kind": "open"}, {"name": "Viewing", "kind": "open"},
             {"name": "Held", "kind": "reserved"}, {"name": "Signed", "kind": "won"},
             {"name": "Gone", "kind": "lost"}]""";

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    CrmApi api;
    CrmApi deals;
    Caller caller;
    UUID customer;
    UUID site;

    @BeforeEach
    void setUp() {
        api = new CrmApi(client, json, "/v1/pipelines");
        deals = api.on("/v1/deals");
        caller = CrmApi.newAccount();
        Accounts accounts = new Accounts(db, json);
        accounts.settings(caller, "{}");
        customer = accounts.customer(caller);
        site = new Bookings(db, json).site(caller);
    }

    JsonNode business() {
        return api.create(caller, "{\"name\": \"  Business lets  \", \"stages\": " + STAGES + "}");
    }

    static List<String> stages(JsonNode pipeline) {
        List<String> out = new ArrayList<>();
        pipeline.get("stages").values().forEach(s -> out.add(s.get("position").asInt() + " "
                + s.get("name").asString() + " " + s.get("kind").asString()));
        return out;
    }

    static String stageId(JsonNode pipeline, String name) {
        for (JsonNode s : pipeline.get("stages")) {
            if (s.get("name").asString().equals(name)) {
                return s.get("id").asString();
            }
        }
        throw new AssertionError("no stage " + name);
    }

    String dealIn(JsonNode pipeline, String stage) {
        return deals.createId(caller, """
                {"contact_id": "%s", "site_id": "%s", "pipeline_id": "%s", "stage_id": "%s"}
                """.formatted(customer, site, pipeline.get("id").asString(), stageId(pipeline, stage)));
    }

    @Test
    void aNewPipelineKeepsItsStagesInOrderBesideTheDefault() {
        JsonNode made = business();

        assertThat(made.get("name").asString()).isEqualTo("Business lets");
        assertThat(made.get("is_default").asBoolean()).isFalse();
        assertThat(stages(made)).containsExactly("1 New open", "2 Viewing open", "3 Held reserved", "4 Signed won",
                "5 Gone lost");
        assertThat(api.read(caller, made.get("id").asString())).isEqualTo(made);
        assertThat(api.list(caller, "").get("data")).hasSize(2);
    }

    @Test
    void aNewDealGoesToTheNewDefaultOnceAnotherPipelineIsMadeTheDefault() {
        JsonNode made = api.create(caller, "{\"name\": \"Main\", \"is_default\": true, \"stages\": " + STAGES + "}");

        assertThat(made.get("is_default").asBoolean()).isTrue();
        List<JsonNode> defaults = new ArrayList<>();
        api.list(caller, "").get("data").values().forEach(p -> {
            if (p.get("is_default").asBoolean()) {
                defaults.add(p);
            }
        });
        assertThat(defaults).extracting(p -> p.get("id").asString()).containsExactly(made.get("id").asString());
        JsonNode deal = deals.create(caller, "{\"contact_id\": \"%s\", \"site_id\": \"%s\"}".formatted(customer, site));
        assertThat(deal.get("pipeline_id").asString()).isEqualTo(made.get("id").asString());
        assertThat(deal.get("stage_id").asString()).isEqualTo(stageId(made, "New"));
    }

    @Test
    void aPipelineMustBeginOpenAndHoldExactlyOneWonAndOneLostStage() {
        assertThat(api.issues(api.post(caller, """
                {"name": "Bad", "stages": [{"name": "Held", "kind": "reserved"}, {"name": "Won", "kind": "won"},
                 {"name": "Won again", "kind": "won"}, {"name": "held", "kind": "open"}]}
                """), 422)).containsExactlyInAnyOrder("stages[0].kind not_allowed", "stages[2].kind duplicate",
                "stages[3].name duplicate", "stages invalid");
        assertThat(api.issues(api.post(caller, """
                {"stages": [{"name": "Only", "kind": "open"}]}
                """), 422)).containsExactlyInAnyOrder("name required", "stages below_minimum");
        assertThat(api.issues(api.post(caller, """
                {"name": "Bad", "stages": [{"id": "019ac3b0-6d2e-7a41-9c0b-5f2d8e1a7b30", "name": "A", "kind": "open"},
                 {"name": "", "kind": "sideways"}, {"name": "W", "kind": "won"}, {"name": "L", "kind": "lost"}]}
                """), 422)).containsExactlyInAnyOrder("stages[0].id not_allowed", "stages[1].name required",
                "stages[1].kind invalid");
        assertThat(api.list(caller, "").get("data")).hasSize(1);
    }

    @Test
    void stagesAreRenamedMovedAddedAndRemovedByTheWholeNewList() {
        JsonNode made = business();
        String id = made.get("id").asString();

        JsonNode changed = api.updated(caller, id, """
                {"name": "Business", "stages": [
                  {"id": "%s", "name": "Viewing booked", "kind": "open"},
                  {"id": "%s", "name": "New", "kind": "open"},
                  {"name": "Offer", "kind": "open"},
                  {"id": "%s", "name": "Signed", "kind": "won"},
                  {"id": "%s", "name": "Gone", "kind": "lost"}]}
                """.formatted(stageId(made, "Viewing"), stageId(made, "New"), stageId(made, "Signed"),
                stageId(made, "Gone")));

        assertThat(changed.get("name").asString()).isEqualTo("Business");
        assertThat(stages(changed)).containsExactly("1 Viewing booked open", "2 New open", "3 Offer open",
                "4 Signed won", "5 Gone lost");
        assertThat(stageId(changed, "Viewing booked")).isEqualTo(stageId(made, "Viewing"));
        assertThat(api.read(caller, id)).isEqualTo(changed);
    }

    @Test
    void aStageDealsStandInCannotBeRemovedNorMadeToHoldClosedDeals() {
        JsonNode made = business();
        String id = made.get("id").asString();
        dealIn(made, "Viewing");
        String withoutViewing = """
                {"stages": [{"id": "%s", "name": "New", "kind": "open"}, {"id": "%s", "name": "Signed", "kind": "won"},
                 {"id": "%s", "name": "Gone", "kind": "lost"}]}
                """.formatted(stageId(made, "New"), stageId(made, "Signed"), stageId(made, "Gone"));

        assertThat(api.errorMessage(api.patch(caller, id, withoutViewing), 409, "conflict")).contains("Viewing");
        String viewingLost = """
                {"stages": [{"id": "%s", "name": "New", "kind": "open"}, {"id": "%s", "name": "Viewing", "kind": "lost"},
                 {"id": "%s", "name": "Signed", "kind": "won"}]}
                """.formatted(stageId(made, "New"), stageId(made, "Viewing"), stageId(made, "Signed"));
        assertThat(api.errorMessage(api.patch(caller, id, viewingLost), 409, "conflict"))
                .contains("cannot change from open to lost");
        String viewingReserved = """
                {"stages": [{"id": "%s", "name": "New", "kind": "open"}, {"id": "%s", "name": "Viewing", "kind": "reserved"},
                 {"id": "%s", "name": "Signed", "kind": "won"}, {"id": "%s", "name": "Gone", "kind": "lost"}]}
                """.formatted(stageId(made, "New"), stageId(made, "Viewing"), stageId(made, "Signed"),
                stageId(made, "Gone"));

        assertThat(stages(api.updated(caller, id, viewingReserved))).containsExactly("1 New open",
                "2 Viewing reserved", "3 Signed won", "4 Gone lost");
    }

    @Test
    void aRefusedChangeWritesNothing() {
        JsonNode made = business();
        String id = made.get("id").asString();
        dealIn(made, "Held");

        api.patch(caller, id, """
                {"name": "Renamed", "stages": [{"id": "%s", "name": "New", "kind": "open"},
                 {"id": "%s", "name": "Signed", "kind": "won"}, {"id": "%s", "name": "Gone", "kind": "lost"}]}
                """.formatted(stageId(made, "New"), stageId(made, "Signed"), stageId(made, "Gone")))
                .expectStatus().isEqualTo(409);

        assertThat(api.read(caller, id)).isEqualTo(made);
    }

    @Test
    void aStageIdOfAnotherPipelineIsNotFound() {
        JsonNode made = business();
        String otherStage = api.list(caller, "").get("data").values().stream()
                .filter(p -> p.get("is_default").asBoolean()).findFirst().orElseThrow()
                .get("stages").get(0).get("id").asString();

        assertThat(api.issues(api.patch(caller, made.get("id").asString(), """
                {"stages": [{"id": "%s", "name": "A", "kind": "open"}, {"name": "W", "kind": "won"},
                 {"name": "L", "kind": "lost"}]}
                """.formatted(otherStage)), 422)).containsExactly("stages[0].id not_found");
    }

    @Test
    void theDefaultCannotBeUnsetNorDeletedOnlyReplaced() {
        JsonNode original = api.list(caller, "").get("data").get(0);
        String originalId = original.get("id").asString();

        assertThat(api.issues(api.patch(caller, originalId, "{\"is_default\": false}"), 422))
                .containsExactly("is_default not_allowed");
        assertThat(api.errorCode(api.delete(caller, originalId), 409)).isEqualTo("conflict");

        JsonNode made = business();
        api.updated(caller, made.get("id").asString(), "{\"is_default\": true}");
        assertThat(api.read(caller, originalId).get("is_default").asBoolean()).isFalse();
        api.delete(caller, originalId).expectStatus().isOk();
        assertThat(api.listedIds(caller, "")).containsExactly(made.get("id").asString());
    }

    @Test
    void aPipelineHoldingDealsIsNotDeletedAnEmptyOneIs() {
        JsonNode busy = business();
        dealIn(busy, "New");
        JsonNode empty = api.create(caller, "{\"name\": \"Spare\", \"stages\": " + STAGES + "}");

        assertThat(api.errorMessage(api.delete(caller, busy.get("id").asString()), 409, "conflict"))
                .contains("1 deal(s)");
        api.delete(caller, empty.get("id").asString()).expectStatus().isOk();
        api.get(caller, "/v1/pipelines/" + empty.get("id").asString()).expectStatus().isNotFound();
    }

    @Test
    void anotherAccountNeitherSeesNorChangesThePipeline() {
        JsonNode made = business();
        Caller other = CrmApi.newAccount();

        api.get(other, "/v1/pipelines/" + made.get("id").asString()).expectStatus().isNotFound();
        api.patch(other, made.get("id").asString(), "{\"name\": \"Mine\"}").expectStatus().isNotFound();
        api.delete(other, made.get("id").asString()).expectStatus().isNotFound();
        assertThat(api.read(caller, made.get("id").asString())).isEqualTo(made);
    }

    @Test
    void aBodyOfOnlyNullsChangesNothing() {
        JsonNode made = business();

        JsonNode same = api.updated(caller, made.get("id").asString(),
                "{\"name\": null, \"stages\": null, \"is_default\": null}");

        assertThat(stages(same)).isEqualTo(stages(made));
        assertThat(same.get("name")).isEqualTo(made.get("name"));
    }
}
