package com.storageplatform.compliance.identity;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.compliance.internal.AccountSettings;
import com.storageplatform.compliance.internal.Customers;
import com.storageplatform.compliance.support.ComplianceApi;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.events.EventCatalogue;
import com.storageplatform.kit.testsupport.PlatformTest;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What becomes of a check: the provider's outcomes through the test helpers (the path of a real notification),
 * staff accepting a photo ID the provider could not confirm, staff checking the other documents the operator asks
 * for ({@code /v1/identity-requirements}), and the events each publishes.
 */
@PlatformTest
class IdentityOutcomesTest {

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

    IdentityFixtures f;

    @BeforeEach
    void setUp() {
        f = new IdentityFixtures(client, json, db, settings, customers, true);
    }

    List<String> types(String id) {
        return f.operators.eventTypes(id);
    }

    JsonNode lastEvent(String id) {
        List<JsonNode> events = f.operators.events(id);
        return events.get(events.size() - 1);
    }

    @Test
    void theProviderConfirmingThePhotoIdVerifiesTheCheckOnceAsTheProvider() {
        String id = f.verification().get("id").asString();
        JsonNode verified = f.report(id, "verify");

        assertThat(verified.get("status").asString()).isEqualTo("verified");
        assertThat(verified.get("verified_at").isNull()).isFalse();
        assertThat(verified.get("documents").get(0).get("checked_by").asString()).isEqualTo("provider");
        assertThat(types(id)).endsWith("identity_verification.verified");
        JsonNode event = lastEvent(id);
        assertThat(event.get("actortype").asString()).isEqualTo("provider");
        assertThat(event.get("data")).isEqualTo(verified);
        assertThat(event.get("data").get("contact_id").asString()).isEqualTo(f.customer.toString());

        // A later report changes nothing and publishes nothing.
        assertThat(f.report(id, "verify")).isEqualTo(verified);
        assertThat(f.report(id, "cancel")).isEqualTo(verified);
        assertThat(types(id)).containsExactly("identity_verification.created", "identity_verification.link_issued",
                "identity_verification.verified");
    }

    @Test
    void aCheckTheProviderCouldNotConfirmWaitsForStaffWhoAcceptIt() {
        String id = f.verification().get("id").asString();
        JsonNode waiting = f.report(id, "requires-input");
        assertThat(waiting.get("status").asString()).isEqualTo("requires_input");
        assertThat(waiting.get("requires_input_reason").asString()).isEqualTo("document_unverified_other");
        assertThat(types(id)).endsWith("identity_verification.requires_input");

        // An API key cannot accept it: only a member of staff judges the person.
        assertThat(f.api.errorMessage(f.api.action(f.caller, id, "accept", "{}"), 403, "insufficient_scope"))
                .contains("Only a member of staff");
        JsonNode accepted = f.api.body(f.api.action(f.staff, id, "accept", "{}").expectStatus().isOk()).get("data");
        assertThat(accepted.get("status").asString()).isEqualTo("verified");
        assertThat(accepted.get("accepted_at").isNull()).isFalse();
        assertThat(accepted.get("documents").get(0).get("checked_by").asString()).isEqualTo("staff");
        assertThat(types(id)).endsWith("identity_verification.requires_input", "identity_verification.verified");
        assertThat(lastEvent(id).get("actortype").asString()).isEqualTo("staff");

        assertThat(f.api.errorMessage(f.api.action(f.staff, id, "accept", "{}"), 409, "conflict"))
                .contains("verified already");
    }

    @Test
    void aCheckThatEndedWithoutDecisionIsCanceledUnderTheInternalNameTheFeedRenames() {
        String id = f.verification().get("id").asString();
        JsonNode canceled = f.report(id, "cancel");

        assertThat(canceled.get("status").asString()).isEqualTo("canceled");
        assertThat(canceled.get("canceled_at").isNull()).isFalse();
        assertThat(types(id)).endsWith("identity_verification.cancelled");
        assertThat(EventCatalogue.publicTypeOf("identity_verification.cancelled"))
                .contains("identity_verification.canceled");
        assertThat(EventCatalogue.publicTypeOf(IdentityVerificationEvents.CREATED)).isEmpty();
        assertThat(EventCatalogue.publicTypeOf(IdentityVerificationEvents.UPDATED)).isEmpty();
        assertThat(EventCatalogue.publicTypeOf(IdentityVerificationEvents.LINK_ISSUED)).isEmpty();

        assertThat(f.report(id, "verify")).isEqualTo(canceled);
        assertThat(f.api.errorMessage(f.api.action(f.staff, id, "accept", "{}"), 409, "conflict"))
                .contains("canceled");
    }

    @Test
    void theTestHelpersAreForTestCredentialsAndTheAccountsOwnChecks() {
        String id = f.verification().get("id").asString();
        Caller live = ComplianceApi.live(f.caller);
        assertThat(f.helpers.errorCode(f.helpers.action(live, id, "verify", "{}"), 404)).isEqualTo("not_found");
        Caller stranger = ComplianceApi.newAccount();
        assertThat(f.helpers.errorCode(f.helpers.action(stranger, id, "verify", "{}"), 404)).isEqualTo("not_found");
        assertThat(f.api.errorCode(f.api.action(ComplianceApi.staffOf(stranger), id, "accept", "{}"), 404))
                .isEqualTo("not_found");
        assertThat(f.helpers.issues(f.helpers.action(f.caller, id, "verify", "{\"reason\": \"x\"}")))
                .containsExactly("reason unknown_field");
        assertThat(f.api.read(f.caller, id).get("status").asString()).isEqualTo("pending");
    }

