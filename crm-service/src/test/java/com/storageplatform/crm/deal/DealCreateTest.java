package com.storageplatform.crm.deal;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.crm.support.CrmApi;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.TestCallers;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code POST}, {@code GET} and list of {@code /v1/deals}: defaults, the note, the customer, the records named and
 * the caller's sites, validation naming every field, tenants, events.
 */
@PlatformTest
class DealCreateTest {

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    DealFixtures f;

    @BeforeEach
    void setUp() {
        f = new DealFixtures(client, json, db);
    }

    @Test
    void aNewDealIsOpenAtTheFirstStageOfTheAccountsDefaultPipeline() {
        JsonNode deal = f.deal(", \"channel\": \"phone\", \"unit_type_id\": \"" + f.unitType
                + "\", \"need_by_date\": \"2027-01-15\"");

        JsonNode pipeline = f.defaultPipeline();
        assertThat(deal.get("object").asString()).isEqualTo("deal");
        assertThat(deal.get("status").asString()).isEqualTo("open");
        assertThat(deal.get("pipeline_id").asString()).isEqualTo(pipeline.get("id").asString());
        assertThat(deal.get("stage_id").asString()).isEqualTo(f.stage("Enquiry"));
        assertThat(deal.get("contact_id").asString()).isEqualTo(f.customer.toString());
        assertThat(deal.get("site_id").asString()).isEqualTo(f.site.toString());
        assertThat(deal.get("unit_type_id").asString()).isEqualTo(f.unitType.toString());
        assertThat(deal.get("channel").asString()).isEqualTo("phone");
        assertThat(deal.get("need_by_date").asString()).isEqualTo("2027-01-15");
        for (String none : new String[] {"agreement_id", "reservation_id", "quoted_at", "reserved_at",
                "next_follow_up_on", "next_follow_up_window", "lost_reason", "note"}) {
            assertThat(deal.get(none).isNull()).as(none).isTrue();
        }
        assertThat(deal.get("last_activity_at").isNull()).isFalse();
        assertThat(f.accounts.eventTypes(deal.get("id").asString())).containsExactly("deal.created");
        assertThat(f.api.read(f.caller, deal.get("id").asString())).isEqualTo(deal);
    }

    @Test
    void theNoteIsTrimmedAndAtMost2000Characters() {
        assertThat(f.deal(", \"note\": \"  Wants a drive-up unit.\\n \"").get("note").asString())
                .isEqualTo("Wants a drive-up unit.");
        assertThat(f.deal(", \"note\": \"   \"").get("note").isNull()).isTrue();
        String exactly2000 = "x".repeat(2000);
        assertThat(f.deal(", \"note\": \" " + exactly2000 + " \"").get("note").asString()).isEqualTo(exactly2000);

        assertThat(f.api.issues(f.api.post(f.caller, f.body(", \"note\": \"" + "x".repeat(2001) + "\""))))
                .containsExactly("note too_long");
    }

    @Test
    void everyBadFieldIsNamedInOne422() {
        assertThat(f.api.issues(f.api.post(f.caller, """
                {"unit_type_id": "nope", "channel": "pigeon", "need_by_date": "2027-13-01",
                 "next_follow_up_window": "night"}
                """))).containsExactlyInAnyOrder("contact_id required", "site_id required", "unit_type_id invalid",
                "channel invalid", "need_by_date invalid", "next_follow_up_window invalid",
                "next_follow_up_on required");
    }

    @Test
    void recordsTheAccountDoesNotHaveAreNotFound() {
        assertThat(f.api.issues(f.api.post(f.caller, """
                {"contact_id": "%s", "site_id": "%s", "unit_type_id": "%s", "agreement_id": "%s",
                 "reservation_id": "%s"}
                """.formatted(Ids.newId(), Ids.newId(), Ids.newId(), Ids.newId(), Ids.newId()))))
                .containsExactlyInAnyOrder("contact_id not_found", "site_id not_found", "unit_type_id not_found",
                        "agreement_id not_found", "reservation_id not_found");
    }

    @Test
    void theWalkInSalesRecordIsRefusedAsTheCustomer() {
        assertThat(f.api.issues(f.api.post(f.caller, """
                {"contact_id": "%s", "site_id": "%s"}
                """.formatted(f.walkIn, f.site)))).containsExactly("contact_id not_allowed");
    }

