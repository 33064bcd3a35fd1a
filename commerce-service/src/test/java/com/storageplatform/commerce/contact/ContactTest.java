package com.storageplatform.commerce.contact;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.commerce.support.CommerceApi;
import com.storageplatform.commerce.support.CommerceTest;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** {@code /v1/contacts}: fields, every field rule, updates, lists and their filters, and tenants. */
@CommerceTest
class ContactTest {

    static final String ADA = """
            {"first_name": "Ada", "last_name": "Lovelace"}
            """;

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    CommerceApi api;
    Published published;
    final Caller caller = CommerceApi.newAccount();

    @BeforeEach
    void setUp() {
        api = new CommerceApi(client, json, "/v1/contacts");
        published = new Published(json, db);
    }

    @AfterEach
    void tearDown() {
        published.close();
    }

    @Test
    void aContactHasEveryFieldWithItsDefaults() {
        JsonNode contact = api.create(caller, ADA);

        assertThat(contact.propertyNames()).containsExactly("id", "object", "first_name", "last_name", "email",
                "phone", "company_name", "address", "marketing_status", "marketing_consent",
                "marketing_consent_wording", "status", "system_role", "kyc_status", "archived_at", "created_at",
                "updated_at");
        assertThat(contact.get("object").asString()).isEqualTo("contact");
        assertThat(Ids.parse(contact.get("id").asString())).isPresent();
        assertThat(contact.get("marketing_status").asString()).isEqualTo("not_asked");
        assertThat(contact.get("marketing_consent").asBoolean()).isFalse();
        assertThat(contact.get("status").asString()).isEqualTo("active");
        assertThat(contact.get("system_role").isNull()).isTrue();
        assertThat(contact.get("kyc_status").asString()).isEqualTo("not_required");
        assertThat(contact.get("address").isNull()).isTrue();
        assertThat(contact.get("archived_at").isNull()).isTrue();
        assertThat(api.read(caller, contact.get("id").asString())).isEqualTo(contact);
    }

    @Test
    void everyFieldIsStoredTidiedButNotCoerced() {
        JsonNode contact = api.create(caller, """
                {"first_name": "  Ada ", "last_name": " Lovelace", "email": "  Ada.Lovelace@Example.COM ",
                 "phone": " +44 (0)1603 123-456 ", "company_name": " Analytical Engines Ltd ",
                 "address": {"line1": " 12 St James's Square ", "line2": "", "city": "London",
                             "postcode": "SW1Y 4JH", "country": "GB"},
                 "marketing_consent_wording": "  Yes, email me offers.\\nUnsubscribe at any time.  "}
                """);
        assertThat(contact.get("first_name").asString()).isEqualTo("Ada");
        assertThat(contact.get("last_name").asString()).isEqualTo("Lovelace");
        assertThat(contact.get("email").asString()).isEqualTo("ada.lovelace@example.com");
        assertThat(contact.get("phone").asString()).isEqualTo("+44 (0)1603 123-456");
        assertThat(contact.get("company_name").asString()).isEqualTo("Analytical Engines Ltd");
        assertThat(contact.get("address").toString()).isEqualTo("""
                {"line1":"12 St James's Square","line2":null,"city":"London","postcode":"SW1Y 4JH",\
                "country":"GB"}""");
        assertThat(contact.get("marketing_consent_wording").asString())
                .isEqualTo("Yes, email me offers.\nUnsubscribe at any time.");
        assertThat(api.read(caller, contact.get("id").asString())).isEqualTo(contact);
    }

    @Test
    void everyBadFieldIsNamedInOneValidationError() {
        assertThat(api.issues(api.post(caller, "{}"))).containsExactlyInAnyOrder("first_name required",
                "last_name required");
        assertThat(api.issues(api.post(caller, """
                {"first_name": "  ", "last_name": "%s", "email": "ada@", "phone": "call me",
                 "company_name": "%s", "address": {"line1": "%s", "postcode": "%s", "country": "gb"},
                 "marketing_status": "maybe", "marketing_consent_wording": "%s"}
                """.formatted("L".repeat(101), "C".repeat(201), "1".repeat(201), "P".repeat(21),
                "w".repeat(2001))))).containsExactlyInAnyOrder("first_name required", "last_name too_long",
                "email invalid", "phone invalid", "company_name too_long", "address.line1 too_long",
                "address.postcode too_long", "address.country invalid", "marketing_status invalid",
                "marketing_consent_wording too_long");
        assertThat(api.issues(api.post(caller, """
                {"first_name": "Ada", "last_name": "Lovelace", "email": "%s@example.com", "phone": "%s"}
                """.formatted("a".repeat(250), "1".repeat(41))))).containsExactlyInAnyOrder("email too_long",
                "phone too_long");
        // Exactly at the limits is accepted.
        api.create(caller, """
                {"first_name": "%s", "last_name": "L", "phone": "%s", "company_name": "%s"}
                """.formatted("A".repeat(100), "1".repeat(40), "C".repeat(200)));
        assertThat(published.written(caller.accountId().toString())).isEmpty();
    }

