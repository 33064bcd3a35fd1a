package com.storageplatform.compliance.identity;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.compliance.internal.AccountSettings;
import com.storageplatform.compliance.internal.Customers;
import com.storageplatform.compliance.support.ComplianceApi;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.TestCallers;
import java.net.URI;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code POST}, {@code GET} and the list of {@code /v1/identity-verifications}: who can be sent a link, when, what
 * the answer and the events carry (never the link, but to crm), and tenants.
 */
@PlatformTest
class IdentityVerificationApiTest {

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    @Autowired
    AccountSettings settings;

    @Autowired
    Customers customers;

    IdentityFixtures account(boolean onlineChecks) {
        return new IdentityFixtures(client, json, db, settings, customers, onlineChecks);
    }

    @Test
    void aCheckIsPendingAsksForTheOperatorsDocumentsAndNeverAnswersTheLink() {
        IdentityFixtures f = account(true);
        JsonNode created = f.verification();

        assertThat(created.get("object").asString()).isEqualTo("identity_verification");
        assertThat(created.get("contact_id").asString()).isEqualTo(f.customer.toString());
        assertThat(created.get("status").asString()).isEqualTo("pending");
        assertThat(created.get("provider").asString()).isEqualTo("stripe");
        assertThat(created.get("provider_reference").asString()).startsWith("vs_sim_");
        assertThat(created.get("documents").toString()).isEqualTo(
                "[{\"document\":\"photo_id\",\"checked\":false,\"checked_by\":null,\"checked_at\":null}]");
        assertThat(created.get("link_expires_at").asString()).isNotBlank();
        String id = created.get("id").asString();
        assertThat(f.api.read(f.caller, id)).isEqualTo(created);

        // The link is in the one event crm writes the email from, in a form crm hides from staff readers.
        String link = f.link(id);
        URI uri = URI.create(link);
        assertThat(uri.getPath()).isEqualTo("/id-checks/start");
        assertThat(uri.getQuery()).matches("token=[A-Za-z0-9_-]{43}");
        assertThat(created.toString()).doesNotContain(uri.getQuery().substring(6));
        assertThat(f.api.list(f.caller, "").toString()).doesNotContain(uri.getQuery().substring(6));
        assertThat(f.operators.eventTypes(id)).containsExactly("identity_verification.created",
                "identity_verification.link_issued");
        JsonNode issued = f.operators.events(id).get(1).get("data");
        assertThat(issued.get("contact_id").asString()).isEqualTo(f.customer.toString());
        assertThat(issued.get("identity_verification_id").asString()).isEqualTo(id);
        assertThat(issued.get("expires_at").asString()).isEqualTo(created.get("link_expires_at").asString());
        assertThat(f.operators.events(id).get(0).get("data")).isEqualTo(created);
    }

    @Test
    void noLinkIsSentWhileTheOperatorHasOnlineChecksOffAndNothingIsWritten() {
        IdentityFixtures f = account(false);
        JsonNode error = f.api.body(f.api.post(f.caller, IdentityFixtures.body(f.customer))
                .expectStatus().isEqualTo(409)).get("error");

        assertThat(error.get("code").asString()).isEqualTo("conflict");
        assertThat(error.get("message").asString()).contains("online_id_checks_enabled");
        assertThat(error.get("details").toString()).isEqualTo(
                "[{\"field\":\"id_check_link\",\"issue\":\"online_id_checks_disabled\"}]");
        assertThat(f.api.listedIds(f.caller, "")).isEmpty();
    }

    @Test
    void aLinkGoesOnlyToAKnownCustomerWithAnEmailAddress() {
        IdentityFixtures f = account(true);
        assertThat(f.api.issues(f.api.post(f.caller, IdentityFixtures.body(Ids.newId()))))
                .containsExactly("contact_id not_found");
        assertThat(f.api.issues(f.api.post(f.caller, IdentityFixtures.body(f.walkIn))))
                .containsExactly("contact_id not_allowed");
        var noEmail = f.operators.customer(f.caller, null);
        assertThat(f.api.errorMessage(f.api.post(f.caller, IdentityFixtures.body(noEmail)), 422, "validation_error"))
                .contains("no email address");
        assertThat(f.api.issues(f.api.post(f.caller, "{}"))).containsExactly("contact_id required");
        assertThat(f.api.issues(f.api.post(f.caller, IdentityFixtures.body("nope"))))
                .containsExactly("contact_id invalid");
        // Another account's customer is unknown here.
        IdentityFixtures other = account(true);
        assertThat(f.api.issues(f.api.post(f.caller, IdentityFixtures.body(other.customer))))
                .containsExactly("contact_id not_found");
        assertThat(f.api.listedIds(f.caller, "")).isEmpty();
    }

