package com.storageplatform.compliance.access.credential;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.compliance.access.support.AccessApi;
import com.storageplatform.compliance.access.support.AccessFixtures;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.TestCallers;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.transaction.reactive.TransactionalOperator;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code /v1/access-credentials}: reading (a code only on one credential's answer, while active), lists and their
 * filters, site restriction, the operator's actions, more credentials for an agreement whose access is granted, and
 * the overlock's suspension path.
 */
@PlatformTest
class CredentialApiTest {

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    @Autowired
    Credentials credentials;

    @Autowired
    TransactionalOperator tx;

    AccessFixtures f;

    @BeforeEach
    void setUp() {
        f = new AccessFixtures(client, json, db);
    }

    @Test
    void oneCredentialsAnswerCarriesItsCodeWhileItIsActiveAndNoListEverDoes() {
        String id = f.signedWithCredential().get("id").asString();
        String code = f.credentials.read(f.caller, id).get("code").asString();
        assertThat(code).matches("[0-9]{6}");
        assertThat(f.credentials.read(AccessApi.staffOf(f.caller), id).get("code").asString()).isEqualTo(code);

        JsonNode suspended = data(f.credentials.action(f.caller, id, "suspend", "{}"));
        assertThat(suspended.get("code").isNull()).isTrue();
        assertThat(f.credentials.read(f.caller, id).get("code").isNull()).isTrue();

        JsonNode reinstated = data(f.credentials.action(f.caller, id, "reinstate", "{}"));
        assertThat(reinstated.get("code").asString()).as("the same code opens again").isEqualTo(code);
        assertThat(f.credentials.list(f.caller, "").get("data").get(0).get("code").isNull()).isTrue();

        JsonNode revoked = data(f.credentials.action(f.caller, id, "revoke", "{}"));
        assertThat(revoked.get("code").isNull()).isTrue();
        assertThat(f.credentials.read(f.caller, id).get("code").isNull()).isTrue();
        assertThat(db.sql("SELECT code_sealed IS NULL AND code_digest IS NULL FROM access_credentials WHERE id = :id")
                .bind("id", UUID.fromString(id)).map(row -> row.get(0, Boolean.class)).one().block())
                .as("a revoked credential's code is erased").isTrue();
    }

    @Test
    void theListFiltersAndABadFilterIsNamed() {
        JsonNode first = f.signedWithCredential();
        JsonNode second = f.signedWithCredential();
        String firstId = first.get("id").asString();
        String secondId = second.get("id").asString();
        f.credentials.action(f.caller, secondId, "suspend", "{}").expectStatus().isOk();

        assertThat(f.credentials.listedIds(f.caller, "")).containsExactly(secondId, firstId);
        assertThat(f.credentials.listedIds(f.caller, "?agreement_id=" + first.get("agreement_id").asString()))
                .containsExactly(firstId);
        assertThat(f.credentials.listedIds(f.caller, "?status=suspended")).containsExactly(secondId);
        assertThat(f.credentials.listedIds(f.caller, "?contact_id=" + f.customer + "&site_id=" + f.site
                + "&kind=gate_code&status=active")).containsExactly(firstId);
        assertThat(f.credentials.listedIds(f.caller, "?kind=fob")).isEmpty();
        assertThat(f.credentials.listedIds(f.caller, "?limit=1")).containsExactly(secondId);

        assertThat(f.credentials.issues(f.credentials.get(f.caller, "?status=lost"), 400))
                .containsExactly("status invalid");
        assertThat(f.credentials.issues(f.credentials.get(f.caller, "?agreement_id=nope"), 400))
                .containsExactly("agreement_id invalid");
        assertThat(f.credentials.issues(f.credentials.get(f.caller, "?kind=card"), 400))
                .containsExactly("kind invalid");
    }

    @Test
    void aSiteRestrictedCredentialSeesAndChangesOnlyItsOwnSitesCredentials() {
        String here = f.signedWithCredential().get("id").asString();
        Caller elsewhere = TestCallers.restrictedTo(f.caller, Ids.newId());
        Caller atTheSite = TestCallers.restrictedTo(f.caller, f.site);

        assertThat(f.credentials.listedIds(elsewhere, "")).isEmpty();
        assertThat(f.credentials.listedIds(atTheSite, "")).containsExactly(here);
        assertThat(f.credentials.errorCode(f.credentials.get(elsewhere, "/" + here), 403))
                .isEqualTo("site_forbidden");
        assertThat(f.credentials.errorCode(f.credentials.get(elsewhere, "?site_id=" + f.site), 403))
                .isEqualTo("site_forbidden");
        assertThat(f.credentials.errorCode(f.credentials.action(elsewhere, here, "suspend", "{}"), 403))
                .isEqualTo("site_forbidden");
        assertThat(f.credentials.read(f.caller, here).get("status").asString()).isEqualTo("active");
        String agreement = f.credentials.read(f.caller, here).get("agreement_id").asString();
        assertThat(f.credentials.errorCode(f.credentials.post(elsewhere, """
                {"agreement_id": "%s", "kind": "app_key"}
                """.formatted(agreement)), 403)).isEqualTo("site_forbidden");
    }

    @Test
    void theOperatorSuspendsReinstatesAndRevokesAndTheGateIsToldEachTime() {
        String id = f.signedWithCredential().get("id").asString();

        JsonNode suspended = data(f.credentials.action(f.caller, id, "suspend", "{\"reason\": \"lost\"}"));
        assertThat(suspended.get("status").asString()).isEqualTo("suspended");
        assertThat(suspended.get("reason").asString()).isEqualTo("lost");
        assertThat(suspended.get("suspended_at").isNull()).isFalse();
        assertThat(f.credentials.errorCode(f.credentials.action(f.caller, id, "suspend", "{}"), 409))
                .isEqualTo("conflict");

        JsonNode reinstated = data(f.credentials.action(f.caller, id, "reinstate", ""));
        assertThat(reinstated.get("status").asString()).isEqualTo("active");
        assertThat(reinstated.get("reason").isNull()).isTrue();
        assertThat(reinstated.get("suspended_at").isNull()).isTrue();
        assertThat(f.credentials.errorCode(f.credentials.action(f.caller, id, "reinstate", "{}"), 409))
                .isEqualTo("conflict");

        assertThat(f.credentials.issues(f.credentials.action(f.caller, id, "revoke", "{\"reason\": \"overlock\"}")))
                .containsExactly("reason not_allowed");
        assertThat(f.credentials.issues(f.credentials.action(f.caller, id, "revoke", "{\"reason\": \"bored\"}")))
                .containsExactly("reason invalid");
        assertThat(f.credentials.issues(f.credentials.action(f.caller, id, "revoke", "{\"why\": \"bored\"}")))
                .containsExactly("why unknown_field");
        JsonNode revoked = data(f.credentials.action(f.caller, id, "revoke", "{\"reason\": \"stolen\"}"));
        assertThat(revoked.get("status").asString()).isEqualTo("revoked");
        assertThat(revoked.get("reason").asString()).isEqualTo("stolen");
        assertThat(f.credentials.errorCode(f.credentials.action(f.caller, id, "revoke", "{}"), 409))
                .isEqualTo("conflict");
        assertThat(f.credentials.errorCode(f.credentials.action(f.caller, id, "reinstate", "{}"), 409))
                .isEqualTo("conflict");

        assertThat(f.eventTypes(id)).containsExactly("access_credential.created", "access_credential.suspended",
                "access_credential.reinstated", "access_credential.revoked");
        assertThat(f.commands(id)).extracting(command -> command.split(" ")[0]).containsExactly("issue_credential",
                "suspend_credential", "reinstate_credential", "revoke_credential");
        f.credentials.action(f.caller, Ids.newId().toString(), "suspend", "{}").expectStatus().isNotFound();
    }

    @Test
    void moreCredentialsAreIssuedOnlyWhileTheAgreementsAccessIsGranted() {
        String agreement = f.signedWithCredential().get("agreement_id").asString();

        JsonNode fob = f.credentials.create(f.caller, """
                {"agreement_id": "%s", "kind": "fob", "code": " 0a1b2c3d "}
                """.formatted(agreement));
        assertThat(fob.get("kind").asString()).isEqualTo("fob");
        assertThat(fob.get("code").asString()).isEqualTo("0A1B2C3D");
        assertThat(fob.get("contact_id").asString()).isEqualTo(f.customer.toString());
        assertThat(fob.get("site_id").asString()).isEqualTo(f.site.toString());
        assertThat(f.eventTypes(fob.get("id").asString())).containsExactly("access_credential.created");
        JsonNode appKey = f.credentials.create(AccessApi.staffOf(f.caller), """
                {"agreement_id": "%s", "kind": "app_key"}
                """.formatted(agreement));
        assertThat(appKey.get("code").asString()).startsWith("ak_");
        JsonNode chosen = f.credentials.create(f.caller, """
                {"agreement_id": "%s", "kind": "gate_code", "code": "24680"}
                """.formatted(agreement));
        assertThat(chosen.get("code").asString()).isEqualTo("24680");

        UUID held = Ids.newId();
        f.applied(f.publish("agreement.activated", held, "pending_move_in", "access_held"));
        assertThat(f.credentials.errorMessage(f.credentials.post(f.caller, body(held, "app_key")), 409, "conflict"))
                .contains("access held");
        assertThat(f.credentials.errorMessage(f.credentials.post(f.caller, body(f.draftAgreement(), "app_key")),
                409, "conflict")).contains("has not been signed");
        UUID ended = Ids.newId();
        f.applied(f.publish("agreement.terminated", ended, "terminated", "signed"));
        assertThat(f.credentials.errorMessage(f.credentials.post(f.caller, body(ended, "app_key")), 409, "conflict"))
                .contains("terminated");
        assertThat(f.credentials.issues(f.credentials.post(f.caller, body(Ids.newId(), "app_key"))))
                .containsExactly("agreement_id not_found");
        assertThat(f.credentials.issues(f.credentials.post(f.caller, """
                {"agreement_id": "%s", "kind": "fob"}
                """.formatted(agreement)))).containsExactly("code required");
        assertThat(f.credentials.issues(f.credentials.post(f.caller, "{}")))
                .containsExactly("agreement_id required", "kind required");
        assertThat(f.credentialsOf(held)).isEmpty();
    }

    @Test
    void aCodeAnotherLiveCredentialHasAtTheSiteIsRefusedUntilThatOneIsRevoked() {
        String first = f.signedWithCredential().get("agreement_id").asString();
        String second = f.signedWithCredential().get("agreement_id").asString();
        String fob = f.credentials.createId(f.caller, """
                {"agreement_id": "%s", "kind": "fob", "code": "FOB777"}
                """.formatted(first));

        String again = """
                {"agreement_id": "%s", "kind": "fob", "code": "fob777"}
                """.formatted(second);
        assertThat(f.credentials.errorMessage(f.credentials.post(f.caller, again), 409, "conflict"))
                .contains("Another live fob at this site has that code");
        assertThat(f.credentials.listedIds(f.caller, "?agreement_id=" + second + "&kind=fob"))
                .as("nothing half-written").isEmpty();

        f.credentials.action(f.caller, fob, "suspend", "{}").expectStatus().isOk();
        f.credentials.post(f.caller, again).expectStatus().isEqualTo(409);
        f.credentials.action(f.caller, fob, "revoke", "{\"reason\": \"lost\"}").expectStatus().isOk();
        assertThat(f.credentials.create(f.caller, again).get("code").asString()).isEqualTo("FOB777");
    }

    @Test
    void anOverlockSuspendsTheAgreementsActiveCredentialsUntilItIsReleased() {
        JsonNode gateCode = f.signedWithCredential();
        UUID agreement = UUID.fromString(gateCode.get("agreement_id").asString());
        String gateCodeId = gateCode.get("id").asString();
        String lostFob = f.credentials.createId(f.caller, """
                {"agreement_id": "%s", "kind": "fob", "code": "LOST0001"}
                """.formatted(agreement));
        f.credentials.action(f.caller, lostFob, "suspend", "{\"reason\": \"lost\"}").expectStatus().isOk();

        assertThat(tx.transactional(credentials.suspendForOverlock(f.caller, agreement)).block()).isEqualTo(1);
        JsonNode overlocked = f.credentials.read(f.caller, gateCodeId);
        assertThat(overlocked.get("status").asString()).isEqualTo("suspended");
        assertThat(overlocked.get("reason").asString()).isEqualTo("overlock");
        // Staff cannot reinstate it while billing's overlock is in force: OverlockTest.

        assertThat(tx.transactional(credentials.reinstateAfterOverlock(f.caller, agreement)).block()).isEqualTo(1);
        assertThat(f.credentials.read(f.caller, gateCodeId).get("status").asString()).isEqualTo("active");
        JsonNode stillLost = f.credentials.read(f.caller, lostFob);
        assertThat(stillLost.get("status").asString()).isEqualTo("suspended");
        assertThat(stillLost.get("reason").asString()).isEqualTo("lost");
        assertThat(f.eventTypes(gateCodeId)).containsExactly("access_credential.created",
                "access_credential.suspended", "access_credential.reinstated");
    }

    private JsonNode data(WebTestClient.ResponseSpec response) {
        return f.credentials.body(response.expectStatus().isOk()).get("data");
    }

    private static String body(UUID agreement, String kind) {
        return "{\"agreement_id\": \"" + agreement + "\", \"kind\": \"" + kind + "\"}";
    }
}