    @Test
    void unknownFieldsAndValuesOfTheWrongTypeAreRefusedNotCoerced() {
        assertThat(api.issues(api.post(caller, ADA.replace("}", ", \"status\": \"archived\"}"))))
                .containsExactly("status unknown_field");
        assertThat(api.issues(api.post(caller, ADA.replace("}", ", \"notes\": \"x\"}"))))
                .containsExactly("notes unknown_field");
        assertThat(api.issues(api.post(caller, ADA.replace("}", ", \"system_role\": \"walk_in\"}"))))
                .containsExactly("system_role unknown_field");
        assertThat(api.issues(api.post(caller, ADA.replace("}", ", \"kyc_status\": \"verified\"}"))))
                .containsExactly("kyc_status unknown_field");
        assertThat(api.issues(api.post(caller, ADA.replace("}", ", \"address\": {\"county\": \"Norfolk\"}}"))))
                .containsExactly("address.county unknown_field");
        assertThat(api.issues(api.post(caller, ADA.replace("}", ", \"marketing_consent\": \"true\"}"))))
                .containsExactly("marketing_consent invalid");
        assertThat(api.issues(api.post(caller, "{\"first_name\": 7, \"last_name\": \"Lovelace\"}")))
                .containsExactly("first_name invalid");
        assertThat(api.issues(api.post(caller, ADA.replace("}", ", \"phone\": 1603123456}"))))
                .containsExactly("phone invalid");
        assertThat(api.issues(api.post(caller, ADA.replace("}", ", \"address\": \"1 Road, Norwich\"}"))))
                .containsExactly("address invalid");
    }

    @Test
    void anUpdateChangesOnlyWhatWasSentAndNullClears() {
        String id = api.createId(caller, """
                {"first_name": "Ada", "last_name": "Lovelace", "email": "ada@example.com", "phone": "01603 1",
                 "company_name": "AE", "address": {"line1": "1 Road", "city": "Norwich", "country": "GB"}}
                """);
        JsonNode updated = api.updated(caller, id, """
                {"last_name": " King ", "phone": null, "company_name": "", "address": {"city": "Diss",
                 "postcode": "IP22 4AA"}}
                """);
        assertThat(updated.get("first_name").asString()).isEqualTo("Ada");
        assertThat(updated.get("last_name").asString()).isEqualTo("King");
        assertThat(updated.get("email").asString()).isEqualTo("ada@example.com");
        assertThat(updated.get("phone").isNull()).isTrue();
        assertThat(updated.get("company_name").isNull()).isTrue();
        assertThat(updated.get("address").toString()).isEqualTo("""
                {"line1":"1 Road","line2":null,"city":"Diss","postcode":"IP22 4AA","country":"GB"}""");
        assertThat(api.updated(caller, id, "{\"address\": null}").get("address").isNull()).isTrue();
        assertThat(api.read(caller, id).get("address").isNull()).isTrue();

        assertThat(api.issues(api.patch(caller, id, """
                {"first_name": "Eve", "address": {"country": "GB", "zip": "1"}}
                """))).containsExactly("address.zip unknown_field");
        assertThat(api.issues(api.patch(caller, id, """
                {"first_name": null, "last_name": "", "email": "nope", "address": {"country": "XX"},
                 "marketing_status": null}
                """))).containsExactlyInAnyOrder("first_name required", "last_name required", "email invalid",
                "address.country invalid", "marketing_status required");
        assertThat(api.read(caller, id).get("last_name").asString()).isEqualTo("King");
    }

    @Test
    void anUpdateThatChangesNothingAnswersTheContactAsItWasAndPublishesNothing() {
        JsonNode contact = api.create(caller, """
                {"first_name": "Ada", "last_name": "Lovelace", "email": "ada@example.com"}
                """);
        String id = contact.get("id").asString();
        JsonNode same = api.updated(caller, id, """
                {"first_name": " Ada ", "email": "ADA@example.com", "marketing_consent": false}
                """);
        assertThat(same).isEqualTo(contact);
        assertThat(api.updated(caller, id, "{}")).isEqualTo(contact);
        assertThat(published.written(id)).containsExactly("contact.created");

        JsonNode changed = api.updated(caller, id, "{\"phone\": \"01603 123456\"}");
        assertThat(changed.get("updated_at").asString()).isNotEqualTo(contact.get("updated_at").asString());
        assertThat(published.types(id, 2)).containsExactly("contact.created", "contact.updated");
        assertThat(published.about(id, 2).get(1).get("data")).isEqualTo(changed);
    }