    @Test
    void aUnitTypeOfAnotherSiteIsInvalid() {
        UUID otherSite = f.bookings.site(f.caller);
        UUID elsewhere = f.bookings.unitType(f.caller, otherSite);
        assertThat(f.api.issues(f.api.post(f.caller, f.body(", \"unit_type_id\": \"" + elsewhere + "\""))))
                .containsExactly("unit_type_id invalid");
    }

    @Test
    void anAgreementOrReservationOfAnotherCustomerIsNotAllowed() {
        UUID someoneElse = f.accounts.customer(f.caller);
        UUID agreement = f.bookings.agreement(f.caller, someoneElse, f.site);
        UUID reservation = f.bookings.reservation(f.caller, someoneElse, f.site, null, "active",
                Instant.now().plusSeconds(3600));
        assertThat(f.api.issues(f.api.post(f.caller, f.body(", \"agreement_id\": \"" + agreement
                + "\", \"reservation_id\": \"" + reservation + "\""))))
                .containsExactlyInAnyOrder("agreement_id not_allowed", "reservation_id not_allowed");
    }

    @Test
    void aSiteUnitTypeOrAgreementOutsideTheCallersSitesIsSiteForbidden() {
        UUID otherSite = f.bookings.site(f.caller);
        Caller restricted = TestCallers.restrictedTo(f.caller, otherSite);
        assertThat(f.api.errorCode(f.api.post(restricted, f.body("")), 403)).isEqualTo("site_forbidden");

        Caller here = TestCallers.restrictedTo(f.caller, f.site);
        UUID unitTypeThere = f.bookings.unitType(f.caller, otherSite);
        assertThat(f.api.errorCode(f.api.post(here, f.body(", \"unit_type_id\": \"" + unitTypeThere + "\"")), 403))
                .isEqualTo("site_forbidden");
        UUID agreementThere = f.bookings.agreement(f.caller, f.customer, otherSite);
        assertThat(f.api.errorCode(f.api.post(here, f.body(", \"agreement_id\": \"" + agreementThere + "\"")), 403))
                .isEqualTo("site_forbidden");

        String mine = f.api.createId(here, f.body(""));
        assertThat(f.api.errorCode(f.api.get(restricted, "/" + mine), 403)).isEqualTo("site_forbidden");
        assertThat(f.api.listedIds(restricted, "")).doesNotContain(mine);
        assertThat(f.api.listedIds(here, "")).contains(mine);
    }

    @Test
    void aWonOrLostStageIsNotWhereANewDealStarts() {
        assertThat(f.api.issues(f.api.post(f.caller, f.body(", \"stage_id\": \"" + f.stage("Won") + "\""))))
                .containsExactly("stage_id not_allowed");
        JsonNode reserved = f.deal(", \"stage_id\": \"" + f.stage("Reserved") + "\"");
        assertThat(reserved.get("stage_id").asString()).isEqualTo(f.stage("Reserved"));
        assertThat(f.api.issues(f.api.post(f.caller, f.body(", \"stage_id\": \"" + Ids.newId() + "\""))))
                .containsExactly("stage_id not_found");
    }

    @Test
    void anotherAccountsDealIsNotFoundAndNotListed() {
        String id = f.deal("").get("id").asString();
        Caller other = CrmApi.newAccount();
        assertThat(f.api.errorCode(f.api.get(other, "/" + id), 404)).isEqualTo("not_found");
        assertThat(f.api.listedIds(other, "")).isEmpty();
        assertThat(f.api.errorCode(f.api.get(f.caller, "/not-an-id"), 404)).isEqualTo("not_found");
    }

    @Test
    void theListFiltersByContactSiteStatusAndStage() {
        String first = f.deal("").get("id").asString();
        UUID other = f.accounts.customer(f.caller);
        String second = f.api.createId(f.caller, """
                {"contact_id": "%s", "site_id": "%s", "stage_id": "%s"}
                """.formatted(other, f.site, f.stage("Quoted")));

        assertThat(f.api.listedIds(f.caller, "")).containsExactly(second, first);
        assertThat(f.api.listedIds(f.caller, "?contact_id=" + other)).containsExactly(second);
        assertThat(f.api.listedIds(f.caller, "?stage_id=" + f.stage("Enquiry"))).containsExactly(first);
        assertThat(f.api.listedIds(f.caller, "?status=open&site_id=" + f.site)).containsExactly(second, first);
        assertThat(f.api.listedIds(f.caller, "?status=won")).isEmpty();
        assertThat(f.api.issues(f.api.get(f.caller, "?status=closed"), 400)).containsExactly("status invalid");
    }
}
