package com.storageplatform.crm.note;

import static com.storageplatform.kit.testsupport.ResourceApi.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.crm.internal.Records;
import com.storageplatform.crm.support.CrmAccount;
import com.storageplatform.crm.support.CrmApi;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.TestCallers;
import com.storageplatform.kit.testsupport.TestEvents;
import java.time.Instant;
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
 * {@code /v1/notes}: the subject types and their records, the subject's site and the caller's sites, the author,
 * tenants, events, the deals' activity, and that a note is never edited.
 */
@PlatformTest
class NoteTest {

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    @Autowired
    Records records;

    CrmAccount a;
    CrmApi notes;

    @BeforeEach
    void setUp() {
        a = new CrmAccount(client, json, db);
        notes = new CrmApi(client, json, "/v1/notes");
    }

    String body(String type, Object subject, String text) {
        return """
                {"subject_type": "%s", "subject_id": "%s", "body": "%s"}
                """.formatted(type, subject, text);
    }

    @Test
    void aNoteOnAContactIsTrimmedWrittenByTheCallerAndPublished() {
        JsonNode note = notes.create(a.caller, body("contact", a.customer, "  Prefers email.\\n "));

        assertThat(note.get("object").asString()).isEqualTo("note");
        assertThat(note.get("subject_type").asString()).isEqualTo("contact");
        assertThat(note.get("subject_id").asString()).isEqualTo(a.customer.toString());
        assertThat(note.get("body").asString()).isEqualTo("Prefers email.");
        assertThat(note.get("site_id").isNull()).isTrue();
        assertThat(note.get("author").get("actor_type").asString()).isEqualTo("api");
        assertThat(note.get("author").get("credential_id").asString()).isEqualTo(a.caller.credentialId());
        assertThat(note.get("created_at").asString()).isEqualTo(note.get("updated_at").asString());
        assertThat(notes.read(a.caller, note.get("id").asString())).isEqualTo(note);
        assertThat(a.accounts.eventTypes(note.get("id").asString())).containsExactly("note.created");
        assertThat(a.accounts.events(note.get("id").asString()).get(0).get("data")).isEqualTo(note);

        Caller staff = CrmApi.staffOf(a.caller);
        JsonNode byStaff = notes.create(staff, body("contact", a.customer, "Called in."));
        assertThat(byStaff.get("author").get("actor_type").asString()).isEqualTo("staff");
        assertThat(byStaff.get("author").get("credential_id").asString()).isEqualTo(staff.credentialId());
    }

    @Test
    void theBodyIsRequiredAndAtMost5000Characters() {
        assertThat(notes.create(a.caller, body("contact", a.customer, "b".repeat(5000))).get("body").asString())
                .hasSize(5000);
        assertThat(notes.issues(notes.post(a.caller, body("contact", a.customer, "b".repeat(5001)))))
                .containsExactly("body too_long");
        assertThat(notes.issues(notes.post(a.caller, body("contact", a.customer, "  "))))
                .containsExactly("body required");
        assertThat(notes.issues(notes.post(a.caller, "{}"))).containsExactlyInAnyOrder("subject_type required",
                "subject_id required", "body required");
    }

    @Test
    void aSubjectTypeOutsideTheSpecsListIsRefusedNamingTheAllowedOnes() {
        var refused = notes.post(a.caller, body("invoice", Ids.newId(), "x"));

        JsonNode error = notes.body(refused.expectStatus().isEqualTo(422)).get("error");
        assertThat(error.get("details").get(0).get("field").asString()).isEqualTo("subject_type");
        assertThat(error.get("details").get(0).get("issue").asString()).isEqualTo("invalid");
        assertThat(error.get("message").asString()).contains("agreement, collections_case, contact, deal, unit");
    }

    @Test
    void theWalkInSalesRecordIsNotANotesSubject() {
        assertThat(notes.issues(notes.post(a.caller, body("contact", a.walkIn, "Cash sale."))))
                .containsExactly("subject_id not_allowed");
    }