    @Test
    void creatingPublishesContactCreatedWithTheContactAsARead() {
        JsonNode contact = api.create(caller, ADA);
        String id = contact.get("id").asString();
        List<JsonNode> events = published.about(id, 1);
        assertThat(events).hasSize(1);
        assertThat(events.get(0).get("type").asString()).isEqualTo("contact.created");
        assertThat(events.get(0).get("accountid").asString()).isEqualTo(caller.accountId().toString());
        assertThat(events.get(0).get("data")).isEqualTo(contact);
        assertThat(events.get(0).get("data")).isEqualTo(api.read(caller, id));
    }

    @Test
    void concurrentUpdatesOfOneContactAreAllApplied() throws Exception {
        String id = api.createId(caller, ADA);
        List<String> bodies = List.of("{\"phone\": \"01603 1\"}", "{\"company_name\": \"AE\"}",
                "{\"email\": \"ada@example.com\"}", "{\"address\": {\"city\": \"Norwich\"}}",
                "{\"marketing_consent\": true}", "{\"address\": {\"country\": \"GB\"}}");
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(bodies.size());
        try {
            List<java.util.concurrent.Future<?>> done = new ArrayList<>();
            for (String body : bodies) {
                done.add(pool.submit(() -> api.patch(caller, id, body).expectStatus().isOk()));
            }
            for (java.util.concurrent.Future<?> f : done) {
                f.get();
            }
        } finally {
            pool.shutdown();
        }
        JsonNode contact = api.read(caller, id);
        assertThat(contact.get("phone").asString()).isEqualTo("01603 1");
        assertThat(contact.get("company_name").asString()).isEqualTo("AE");
        assertThat(contact.get("email").asString()).isEqualTo("ada@example.com");
        assertThat(contact.get("address").get("city").asString()).isEqualTo("Norwich");
        assertThat(contact.get("address").get("country").asString()).isEqualTo("GB");
        assertThat(contact.get("marketing_status").asString()).isEqualTo("yes");
        assertThat(published.written(id)).hasSize(1 + bodies.size());
    }

    @Test
    void contactsAreNeverDeleted() {
        String id = api.createId(caller, ADA);
        assertThat(api.errorCode(api.delete(caller, id), 405)).isEqualTo("method_not_allowed");
        assertThat(api.read(caller, id).get("status").asString()).isEqualTo("active");
    }

    @Test
    void anotherAccountsContactIsNotFound() {
        String id = api.createId(caller, ADA);
        Caller other = CommerceApi.newAccount();
        assertThat(api.errorCode(api.get(other, "/" + id), 404)).isEqualTo("not_found");
        assertThat(api.errorCode(api.patch(other, id, "{\"first_name\": \"Eve\"}"), 404)).isEqualTo("not_found");
        assertThat(api.errorCode(api.action(other, id, "archive", "{}"), 404)).isEqualTo("not_found");
        assertThat(api.errorCode(api.action(other, id, "unarchive", "{}"), 404)).isEqualTo("not_found");
        assertThat(api.errorCode(api.get(caller, "/not-an-id"), 404)).isEqualTo("not_found");
        assertThat(api.errorCode(api.get(caller, "/" + Ids.newId()), 404)).isEqualTo("not_found");
        assertThat(api.read(caller, id).get("first_name").asString()).isEqualTo("Ada");
        assertThat(api.listedIds(other, "")).isEmpty();
        assertThat(api.listedIds(other, "?email=ada@example.com")).isEmpty();
    }

    @Test
    void theListIsNewestFirstAndPagedWithACursor() {
        Caller account = CommerceApi.newAccount();
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            ids.add(api.createId(account, "{\"first_name\": \"P" + i + "\", \"last_name\": \"Q\"}"));
        }
        List<String> newestFirst = new ArrayList<>(ids);
        java.util.Collections.reverse(newestFirst);
        assertThat(api.listedIds(account, "")).isEqualTo(newestFirst);

