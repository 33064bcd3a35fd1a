package com.storageplatform.commerce.contact;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.commerce.support.CommerceApi;
import com.storageplatform.commerce.support.CommerceTest;
import com.storageplatform.kit.caller.Caller;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The marketing rules through {@code POST} and {@code PATCH /v1/contacts}, and the wording kept as shown. */
@CommerceTest
class ContactMarketingTest {

    static final String ADA = "\"first_name\": \"Ada\", \"last_name\": \"Lovelace\"";
    static final String WORDING = "Tick to hear about offers at Acme Storage by email. You can unsubscribe at any "
            + "time: see our privacy notice.";

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

    private JsonNode create(String fields) {
        return api.create(caller, "{" + ADA + (fields.isEmpty() ? "" : ", " + fields) + "}");
    }

    private static String marketing(JsonNode contact) {
        return contact.get("marketing_status").asString() + "/" + contact.get("marketing_consent").asBoolean();
    }

    @Test
    void consentOnCreateRecordsYesWithTheWordingShown() {
        JsonNode contact = create("\"marketing_consent\": true, \"marketing_consent_wording\": \"  " + WORDING
                + "  \"");
        assertThat(marketing(contact)).isEqualTo("yes/true");
        assertThat(contact.get("marketing_consent_wording").asString()).isEqualTo(WORDING);
        assertThat(marketing(create("\"marketing_status\": \"yes\""))).isEqualTo("yes/true");
        assertThat(marketing(create("\"marketing_status\": \"yes\", \"marketing_consent\": true")))
                .isEqualTo("yes/true");
    }

    @Test
    void falseOnCreateRecordsNothing() {
        assertThat(marketing(create("\"marketing_consent\": false"))).isEqualTo("not_asked/false");
        assertThat(marketing(create("\"marketing_consent\": false, \"marketing_status\": \"no\"")))
                .isEqualTo("no/false");
        assertThat(marketing(create("\"marketing_status\": \"no\""))).isEqualTo("no/false");
        assertThat(marketing(create(""))).isEqualTo("not_asked/false");
    }

    @Test
    void falseOnUpdateWithdrawsAnEarlierYesAndKeepsTheWordingThatWasAgreedTo() {
        String id = create("\"marketing_consent\": true, \"marketing_consent_wording\": \"" + WORDING + "\"")
                .get("id").asString();
        JsonNode withdrawn = api.updated(caller, id, "{\"marketing_consent\": false}");
        assertThat(marketing(withdrawn)).isEqualTo("no/false");
        assertThat(withdrawn.get("marketing_consent_wording").asString()).isEqualTo(WORDING);
        assertThat(published.types(id, 2)).containsExactly("contact.created", "contact.updated");
        assertThat(published.about(id, 2).get(1).get("data").get("marketing_status").asString()).isEqualTo("no");

        // False again, or false on a contact never asked, records nothing.
        assertThat(api.updated(caller, id, "{\"marketing_consent\": false}")).isEqualTo(withdrawn);
        String unasked = create("").get("id").asString();
        assertThat(marketing(api.updated(caller, unasked, "{\"marketing_consent\": false}")))
                .isEqualTo("not_asked/false");
        assertThat(published.written(unasked)).containsExactly("contact.created");
    }

    @Test
    void aNoCanNeverGoBackToNotAsked() {
        String id = create("\"marketing_status\": \"no\"").get("id").asString();
        JsonNode error = api.body(api.patch(caller, id, "{\"marketing_status\": \"not_asked\"}")
                .expectStatus().isEqualTo(422)).get("error");
        assertThat(error.get("details").get(0).get("field").asString()).isEqualTo("marketing_status");
        assertThat(error.get("details").get(0).get("issue").asString()).isEqualTo("invalid_transition");
        assertThat(marketing(api.read(caller, id))).isEqualTo("no/false");
        // Asking again and being told yes is fine.
        JsonNode yes = api.updated(caller, id, "{\"marketing_status\": \"yes\", \"marketing_consent_wording\": \""
                + WORDING + "\"}");
        assertThat(marketing(yes)).isEqualTo("yes/true");
        assertThat(marketing(api.updated(caller, id, "{\"marketing_consent\": false}"))).isEqualTo("no/false");
        assertThat(api.issues(api.patch(caller, id, "{\"marketing_status\": \"not_asked\"}")))
                .containsExactly("marketing_status invalid_transition");
    }

    @Test
    void aStatusAndAConsentContradictingEachOtherAreRefused() {
        assertThat(api.issues(api.post(caller, "{" + ADA + ", \"marketing_status\": \"no\", "
                + "\"marketing_consent\": true}"))).containsExactly("marketing_consent invalid");
        assertThat(api.issues(api.post(caller, "{" + ADA + ", \"marketing_status\": \"yes\", "
                + "\"marketing_consent\": false}"))).containsExactly("marketing_consent invalid");
        String id = create("").get("id").asString();
        assertThat(api.issues(api.patch(caller, id, "{\"marketing_status\": \"not_asked\", "
                + "\"marketing_consent\": true}"))).containsExactly("marketing_consent invalid");
        assertThat(api.issues(api.patch(caller, id, "{\"marketing_consent\": null}")))
                .containsExactly("marketing_consent required");
        assertThat(published.written(id)).containsExactly("contact.created");
    }

    @Test
    void aWithdrawalSentWithNotAskedIsRefusedRatherThanLost() {
        String id = create("\"marketing_consent\": true").get("id").asString();
        assertThat(api.issues(api.patch(caller, id, "{\"marketing_consent\": false, "
                + "\"marketing_status\": \"not_asked\"}"))).containsExactly("marketing_consent invalid");
        assertThat(marketing(api.read(caller, id))).isEqualTo("yes/true");
        assertThat(published.written(id)).containsExactly("contact.created");
        // The same pair agrees on a contact never asked (false records nothing), and no with false is a withdrawal.
        String unasked = create("").get("id").asString();
        assertThat(marketing(api.updated(caller, unasked, "{\"marketing_consent\": false, "
                + "\"marketing_status\": \"not_asked\"}"))).isEqualTo("not_asked/false");
        assertThat(marketing(api.updated(caller, id, "{\"marketing_consent\": false, "
                + "\"marketing_status\": \"no\"}"))).isEqualTo("no/false");
    }

    @Test
    void theWordingCanBeSentOnUpdateAndIsKeptAsShown() {
        String id = create("").get("id").asString();
        String multiline = "Yes please.\\n\\n  Offers by email ✓";
        JsonNode updated = api.updated(caller, id, "{\"marketing_consent\": true, \"marketing_consent_wording\": \" "
                + multiline + " \"}");
        assertThat(updated.get("marketing_consent_wording").asString()).isEqualTo("Yes please.\n\n  Offers by email ✓");
        assertThat(marketing(updated)).isEqualTo("yes/true");
        assertThat(api.updated(caller, id, "{\"marketing_consent_wording\": null}")
                .get("marketing_consent_wording").isNull()).isTrue();
    }
}