    @Test
    void aSubjectTheAccountDoesNotHaveIsNotFound() {
        CrmAccount other = new CrmAccount(client, json, db);
        String theirDeal = other.deal(other.customer, other.site);
        for (String type : new String[] {"contact", "deal", "agreement", "unit"}) {
            assertThat(notes.issues(notes.post(a.caller, body(type, Ids.newId(), "x")))).as(type)
                    .containsExactly("subject_id not_found");
        }
        assertThat(notes.issues(notes.post(a.caller, body("contact", other.customer, "x"))))
                .containsExactly("subject_id not_found");
        assertThat(notes.issues(notes.post(a.caller, body("deal", theirDeal, "x"))))
                .containsExactly("subject_id not_found");
        UUID theirUnit = other.bookings.unit(other.caller, other.site, other.bookings.unitType(other.caller,
                other.site));
        assertThat(notes.issues(notes.post(a.caller, body("unit", theirUnit, "x"))))
                .containsExactly("subject_id not_found");
    }

    @Test
    void aNoteOnADealAgreementOrUnitCarriesItsSite() {
        String deal = a.deal(a.customer, a.site);
        UUID agreement = a.bookings.agreement(a.caller, a.customer, a.site);
        UUID unit = a.bookings.unit(a.caller, a.site, a.bookings.unitType(a.caller, a.site));

        assertThat(notes.create(a.caller, body("deal", deal, "x")).get("site_id").asString())
                .isEqualTo(a.site.toString());
        assertThat(notes.create(a.caller, body("agreement", agreement, "x")).get("site_id").asString())
                .isEqualTo(a.site.toString());
        assertThat(notes.create(a.caller, body("unit", unit, "x")).get("site_id").asString())
                .isEqualTo(a.site.toString());
    }

    @Test
    void aUnitTheCataloguePublishedIsKeptAndCanBeANotesSubject() {
        UUID unit = Ids.newId();
        TestEvents.publish("catalogue.events", "unit.created", a.caller.accountId(), Map.of("id", unit.toString(),
                "object", "unit", "site_id", a.site.toString(), "unit_type_id", Ids.newId().toString(), "name",
                "A12", "status", "available"));

        eventually(() -> records.unit(a.caller.accountId(), unit).block() != null);
        JsonNode note = notes.create(a.caller, body("unit", unit, "Door sticks."));
        assertThat(note.get("site_id").asString()).isEqualTo(a.site.toString());
    }

    @Test
    void aCollectionsCaseIsTakenOnItsIdWithoutASite() {
        UUID collectionsCase = Ids.newId();

        JsonNode note = notes.create(a.caller, body("collections_case", collectionsCase, "Promised to pay."));

        assertThat(note.get("subject_id").asString()).isEqualTo(collectionsCase.toString());
        assertThat(note.get("site_id").isNull()).isTrue();
        assertThat(notes.issues(notes.post(a.caller, body("collections_case", "nope", "x"))))
                .containsExactly("subject_id invalid");
    }

    @Test
    void aNoteOnADealRecordsActivityOnIt() {
        String deal = a.deal(a.customer, a.site);
        Instant before = a.backdate(deal);

        notes.create(a.caller, body("deal", deal, "Wants to see the unit."));

        assertThat(a.lastActivity(deal)).isAfter(before.plusSeconds(3600));
        assertThat(a.accounts.eventTypes(deal)).containsExactly("deal.created");
    }

    @Test
    void aNoteOnAContactRecordsActivityOnTheCustomersOpenDeals() {
        UUID otherSite = a.bookings.site(a.caller);
        String first = a.deal(a.customer, a.site);
        String second = a.deal(a.customer, otherSite);
        String lost = a.deal(a.customer, a.site);
        a.deals.updated(a.caller, lost, "{\"status\": \"lost\"}");
        String someoneElses = a.deal(a.accounts.customer(a.caller), a.site);
        Instant firstBefore = a.backdate(first);
        Instant secondBefore = a.backdate(second);
        Instant lostBefore = a.backdate(lost);
        Instant otherBefore = a.backdate(someoneElses);

        notes.create(a.caller, body("contact", a.customer, "Rang about both sites."));

        assertThat(a.lastActivity(first)).isAfter(firstBefore.plusSeconds(3600));
        assertThat(a.lastActivity(second)).isAfter(secondBefore.plusSeconds(3600));
        assertThat(a.lastActivity(lost)).isEqualTo(lostBefore);
        assertThat(a.lastActivity(someoneElses)).isEqualTo(otherBefore);
    }

