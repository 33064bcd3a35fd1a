package com.storageplatform.billing.collections;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.billing.support.BillingApi;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.TestCallers;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** {@code GET} and {@code PATCH /v1/dunning-ladder}: one ladder per account, the default until it sets its own. */
@PlatformTest
class DunningLadderTest {

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    BillingApi api;
    final Caller caller = BillingApi.newAccount();

    @BeforeEach
    void setUp() {
        api = new BillingApi(client, json, "/v1/dunning-ladder");
    }

    WebTestClient.ResponseSpec patch(Caller who, String body) {
        return client.patch().uri("/v1/dunning-ladder").header("Authorization", TestCallers.bearer(who))
                .contentType(MediaType.APPLICATION_JSON).bodyValue(body).exchange();
    }

    JsonNode ladder(Caller who) {
        return api.body(api.get(who, "").expectStatus().isOk()).get("data");
    }

    @Test
    void anAccountFollowsTheDefaultLadderUntilItSetsItsOwn() {
        JsonNode ladder = ladder(caller);
        assertThat(ladder.get("object").asString()).isEqualTo("dunning_ladder");
        assertThat(ladder.get("is_default").asBoolean()).isTrue();
        assertThat(ladder.get("updated_at").isNull()).isTrue();
        assertThat(ladder.get("steps").valueStream().map(s -> s.get("days_after_due").asInt() + " "
                + s.get("action").asString()).toList())
                .containsExactly("3 reminder", "7 late_fee", "14 overlock", "21 final_notice");
        assertThat(ladder.at("/steps/1/amount_minor").asLong()).isEqualTo(1000);
    }

    @Test
    void theOperatorsLadderReplacesTheDefaultForItsAccountOnlyAndNullRestoresIt() {
        JsonNode own = api.body(patch(caller, """
                {"steps": [{"days_after_due": 5, "action": "reminder"},
                           {"days_after_due": 10, "action": "late_fee", "amount_minor": 2500},
                           {"days_after_due": 30, "action": "final_notice"}]}
                """).expectStatus().isOk()).get("data");
        assertThat(own.get("is_default").asBoolean()).isFalse();
        assertThat(own.get("updated_at").isNull()).isFalse();
        assertThat(ladder(caller).get("steps")).hasSize(3);
        assertThat(ladder(caller).at("/steps/1/amount_minor").asLong()).isEqualTo(2500);
        assertThat(ladder(BillingApi.newAccount()).get("is_default").asBoolean()).isTrue();

        patch(caller, "{}").expectStatus().isOk();
        assertThat(ladder(caller).get("steps")).hasSize(3);

        patch(caller, "{\"steps\": null}").expectStatus().isOk();
        assertThat(ladder(caller).get("is_default").asBoolean()).isTrue();
    }

    @Test
    void aBadLadderIsRefusedWholeNamingEachBadStepByItsIndex() {
        assertThat(api.issues(patch(caller, """
                {"steps": [{"days_after_due": 7, "action": "reminder"},
                           {"days_after_due": 7, "action": "late_fee"},
                           {"days_after_due": 9, "action": "final_notice"},
                           {"days_after_due": 12, "action": "overlock", "amount_minor": 10}]}
                """))).containsExactlyInAnyOrder("steps[1].days_after_due below_minimum",
                "steps[1].amount_minor required", "steps[3].amount_minor not_allowed", "steps[2].action not_allowed");
        assertThat(ladder(caller).get("is_default").asBoolean()).isTrue();
    }
}