    @Test
    void eachCallEmailsANewLinkUnlessItRepeatsAnIdempotencyKey() {
        IdentityFixtures f = account(true);
        String first = f.verification().get("id").asString();
        String second = f.verification().get("id").asString();
        assertThat(second).isNotEqualTo(first);
        assertThat(f.link(second)).isNotEqualTo(f.link(first));

        String key = "id-check-" + Ids.newId();
        String replayed = keyed(f.caller, key, f.customer.toString()).get("id").asString();
        assertThat(keyed(f.caller, key, f.customer.toString()).get("id").asString()).isEqualTo(replayed);
        assertThat(f.operators.eventTypes(replayed)).containsExactly("identity_verification.created",
                "identity_verification.link_issued");
        assertThat(f.api.listedIds(f.caller, "")).containsExactlyInAnyOrder(first, second, replayed);
    }

    JsonNode keyed(Caller caller, String key, String contactId) {
        byte[] body = client.post().uri("/v1/identity-verifications")
                .header("Authorization", TestCallers.bearer(caller))
                .header("Idempotency-Key", key)
                .contentType(MediaType.APPLICATION_JSON).bodyValue(IdentityFixtures.body(contactId))
                .exchange().expectStatus().isCreated().expectBody().returnResult().getResponseBody();
        return json.readTree(body).get("data");
    }

    @Test
    void theListFiltersByCustomerAndStatusAndShowsOnlyTheAccountsChecks() {
        IdentityFixtures f = account(true);
        var other = f.operators.customer(f.caller);
        String ada = f.verification().get("id").asString();
        String hers = f.api.createId(f.caller, IdentityFixtures.body(other));
        f.report(hers, "verify");

        assertThat(f.api.listedIds(f.caller, "")).containsExactly(hers, ada);
        assertThat(f.api.listedIds(f.caller, "?contact_id=" + f.customer)).containsExactly(ada);
        assertThat(f.api.listedIds(f.caller, "?status=verified")).containsExactly(hers);
        assertThat(f.api.listedIds(f.caller, "?status=pending&contact_id=" + other)).isEmpty();
        assertThat(f.api.issues(f.api.get(f.caller, "?status=done"), 400)).containsExactly("status invalid");
        assertThat(f.api.issues(f.api.get(f.caller, "?contact_id=nope"), 400)).containsExactly("contact_id invalid");

        Caller stranger = ComplianceApi.newAccount();
        assertThat(f.api.listedIds(stranger, "")).isEmpty();
        assertThat(f.api.errorCode(f.api.get(stranger, "/" + ada), 404)).isEqualTo("not_found");
        assertThat(f.api.errorCode(f.api.get(f.caller, "/not-an-id"), 404)).isEqualTo("not_found");
    }

    @Test
    void aLiveAccountGetsNoCheckWhileTheProviderIsNotSetUp() {
        Caller live = ComplianceApi.live(ComplianceApi.newAccount());
        IdentityFixtures f = new IdentityFixtures(client, json, db, settings, customers, live, true);
        JsonNode error = f.api.body(f.api.post(live, IdentityFixtures.body(f.customer))
                .expectStatus().isEqualTo(409)).get("error");

        assertThat(error.get("message").asString()).isEqualTo(
                "Online ID checks are not set up for live accounts on this platform.");
        assertThat(error.get("details").toString()).isEqualTo(
                "[{\"field\":\"id_check_link\",\"issue\":\"provider_not_set_up\"}]");
        assertThat(f.api.listedIds(live, "")).isEmpty();
    }

    @Test
    void everyCredentialOfTheAccountSeesItsChecksWhateverItsSites() {
        IdentityFixtures f = account(true);
        String id = f.verification().get("id").asString();
        Caller restricted = TestCallers.restrictedTo(f.caller, Ids.newId());
        assertThat(f.api.listedIds(restricted, "")).isEqualTo(List.of(id));
        assertThat(f.api.read(restricted, id).get("id").asString()).isEqualTo(id);
    }
}