        JsonNode first = api.list(account, "?limit=2");
        assertThat(first.path("meta").path("limit").asInt()).isEqualTo(2);
        assertThat(first.path("meta").path("cursor").path("has_more").asBoolean()).isTrue();
        String cursor = first.path("meta").path("cursor").path("next").asString();
        List<String> walked = new ArrayList<>();
        first.get("data").values().forEach(c -> walked.add(c.get("id").asString()));
        while (cursor != null && !cursor.isEmpty() && !"null".equals(cursor)) {
            JsonNode page = api.list(account, "?limit=2&cursor=" + cursor);
            page.get("data").values().forEach(c -> walked.add(c.get("id").asString()));
            JsonNode next = page.path("meta").path("cursor").path("next");
            cursor = next.isNull() ? null : next.asString();
        }
        assertThat(walked).isEqualTo(newestFirst);
        assertThat(api.issues(api.get(account, "?limit=0"), 400)).containsExactly("limit below_minimum");
    }

    @Test
    void theListPagesByTwentyAndRefusesALimitOrCursorItCannotUse() {
        Caller account = CommerceApi.newAccount();
        for (int i = 0; i < 21; i++) {
            api.createId(account, "{\"first_name\": \"P" + i + "\", \"last_name\": \"Q\"}");
        }
        JsonNode first = api.list(account, "");
        assertThat(first.get("data").size()).isEqualTo(20);
        assertThat(first.path("meta").path("limit").asInt()).isEqualTo(20);
        assertThat(first.path("meta").path("cursor").path("has_more").asBoolean()).isTrue();
        assertThat(api.list(account, "?limit=100").get("data").size()).isEqualTo(21);

        assertThat(api.issues(api.get(account, "?limit=101"), 400)).containsExactly("limit above_maximum");
        assertThat(api.issues(api.get(account, "?limit=ten"), 400)).containsExactly("limit invalid");
        assertThat(api.issues(api.get(account, "?cursor=not-a-cursor"), 400)).containsExactly("cursor invalid");
        // A cursor is bound to the filters it was issued with.
        String cursor = first.path("meta").path("cursor").path("next").asString();
        assertThat(api.issues(api.get(account, "?status=active&cursor=" + cursor), 400))
                .containsExactly("cursor invalid");
    }

    @Test
    void textThatCannotBeShownIsRefusedNamingTheField() {
        String bell = "\\u0007";
        assertThat(api.issues(api.post(caller, """
                {"first_name": "A%sda", "last_name": "Love\\u001Blace", "company_name": "Acme%s",
                 "address": {"line1": "1\\tRoad", "line2": "Flat\\u202E2", "city": "Nor\\nwich",
                             "postcode": "NR1\\u0008"},
                 "marketing_consent_wording": "Yes%s"}
                """.formatted(bell, bell, bell)))).containsExactlyInAnyOrder("first_name invalid",
                "last_name invalid", "company_name invalid", "address.line1 invalid", "address.line2 invalid",
                "address.city invalid", "address.postcode invalid", "marketing_consent_wording invalid");
        String id = api.createId(caller, ADA);
        assertThat(api.issues(api.patch(caller, id, "{\"last_name\": \"L\\u0085\"}")))
                .containsExactly("last_name invalid");
        assertThat(published.written(id)).containsExactly("contact.created");
        // Letters of any script, the joiners some names need, and line breaks in the wording are fine.
        JsonNode contact = api.create(caller, """
                {"first_name": "Zoë", "last_name": "می\\u200Cخواهم", "company_name": "Ünïcode & Søns 🚀",
                 "marketing_consent_wording": "Yes.\\n\\tOffers by email."}
                """);
        assertThat(contact.get("last_name").asString()).isEqualTo("می\u200Cخواهم");
        assertThat(contact.get("marketing_consent_wording").asString()).isEqualTo("Yes.\n\tOffers by email.");
    }

    @Test
    void theListFiltersByEmailInAnyCaseAndByStatus() {
        Caller account = CommerceApi.newAccount();
        String ada = api.createId(account, "{\"first_name\": \"Ada\", \"last_name\": \"L\", \"email\": "
                + "\"Ada@Example.com\"}");
        String family = api.createId(account, "{\"first_name\": \"Byron\", \"last_name\": \"L\", \"email\": "
                + "\"ada@example.com\"}");
        String other = api.createId(account, "{\"first_name\": \"Charles\", \"last_name\": \"B\", \"email\": "
                + "\"charles@example.com\"}");
        api.action(account, other, "archive", "{}").expectStatus().isOk();

        assertThat(api.listedIds(account, "?email=ADA@example.COM")).containsExactly(family, ada);
        assertThat(api.listedIds(account, "?email=ada@example.co")).isEmpty();
        assertThat(api.listedIds(account, "?status=archived")).containsExactly(other);
        assertThat(api.listedIds(account, "?status=active")).containsExactly(family, ada);
        assertThat(api.listedIds(account, "?status=archived&email=charles@example.com")).containsExactly(other);
        assertThat(api.listedIds(account, "?status=active&email=charles@example.com")).isEmpty();

        assertThat(api.issues(api.get(account, "?status=deleted"), 400)).containsExactly("status invalid");
        assertThat(api.issues(api.get(account, "?status=ACTIVE"), 400)).containsExactly("status invalid");
        assertThat(api.issues(api.get(account, "?email=not-an-address"), 400)).containsExactly("email invalid");
    }
}
