package com.storageplatform.crm.deal;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.crm.support.CrmApi;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.TestCallers;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** {@code PATCH /v1/deals/{id}}: every row of the spec's Deal state table, and the rules of a change. */
@PlatformTest
class DealStatesTest {

    static final String DEFAULT_REASON = "Went with a competitor";

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    DealFixtures f;

    @BeforeEach
    void setUp() {
        f = new DealFixtures(client, json, db, "{\"deal_lost_default_reason\": \"" + DEFAULT_REASON + "\"}");
    }

    /** An open deal with a call due. */
    String openDeal() {
        return f.deal(", \"next_follow_up_on\": \"2027-01-10\", \"next_follow_up_window\": \"morning\"")
                .get("id").asString();
    }

    JsonNode patch(String id, String body) {
        return f.api.updated(f.caller, id, body);
    }

    @Test
    void winningMovesToTheWonStageAndClearsTheNextCall() {
        String id = openDeal();

        JsonNode won = patch(id, "{\"status\": \"won\"}");

        assertThat(won.get("status").asString()).isEqualTo("won");
        assertThat(won.get("stage_id").asString()).isEqualTo(f.stage("Won"));
        assertThat(won.get("next_follow_up_on").isNull()).isTrue();
        assertThat(won.get("next_follow_up_window").isNull()).isTrue();
        assertThat(f.accounts.eventTypes(id)).containsExactly("deal.created", "deal.won");
    }

    @Test
    void aMemberOfStaffWinsOnlyByNamingTheAgreement() {
        String id = openDeal();
        Caller staff = CrmApi.staffOf(f.caller);

        assertThat(f.api.issues(f.api.patch(staff, id, "{\"status\": \"won\"}")))
                .containsExactly("agreement_id required");
        assertThat(f.api.read(f.caller, id).get("status").asString()).isEqualTo("open");

        UUID agreement = f.bookings.agreement(f.caller, f.customer, f.site);
        JsonNode won = f.api.body(f.api.patch(staff, id, "{\"status\": \"won\", \"agreement_id\": \"" + agreement
                + "\"}").expectStatus().isOk()).get("data");
        assertThat(won.get("status").asString()).isEqualTo("won");
        assertThat(won.get("agreement_id").asString()).isEqualTo(agreement.toString());
    }

    @Test
    void anApiKeyWinsWithoutAnAgreement() {
        assertThat(patch(openDeal(), "{\"status\": \"won\"}").get("agreement_id").isNull()).isTrue();
    }

    @Test
    void losingMovesToTheLostStageAndPublishesDealLostWithTheReservation() {
        String id = openDeal();
        UUID reservation = f.bookings.reservation(f.caller, f.customer, f.site, UUID.fromString(id), "active",
                Instant.now().plusSeconds(3600));
        patch(id, "{\"reservation_id\": \"" + reservation + "\"}");

        JsonNode lost = patch(id, "{\"status\": \"lost\", \"lost_reason\": \"Too expensive\"}");

        assertThat(lost.get("status").asString()).isEqualTo("lost");
        assertThat(lost.get("stage_id").asString()).isEqualTo(f.stage("Lost"));
        assertThat(lost.get("lost_reason").asString()).isEqualTo("Too expensive");
        assertThat(lost.get("next_follow_up_on").isNull()).isTrue();
        assertThat(f.accounts.eventTypes(id)).containsExactly("deal.created", "deal.updated", "deal.lost");
        List<JsonNode> events = f.accounts.events(id);
        JsonNode data = events.get(events.size() - 1).get("data");
        assertThat(data.get("reservation_id").asString()).isEqualTo(reservation.toString());
        assertThat(data.get("id").asString()).isEqualTo(id);
    }

    @Test
    void aDealLostWithoutAReasonKeepsTheStoredOne() {
        String id = openDeal();
        patch(id, "{\"status\": \"lost\", \"lost_reason\": \"Moved away\"}");
        patch(id, "{\"status\": \"open\"}");

        assertThat(patch(id, "{\"status\": \"lost\"}").get("lost_reason").asString()).isEqualTo("Moved away");
    }

