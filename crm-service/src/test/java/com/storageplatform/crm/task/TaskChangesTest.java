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

/** {@code PATCH}, {@code POST /complete} and {@code DELETE} of {@code /v1/tasks/{id}}. */
@PlatformTest
class TaskChangesTest {

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

    JsonNode full() {
        return tasks.create(a.caller, """
                {"title": "Call back", "description": "About parking.", "contact_id": "%s", "due_on": "2027-01-15",
                 "assignee": "Sam"}
                """.formatted(a.customer));
    }

    JsonNode complete(String id) {
        return tasks.body(tasks.action(a.caller, id, "complete", "{}").expectStatus().isOk()).get("data");
    }

    @Test
    void onlyTheFieldsSentChangeAndTaskUpdatedIsPublished() {
        String id = full().get("id").asString();

        JsonNode changed = tasks.updated(a.caller, id, "{\"title\": \" Call back today \", \"due_on\": \"2027-01-16\"}");

        assertThat(changed.get("title").asString()).isEqualTo("Call back today");
        assertThat(changed.get("due_on").asString()).isEqualTo("2027-01-16");
        assertThat(changed.get("description").asString()).isEqualTo("About parking.");
        assertThat(changed.get("assignee").asString()).isEqualTo("Sam");
        assertThat(changed.get("contact_id").asString()).isEqualTo(a.customer.toString());
        assertThat(Instant.parse(changed.get("updated_at").asString()))
                .isAfter(Instant.parse(changed.get("created_at").asString()));
        assertThat(a.accounts.eventTypes(id)).containsExactly("task.created", "task.updated");
    }

    @Test
    void aBodyOfOnlyNullsIsAcceptedKeepingTheTitleAndClearingTheRest() {
        String id = full().get("id").asString();

        JsonNode cleared = tasks.updated(a.caller, id, """
                {"title": null, "description": null, "deal_id": null, "contact_id": null, "due_on": null,
                 "assignee": null}
                """);

        assertThat(cleared.get("title").asString()).isEqualTo("Call back");
        for (String none : new String[] {"description", "deal_id", "contact_id", "site_id", "due_on", "assignee"}) {
            assertThat(cleared.get(none).isNull()).as(none).isTrue();
        }
    }

    @Test
    void aChangeThatChangesNothingPublishesNothing() {
        JsonNode task = full();
        String id = task.get("id").asString();

        assertThat(tasks.updated(a.caller, id, "{\"title\": \"Call back\", \"assignee\": \"Sam\"}")).isEqualTo(task);
        assertThat(tasks.updated(a.caller, id, "{}")).isEqualTo(task);
        assertThat(a.accounts.eventTypes(id)).containsExactly("task.created");
    }

    @Test
    void everyBadFieldOfAChangeIsNamedInOne422AndNothingIsWritten() {
        JsonNode task = full();
        String id = task.get("id").asString();

        assertThat(tasks.issues(tasks.patch(a.caller, id, """
                {"title": " ", "description": "%s", "contact_id": "%s", "due_on": "2027-1-5"}
                """.formatted("d".repeat(2001), a.walkIn)))).containsExactlyInAnyOrder("title required",
                "description too_long", "contact_id not_allowed", "due_on invalid");
        assertThat(tasks.issues(tasks.patch(a.caller, id, "{\"status\": \"completed\"}")))
                .containsExactly("status unknown_field");
        assertThat(tasks.read(a.caller, id)).isEqualTo(task);
    }

    @Test
    void anotherDealBringsItsCustomerAndSiteAndDealIdNullKeepsTheContact() {
        UUID otherSite = a.bookings.site(a.caller);
        UUID other = a.accounts.customer(a.caller);
        String firstDeal = a.deal(a.customer, a.site);
        String secondDeal = a.deal(other, otherSite);
        String id = tasks.createId(a.caller, "{\"title\": \"Call\", \"deal_id\": \"" + firstDeal + "\"}");

        JsonNode moved = tasks.updated(a.caller, id, "{\"deal_id\": \"" + secondDeal + "\"}");
        assertThat(moved.get("contact_id").asString()).isEqualTo(other.toString());
        assertThat(moved.get("site_id").asString()).isEqualTo(otherSite.toString());

        assertThat(tasks.issues(tasks.patch(a.caller, id, "{\"contact_id\": \"" + a.customer + "\"}")))
                .containsExactly("contact_id not_allowed");
        assertThat(tasks.issues(tasks.patch(a.caller, id, "{\"deal_id\": \"" + Ids.newId() + "\"}")))
                .containsExactly("deal_id not_found");

        JsonNode off = tasks.updated(a.caller, id, "{\"deal_id\": null}");
        assertThat(off.get("deal_id").isNull()).isTrue();
        assertThat(off.get("site_id").isNull()).isTrue();
        assertThat(off.get("contact_id").asString()).isEqualTo(other.toString());

        JsonNode someoneElse = tasks.updated(a.caller, id, "{\"contact_id\": \"" + a.customer + "\"}");
        assertThat(someoneElse.get("contact_id").asString()).isEqualTo(a.customer.toString());
    }

