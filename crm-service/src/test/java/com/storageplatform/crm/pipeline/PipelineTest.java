package com.storageplatform.crm.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.crm.support.CrmApi;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformTest;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import reactor.core.publisher.Flux;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** {@code /v1/pipelines}: the account's default pipeline, made once on first need, and its ordered stages. */
@PlatformTest
class PipelineTest {

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    @Autowired
    Pipelines pipelines;

    CrmApi api;
    Caller caller;

    @BeforeEach
    void setUp() {
        api = new CrmApi(client, json, "/v1/pipelines");
        caller = CrmApi.newAccount();
    }

    @Test
    void theDefaultPipelineIsMadeOnFirstNeedWithItsStagesInOrder() {
        JsonNode list = api.list(caller, "");

        assertThat(list.get("data")).hasSize(1);
        JsonNode pipeline = list.get("data").get(0);
        assertThat(pipeline.get("object").asString()).isEqualTo("pipeline");
        assertThat(pipeline.get("is_default").asBoolean()).isTrue();
        List<String> stages = new ArrayList<>();
        pipeline.get("stages").values().forEach(stage -> stages.add(stage.get("position").asInt() + " "
                + stage.get("name").asString() + " " + stage.get("kind").asString()));
        assertThat(stages).containsExactly("1 Enquiry open", "2 Quoted open", "3 Reserved reserved", "4 Won won",
                "5 Lost lost");
        assertThat(api.read(caller, pipeline.get("id").asString())).isEqualTo(pipeline);
        assertThat(api.list(caller, "").get("data")).hasSize(1);
    }

    @Test
    void requestsRacingToMakeTheDefaultPipelineMakeOne() {
        List<Pipeline> made = Flux.range(0, 8)
                .flatMap(i -> pipelines.defaultPipeline(caller.accountId()), 8)
                .collectList().block();

        assertThat(made).extracting(Pipeline::id).containsOnly(made.get(0).id());
        assertThat(made.get(0).stages()).hasSize(5);
        assertThat(db.sql("SELECT count(*) FROM pipelines WHERE account_id = :account")
                .bind("account", caller.accountId()).map(row -> row.get(0, Long.class)).one().block()).isEqualTo(1);
    }

    @Test
    void anotherAccountsPipelineIsNotFound() {
        String id = api.list(caller, "").get("data").get(0).get("id").asString();
        assertThat(api.errorCode(api.get(CrmApi.newAccount(), "/" + id), 404)).isEqualTo("not_found");
        assertThat(api.errorCode(api.get(caller, "/" + Ids.newId()), 404)).isEqualTo("not_found");
    }
}