    @Test
    void aDealLostWithoutAnyReasonGetsTheOperatorsDefault() {
        assertThat(patch(openDeal(), "{\"status\": \"lost\"}").get("lost_reason").asString())
                .isEqualTo(DEFAULT_REASON);
    }

    @Test
    void aLostDealIsReopenedAtThePipelinesFirstStage() {
        String id = openDeal();
        patch(id, "{\"status\": \"lost\"}");

        JsonNode reopened = patch(id, "{\"status\": \"open\"}");

        assertThat(reopened.get("status").asString()).isEqualTo("open");
        assertThat(reopened.get("stage_id").asString()).isEqualTo(f.stage("Enquiry"));
        assertThat(f.accounts.eventTypes(id)).containsExactly("deal.created", "deal.lost", "deal.updated");
        JsonNode atQuoted = patch(id, "{\"status\": \"lost\"}");
        assertThat(atQuoted.get("status").asString()).isEqualTo("lost");
        assertThat(patch(id, "{\"status\": \"open\", \"stage_id\": \"" + f.stage("Quoted") + "\"}")
                .get("stage_id").asString()).isEqualTo(f.stage("Quoted"));
    }

    @Test
    void aWonDealsStatusCannotChange() {
        String id = openDeal();
        patch(id, "{\"status\": \"won\"}");

        assertThat(f.api.errorCode(f.api.patch(f.caller, id, "{\"status\": \"open\"}"), 409)).isEqualTo("conflict");
        assertThat(f.api.errorCode(f.api.patch(f.caller, id, "{\"status\": \"lost\"}"), 409)).isEqualTo("conflict");
        assertThat(patch(id, "{\"status\": \"won\"}").get("status").asString()).isEqualTo("won");
        assertThat(f.accounts.eventTypes(id)).containsExactly("deal.created", "deal.won");
    }

    @Test
    void aWonOrLostDealCannotMoveToAnOpenStage() {
        String won = openDeal();
        patch(won, "{\"status\": \"won\"}");
        assertThat(f.api.errorCode(f.api.patch(f.caller, won, "{\"stage_id\": \"" + f.stage("Quoted") + "\"}"), 409))
                .isEqualTo("conflict");

        String lost = openDeal();
        patch(lost, "{\"status\": \"lost\"}");
        assertThat(f.api.issues(f.api.patch(f.caller, lost, "{\"stage_id\": \"" + f.stage("Quoted") + "\"}")))
                .containsExactly("stage_id invalid_transition");
        assertThat(f.api.read(f.caller, lost).get("stage_id").asString()).isEqualTo(f.stage("Lost"));
    }

    @Test
    void thePipelinesWonOrLostStageSentWithStatusOpenIs422() {
        String id = openDeal();
        assertThat(f.api.issues(f.api.patch(f.caller, id, "{\"status\": \"open\", \"stage_id\": \""
                + f.stage("Won") + "\"}"))).containsExactly("stage_id not_allowed");
        assertThat(f.api.issues(f.api.patch(f.caller, id, "{\"status\": \"open\", \"stage_id\": \""
                + f.stage("Lost") + "\"}"))).containsExactly("stage_id not_allowed");
        assertThat(f.accounts.eventTypes(id)).containsExactly("deal.created");
    }

    @Test
    void anOpenDealMovesBetweenOpenStages() {
        String id = openDeal();
        JsonNode reserved = patch(id, "{\"stage_id\": \"" + f.stage("Reserved") + "\"}");
        assertThat(reserved.get("stage_id").asString()).isEqualTo(f.stage("Reserved"));
        assertThat(reserved.get("status").asString()).isEqualTo("open");
        assertThat(f.accounts.eventTypes(id)).containsExactly("deal.created", "deal.updated");
    }

    @Test
    void aBodyOfOnlyNullsIsAccepted() {
        String id = f.deal(", \"channel\": \"phone\", \"note\": \"Call back\", \"unit_type_id\": \"" + f.unitType
                + "\"").get("id").asString();

        JsonNode after = patch(id, """
                {"contact_id": null, "site_id": null, "channel": null, "unit_type_id": null, "need_by_date": null,
                 "note": null, "pipeline_id": null, "stage_id": null, "agreement_id": null, "reservation_id": null,
                 "next_follow_up_on": null, "next_follow_up_window": null, "status": null, "lost_reason": null}
                """);

        assertThat(after.get("status").asString()).isEqualTo("open");
        assertThat(after.get("contact_id").asString()).isEqualTo(f.customer.toString());
        assertThat(after.get("stage_id").asString()).isEqualTo(f.stage("Enquiry"));
        assertThat(after.get("channel").isNull()).isTrue();
        assertThat(after.get("note").isNull()).isTrue();
        assertThat(after.get("unit_type_id").isNull()).isTrue();
        assertThat(patch(id, "{\"status\": null}")).isEqualTo(after);
    }

