package com.storageplatform.crm.task;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.crm.support.CrmAccount;
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
 * {@code POST}, {@code GET} and list of {@code /v1/tasks}: the fields, the deal and contact named, the caller's
 * sites, tenants, events and the deal's activity.
 */
@PlatformTest
class TaskCreateTest {

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    CrmAccount a;
    CrmApi tasks;

    @BeforeEach
    void setUp() {
        a = new CrmAccount(client, json, db);
        tasks = new CrmApi(client, json, "/v1/tasks");
    }

    @Test
    void aNewTaskIsOpenWithTheFieldsSentTrimmed() {
        JsonNode task = tasks.create(a.caller, """
                {"title": "  Call back about parking  ", "description": " Asked twice.\\n ", "contact_id": "%s",
                 "due_on": "2027-01-15", "assignee": " Sam Jones "}
                """.formatted(a.customer));

        assertThat(task.get("object").asString()).isEqualTo("task");
        assertThat(task.get("title").asString()).isEqualTo("Call back about parking");
        assertThat(task.get("description").asString()).isEqualTo("Asked twice.");
        assertThat(task.get("contact_id").asString()).isEqualTo(a.customer.toString());
        assertThat(task.get("due_on").asString()).isEqualTo("2027-01-15");
        assertThat(task.get("assignee").asString()).isEqualTo("Sam Jones");
        assertThat(task.get("status").asString()).isEqualTo("open");
        for (String none : new String[] {"deal_id", "site_id", "completed_at"}) {
            assertThat(task.get(none).isNull()).as(none).isTrue();
        }
        assertThat(task.get("created_at").asString()).isEqualTo(task.get("updated_at").asString());
        assertThat(tasks.read(a.caller, task.get("id").asString())).isEqualTo(task);
        assertThat(a.accounts.eventTypes(task.get("id").asString())).containsExactly("task.created");
        assertThat(a.accounts.events(task.get("id").asString()).get(0).get("data")).isEqualTo(task);
    }

    @Test
    void onlyTheTitleIsRequiredAndItIsAtMost200Characters() {
        JsonNode bare = tasks.create(a.caller, "{\"title\": \"Tidy the list\"}");
        for (String none : new String[] {"description", "deal_id", "contact_id", "site_id", "due_on", "assignee"}) {
            assertThat(bare.get(none).isNull()).as(none).isTrue();
        }
        assertThat(tasks.create(a.caller, "{\"title\": \"" + "t".repeat(200) + "\"}").get("title").asString())
                .hasSize(200);

        assertThat(tasks.issues(tasks.post(a.caller, "{\"title\": \"" + "t".repeat(201) + "\"}")))
                .containsExactly("title too_long");
        assertThat(tasks.issues(tasks.post(a.caller, "{\"title\": \"   \"}"))).containsExactly("title required");
    }

    @Test
    void everyBadFieldIsNamedInOne422() {
        assertThat(tasks.issues(tasks.post(a.caller, """
                {"description": "%s", "deal_id": "nope", "contact_id": "%s", "due_on": "15/01/2027",
                 "assignee": "%s"}
                """.formatted("d".repeat(2001), Ids.newId(), "a".repeat(201)))))
                .containsExactlyInAnyOrder("title required", "description too_long", "deal_id invalid",
                        "contact_id not_found", "due_on invalid", "assignee too_long");
        assertThat(tasks.issues(tasks.post(a.caller, "{\"title\": \"x\", \"status\": \"completed\"}")))
                .containsExactly("status unknown_field");
    }

    @Test
    void aDealTheAccountDoesNotHaveIsNotFound() {
        CrmAccount other = new CrmAccount(client, json, db);
        String elsewhere = other.deal(other.customer, other.site);
        assertThat(tasks.issues(tasks.post(a.caller, "{\"title\": \"x\", \"deal_id\": \"" + Ids.newId() + "\"}")))
                .containsExactly("deal_id not_found");
        assertThat(tasks.issues(tasks.post(a.caller, "{\"title\": \"x\", \"deal_id\": \"" + elsewhere + "\"}")))
                .containsExactly("deal_id not_found");
    }

    @Test
    void theWalkInSalesRecordIsNotATasksContact() {
        assertThat(tasks.issues(tasks.post(a.caller, "{\"title\": \"x\", \"contact_id\": \"" + a.walkIn + "\"}")))
                .containsExactly("contact_id not_allowed");
    }

    @Test
    void aTaskOnADealTakesTheDealsCustomerAndSite() {
        String deal = a.deal(a.customer, a.site);

        JsonNode task = tasks.create(a.caller, "{\"title\": \"Send the quote\", \"deal_id\": \"" + deal + "\"}");

        assertThat(task.get("deal_id").asString()).isEqualTo(deal);
        assertThat(task.get("contact_id").asString()).isEqualTo(a.customer.toString());
        assertThat(task.get("site_id").asString()).isEqualTo(a.site.toString());
        JsonNode same = tasks.create(a.caller, """
                {"title": "Call", "deal_id": "%s", "contact_id": "%s"}
                """.formatted(deal, a.customer));
        assertThat(same.get("contact_id").asString()).isEqualTo(a.customer.toString());
    }

    @Test
    void withADealTheContactMustBeTheDealsCustomer() {
        String deal = a.deal(a.customer, a.site);
        UUID someoneElse = a.accounts.customer(a.caller);

        assertThat(tasks.issues(tasks.post(a.caller, """
                {"title": "Call", "deal_id": "%s", "contact_id": "%s"}
                """.formatted(deal, someoneElse)))).containsExactly("contact_id not_allowed");
    }