    @Test
    void aSiteRestrictedCredentialNamesNoSubjectAtAnotherSiteAndSeesNoNoteThere() {
        UUID otherSite = a.bookings.site(a.caller);
        Caller here = TestCallers.restrictedTo(a.caller, a.site);
        String dealThere = a.deal(a.customer, otherSite);
        UUID agreementThere = a.bookings.agreement(a.caller, a.customer, otherSite);
        UUID unitThere = a.bookings.unit(a.caller, otherSite, a.bookings.unitType(a.caller, otherSite));
        assertThat(notes.errorCode(notes.post(here, body("deal", dealThere, "x")), 403)).isEqualTo("site_forbidden");
        assertThat(notes.errorCode(notes.post(here, body("agreement", agreementThere, "x")), 403))
                .isEqualTo("site_forbidden");
        assertThat(notes.errorCode(notes.post(here, body("unit", unitThere, "x")), 403)).isEqualTo("site_forbidden");

        String mine = notes.createId(here, body("deal", a.deal(a.customer, a.site), "Mine"));
        String theirs = notes.createId(a.caller, body("deal", dealThere, "Theirs"));
        String siteless = notes.createId(here, body("contact", a.customer, "Anyone's"));

        assertThat(notes.listedIds(here, "")).containsExactly(siteless, mine);
        assertThat(notes.listedIds(a.caller, "")).containsExactly(siteless, theirs, mine);
        assertThat(notes.errorCode(notes.get(here, "/" + theirs), 403)).isEqualTo("site_forbidden");
        assertThat(notes.errorCode(notes.delete(here, theirs), 403)).isEqualTo("site_forbidden");
        assertThat(notes.read(here, siteless).get("id").asString()).isEqualTo(siteless);
    }

    @Test
    void theListIsNewestFirstAndFiltersBySubject() {
        String deal = a.deal(a.customer, a.site);
        String onContact = notes.createId(a.caller, body("contact", a.customer, "One"));
        String onDeal = notes.createId(a.caller, body("deal", deal, "Two"));
        String again = notes.createId(a.caller, body("contact", a.customer, "Three"));

        assertThat(notes.listedIds(a.caller, "")).containsExactly(again, onDeal, onContact);
        assertThat(notes.listedIds(a.caller, "?subject_type=contact")).containsExactly(again, onContact);
        assertThat(notes.listedIds(a.caller, "?subject_id=" + deal)).containsExactly(onDeal);
        assertThat(notes.listedIds(a.caller, "?subject_type=unit")).isEmpty();
        assertThat(notes.issues(notes.get(a.caller, "?subject_type=invoice"), 400))
                .containsExactly("subject_type invalid");
    }

    @Test
    void aNoteIsDeletedButNeverEdited() {
        String id = notes.createId(a.caller, body("contact", a.customer, "Said yes."));

        assertThat(notes.errorCode(notes.patch(a.caller, id, "{\"body\": \"Said no.\"}"), 405))
                .isEqualTo("method_not_allowed");
        JsonNode deleted = notes.body(notes.delete(a.caller, id).expectStatus().isOk()).get("data");

        assertThat(deleted.get("id").asString()).isEqualTo(id);
        assertThat(deleted.get("object").asString()).isEqualTo("note");
        assertThat(deleted.get("deleted").asBoolean()).isTrue();
        assertThat(notes.errorCode(notes.get(a.caller, "/" + id), 404)).isEqualTo("not_found");
        assertThat(a.accounts.eventTypes(id)).containsExactly("note.created", "note.deleted");
    }

    @Test
    void anotherAccountsNoteIsNotFoundAndNotListed() {
        String id = notes.createId(a.caller, body("contact", a.customer, "Mine."));
        Caller other = CrmApi.newAccount();

        assertThat(notes.errorCode(notes.get(other, "/" + id), 404)).isEqualTo("not_found");
        assertThat(notes.errorCode(notes.delete(other, id), 404)).isEqualTo("not_found");
        assertThat(notes.listedIds(other, "")).isEmpty();
        assertThat(notes.read(a.caller, id).get("body").asString()).isEqualTo("Mine.");
    }
}