    @Test
    void theOperatorsRequirementsDefaultToPhotoIdAndChangeOnlyToKnownDocuments() {
        ComplianceApi r = f.requirements;
        JsonNode defaults = r.read(f.caller, IdentityFixtures.REQUIREMENTS);
        assertThat(defaults.toString()).isEqualTo("{\"object\":\"identity_requirements\",\"documents\":[\"photo_id\"],"
                + "\"is_default\":true,\"updated_at\":null}");

        JsonNode both = r.body(r.patch(f.caller, IdentityFixtures.REQUIREMENTS,
                "{\"documents\": [\"proof_of_address\", \"photo_id\"]}").expectStatus().isOk()).get("data");
        assertThat(both.get("documents").toString()).isEqualTo("[\"photo_id\",\"proof_of_address\"]");
        assertThat(both.get("is_default").asBoolean()).isFalse();
        assertThat(both.get("updated_at").isNull()).isFalse();

        assertThat(r.issues(r.patch(f.caller, IdentityFixtures.REQUIREMENTS,
                "{\"documents\": [\"photo_id\", \"utility_bill\", \"photo_id\"]}")))
                .containsExactly("documents[1] invalid", "documents[2] duplicate");
        assertThat(r.errorMessage(r.patch(f.caller, IdentityFixtures.REQUIREMENTS,
                "{\"documents\": [\"proof_of_address\"]}"), 422, "validation_error")).contains("must include photo_id");
        assertThat(r.issues(r.patch(f.caller, IdentityFixtures.REQUIREMENTS, "{\"documents\": \"photo_id\"}")))
                .containsExactly("documents invalid");
        assertThat(r.read(f.caller, IdentityFixtures.REQUIREMENTS)).isEqualTo(both);
        // Left out changes nothing; another account keeps its own.
        assertThat(r.body(r.patch(f.caller, IdentityFixtures.REQUIREMENTS, "{}").expectStatus().isOk()).get("data"))
                .isEqualTo(both);
        assertThat(r.read(ComplianceApi.newAccount(), IdentityFixtures.REQUIREMENTS)).isEqualTo(defaults);

        JsonNode restored = r.body(r.patch(f.caller, IdentityFixtures.REQUIREMENTS, "{\"documents\": null}")
                .expectStatus().isOk()).get("data");
        assertThat(restored).isEqualTo(defaults);
    }

    @Test
    void aCheckIsVerifiedOnlyWhenEveryDocumentAskedForIsCheckedTheOnlineCheckOneOfThem() {
        f.asking("[\"photo_id\", \"proof_of_address\"]");
        String id = f.verification().get("id").asString();
        // Asked for later, a requirement does not change a check made before it.
        String before = id;
        JsonNode confirmed = f.report(id, "verify");
        assertThat(confirmed.get("status").asString()).isEqualTo("pending");
        assertThat(confirmed.get("documents").get(1).get("checked").asBoolean()).isFalse();
        assertThat(types(id)).endsWith("identity_verification.updated");

        assertThat(f.api.errorMessage(f.api.action(f.caller, id, "documents",
                "{\"document\": \"proof_of_address\"}"), 403, "insufficient_scope")).contains("Only a member of staff");
        assertThat(f.api.issues(f.api.action(f.staff, id, "documents", "{\"document\": \"photo_id\"}")))
                .containsExactly("document not_allowed");
        assertThat(f.api.issues(f.api.action(f.staff, id, "documents", "{\"document\": \"utility_bill\"}")))
                .containsExactly("document invalid");
        assertThat(f.api.issues(f.api.action(f.staff, id, "documents", "{}"))).containsExactly("document required");

        JsonNode verified = f.api.body(f.api.action(f.staff, id, "documents",
                "{\"document\": \"proof_of_address\"}").expectStatus().isOk()).get("data");
        assertThat(verified.get("status").asString()).isEqualTo("verified");
        assertThat(verified.get("documents").get(1).get("checked_by").asString()).isEqualTo("staff");
        assertThat(types(id)).endsWith("identity_verification.updated", "identity_verification.verified");
        assertThat(f.api.errorMessage(f.api.action(f.staff, id, "documents",
                "{\"document\": \"proof_of_address\"}"), 409, "conflict")).contains("checked already");

        f.asking("[\"photo_id\"]");
        assertThat(f.api.read(f.caller, before).get("documents").size()).isEqualTo(2);
        assertThat(f.verification().get("documents").size()).isEqualTo(1);
    }

    @Test
    void staffAcceptingAPhotoIdWhileAnotherDocumentWaitsLeaveTheCheckPendingNotWaitingForReview() {
        f.asking("[\"photo_id\", \"proof_of_address\"]");
        String id = f.verification().get("id").asString();
        f.report(id, "requires-input");
        JsonNode accepted = f.api.body(f.api.action(f.staff, id, "accept", "{}").expectStatus().isOk()).get("data");

        assertThat(accepted.get("status").asString()).isEqualTo("pending");
        assertThat(lastEvent(id).get("type").asString()).isEqualTo("identity_verification.updated");
        assertThat(lastEvent(id).get("data").get("status").asString()).isEqualTo("pending");
    }
}