    @Test
    void aSiteRestrictedCredentialNeitherChangesATaskAtAnotherSiteNorMovesOneThere() {
        UUID otherSite = a.bookings.site(a.caller);
        String dealHere = a.deal(a.customer, a.site);
        String dealThere = a.deal(a.customer, otherSite);
        Caller here = TestCallers.restrictedTo(a.caller, a.site);
        String mine = tasks.createId(here, "{\"title\": \"Mine\", \"deal_id\": \"" + dealHere + "\"}");
        String theirs = tasks.createId(a.caller, "{\"title\": \"Theirs\", \"deal_id\": \"" + dealThere + "\"}");

        assertThat(tasks.errorCode(tasks.patch(here, mine, "{\"deal_id\": \"" + dealThere + "\"}"), 403))
                .isEqualTo("site_forbidden");
        assertThat(tasks.errorCode(tasks.patch(here, theirs, "{\"title\": \"Mine now\"}"), 403))
                .isEqualTo("site_forbidden");
        assertThat(tasks.errorCode(tasks.action(here, theirs, "complete", "{}"), 403)).isEqualTo("site_forbidden");
        assertThat(tasks.errorCode(tasks.delete(here, theirs), 403)).isEqualTo("site_forbidden");
        assertThat(tasks.read(a.caller, theirs).get("title").asString()).isEqualTo("Theirs");
        assertThat(tasks.read(a.caller, mine).get("deal_id").asString()).isEqualTo(dealHere);
    }

    @Test
    void completingSetsCompletedAtPublishesTaskCompletedAndRecordsActivityOnTheDeal() {
        String deal = a.deal(a.customer, a.site);
        String id = tasks.createId(a.caller, "{\"title\": \"Call\", \"deal_id\": \"" + deal + "\"}");
        Instant before = a.backdate(deal);

        JsonNode done = complete(id);

        assertThat(done.get("status").asString()).isEqualTo("completed");
        assertThat(done.get("completed_at").asString()).isEqualTo(done.get("updated_at").asString());
        assertThat(a.accounts.eventTypes(id)).containsExactly("task.created", "task.completed");
        assertThat(a.lastActivity(deal)).isAfter(before.plusSeconds(3600));
        assertThat(tasks.read(a.caller, id)).isEqualTo(done);
    }

    @Test
    void completingACompletedTaskIsAConflict() {
        String id = full().get("id").asString();
        JsonNode done = complete(id);

        assertThat(tasks.errorMessage(tasks.action(a.caller, id, "complete", "{}"), 409, "conflict"))
                .contains("completed");
        assertThat(tasks.read(a.caller, id)).isEqualTo(done);
        assertThat(a.accounts.eventTypes(id)).containsExactly("task.created", "task.completed");
    }

    @Test
    void aCompletedTaskCanStillBeEditedAndStaysCompleted() {
        String id = full().get("id").asString();
        JsonNode done = complete(id);

        JsonNode edited = tasks.updated(a.caller, id, "{\"description\": \"Left a message.\"}");

        assertThat(edited.get("description").asString()).isEqualTo("Left a message.");
        assertThat(edited.get("status").asString()).isEqualTo("completed");
        assertThat(edited.get("completed_at")).isEqualTo(done.get("completed_at"));
    }

    @Test
    void aTaskIsDeletedOpenOrCompleted() {
        String open = full().get("id").asString();
        String completed = full().get("id").asString();
        complete(completed);

        for (String id : new String[] {open, completed}) {
            JsonNode deleted = tasks.body(tasks.delete(a.caller, id).expectStatus().isOk()).get("data");
            assertThat(deleted.get("id").asString()).isEqualTo(id);
            assertThat(deleted.get("object").asString()).isEqualTo("task");
            assertThat(deleted.get("deleted").asBoolean()).isTrue();
            assertThat(tasks.errorCode(tasks.get(a.caller, "/" + id), 404)).isEqualTo("not_found");
        }
        assertThat(a.accounts.eventTypes(open)).containsExactly("task.created", "task.deleted");
        assertThat(a.accounts.eventTypes(completed)).containsExactly("task.created", "task.completed",
                "task.deleted");
        assertThat(tasks.errorCode(tasks.delete(a.caller, open), 404)).isEqualTo("not_found");
    }
}