    @Test
    void aNewCustomerOnADealLinkedToAnotherCustomersAgreementIs422OnAgreementId() {
        UUID agreement = f.bookings.agreement(f.caller, f.customer, f.site);
        String id = f.deal(", \"agreement_id\": \"" + agreement + "\"").get("id").asString();
        UUID someoneElse = f.accounts.customer(f.caller);

        assertThat(f.api.issues(f.api.patch(f.caller, id, "{\"contact_id\": \"" + someoneElse + "\"}")))
                .containsExactly("agreement_id not_allowed");
        UUID theirs = f.bookings.agreement(f.caller, someoneElse, f.site);
        JsonNode moved = patch(id, "{\"contact_id\": \"" + someoneElse + "\", \"agreement_id\": \"" + theirs + "\"}");
        assertThat(moved.get("contact_id").asString()).isEqualTo(someoneElse.toString());
    }

    @Test
    void theWalkInSalesRecordCannotBecomeTheCustomer() {
        assertThat(f.api.issues(f.api.patch(f.caller, openDeal(), "{\"contact_id\": \"" + f.walkIn + "\"}")))
                .containsExactly("contact_id not_allowed");
    }

    @Test
    void aLostDealCannotBeWonWithoutReopening() {
        String id = openDeal();
        patch(id, "{\"status\": \"lost\"}");
        assertThat(f.api.issues(f.api.patch(f.caller, id, "{\"status\": \"won\"}")))
                .containsExactly("status invalid_transition");
    }

    @Test
    void aChangeThatChangesNothingPublishesNothing() {
        String id = openDeal();
        JsonNode before = f.api.read(f.caller, id);
        assertThat(patch(id, "{\"next_follow_up_window\": \"morning\"}")).isEqualTo(before);
        assertThat(f.accounts.eventTypes(id)).containsExactly("deal.created");
    }
    @Test
    void aClosedDealHasNoNextCall() {
        String id = openDeal();
        assertThat(f.api.issues(f.api.patch(f.caller, id, "{\"status\": \"lost\", \"next_follow_up_on\": "
                + "\"2027-02-01\"}"))).containsExactly("next_follow_up_on not_allowed");
        patch(id, "{\"status\": \"lost\"}");
        assertThat(f.api.issues(f.api.patch(f.caller, id, "{\"next_follow_up_on\": \"2027-02-01\"}")))
                .containsExactly("next_follow_up_on not_allowed");
    }

    @Test
    void anotherSiteIsJudgedAsOnCreateWithTheUnitTypeKept() {
        String id = f.deal(", \"unit_type_id\": \"" + f.unitType + "\"").get("id").asString();
        UUID otherSite = f.bookings.site(f.caller);

        assertThat(f.api.issues(f.api.patch(f.caller, id, "{\"site_id\": \"" + otherSite + "\"}")))
                .containsExactly("unit_type_id invalid");
        JsonNode moved = patch(id, "{\"site_id\": \"" + otherSite + "\", \"unit_type_id\": null}");
        assertThat(moved.get("site_id").asString()).isEqualTo(otherSite.toString());

        Caller there = TestCallers.restrictedTo(f.caller, otherSite);
        assertThat(f.api.errorCode(f.api.patch(there, id, "{\"site_id\": \"" + f.site + "\"}"), 403))
                .isEqualTo("site_forbidden");
        Caller here = TestCallers.restrictedTo(f.caller, f.site);
        assertThat(f.api.errorCode(f.api.patch(here, id, "{\"note\": \"x\"}"), 403)).isEqualTo("site_forbidden");
        assertThat(f.api.errorCode(f.api.delete(here, id), 403)).isEqualTo("site_forbidden");
    }
}