    @Test
    void aTaskMadeOnADealRecordsActivityOnIt() {
        String deal = a.deal(a.customer, a.site);
        Instant before = a.backdate(deal);

        tasks.create(a.caller, "{\"title\": \"Call\", \"deal_id\": \"" + deal + "\"}");

        assertThat(a.lastActivity(deal)).isAfter(before.plusSeconds(3600));
        assertThat(a.accounts.eventTypes(deal)).containsExactly("deal.created");
    }

    @Test
    void aSiteRestrictedCredentialNamesNoDealAtAnotherSiteAndSeesNoTaskThere() {
        UUID otherSite = a.bookings.site(a.caller);
        String dealHere = a.deal(a.customer, a.site);
        String dealThere = a.deal(a.customer, otherSite);
        Caller here = TestCallers.restrictedTo(a.caller, a.site);

        assertThat(tasks.errorCode(tasks.post(here, "{\"title\": \"x\", \"deal_id\": \"" + dealThere + "\"}"), 403))
                .isEqualTo("site_forbidden");

        String mine = tasks.createId(here, "{\"title\": \"Mine\", \"deal_id\": \"" + dealHere + "\"}");
        String theirs = tasks.createId(a.caller, "{\"title\": \"Theirs\", \"deal_id\": \"" + dealThere + "\"}");
        String siteless = tasks.createId(here, "{\"title\": \"Anyone's\", \"contact_id\": \"" + a.customer + "\"}");

        assertThat(tasks.listedIds(here, "")).containsExactly(siteless, mine);
        assertThat(tasks.listedIds(a.caller, "")).containsExactly(siteless, theirs, mine);
        assertThat(tasks.errorCode(tasks.get(here, "/" + theirs), 403)).isEqualTo("site_forbidden");
        assertThat(tasks.read(here, siteless).get("id").asString()).isEqualTo(siteless);
    }

    @Test
    void anotherAccountsTaskIsNotFoundAndNotListed() {
        String id = tasks.createId(a.caller, "{\"title\": \"Call\"}");
        Caller other = CrmApi.newAccount();

        assertThat(tasks.errorCode(tasks.get(other, "/" + id), 404)).isEqualTo("not_found");
        assertThat(tasks.errorCode(tasks.patch(other, id, "{\"title\": \"Mine\"}"), 404)).isEqualTo("not_found");
        assertThat(tasks.errorCode(tasks.action(other, id, "complete", "{}"), 404)).isEqualTo("not_found");
        assertThat(tasks.errorCode(tasks.delete(other, id), 404)).isEqualTo("not_found");
        assertThat(tasks.listedIds(other, "")).isEmpty();
        assertThat(tasks.read(a.caller, id).get("title").asString()).isEqualTo("Call");
        assertThat(tasks.errorCode(tasks.get(a.caller, "/not-an-id"), 404)).isEqualTo("not_found");
    }

    @Test
    void theListIsNewestFirstAndFiltersByStatusDealContactAssigneeAndDueDay() {
        String deal = a.deal(a.customer, a.site);
        UUID other = a.accounts.customer(a.caller);
        String first = tasks.createId(a.caller, """
                {"title": "One", "deal_id": "%s", "assignee": "Sam", "due_on": "2027-01-10"}
                """.formatted(deal));
        String second = tasks.createId(a.caller, """
                {"title": "Two", "contact_id": "%s", "assignee": "Kim", "due_on": "2027-01-20"}
                """.formatted(other));
        String third = tasks.createId(a.caller, "{\"title\": \"Three\"}");
        tasks.action(a.caller, third, "complete", "{}").expectStatus().isOk();

        assertThat(tasks.listedIds(a.caller, "")).containsExactly(third, second, first);
        assertThat(tasks.listedIds(a.caller, "?status=open")).containsExactly(second, first);
        assertThat(tasks.listedIds(a.caller, "?status=completed")).containsExactly(third);
        assertThat(tasks.listedIds(a.caller, "?deal_id=" + deal)).containsExactly(first);
        assertThat(tasks.listedIds(a.caller, "?contact_id=" + a.customer)).containsExactly(first);
        assertThat(tasks.listedIds(a.caller, "?contact_id=" + other)).containsExactly(second);
        assertThat(tasks.listedIds(a.caller, "?assignee=Kim")).containsExactly(second);
        assertThat(tasks.listedIds(a.caller, "?due_on=2027-01-10")).containsExactly(first);
        assertThat(tasks.listedIds(a.caller, "?due_on[gte]=2027-01-10&due_on[lte]=2027-01-19"))
                .containsExactly(first);
        assertThat(tasks.listedIds(a.caller, "?due_on[gte]=2027-01-11")).containsExactly(second);
        assertThat(tasks.listedIds(a.caller, "?due_on[lte]=2027-01-20")).containsExactly(second, first);

        assertThat(tasks.issues(tasks.get(a.caller, "?status=done"), 400)).containsExactly("status invalid");
        assertThat(tasks.issues(tasks.get(a.caller, "?due_on[gte]=tomorrow"), 400))
                .containsExactly("due_on[gte] invalid");
        assertThat(tasks.issues(tasks.get(a.caller, "?deal_id=nope"), 400)).containsExactly("deal_id invalid");
    }
}
