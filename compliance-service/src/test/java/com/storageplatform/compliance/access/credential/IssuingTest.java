package com.storageplatform.compliance.access.credential;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.compliance.access.support.AccessApi;
import com.storageplatform.compliance.access.support.AccessFixtures;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformTest;
import java.util.List;
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
 * Commerce's agreement events decide credentials (published on {@code commerce.events}, through the inbox): a gate
 * code when an agreement is signed and not held, or once its hold is released, never while a hold stands, whatever
 * order the events come in; revoked on termination, and moved with a transfer.
 */
@PlatformTest
class IssuingTest {

    static final String ACTIVATED = "agreement.activated";
    static final String HELD = "agreement.access_held";
    static final String RELEASED = "agreement.access_released";
    static final String TERMINATED = "agreement.terminated";
    static final String UPDATED = "agreement.updated";

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    AccessFixtures f;

    @BeforeEach
    void setUp() {
        f = new AccessFixtures(client, json, db);
    }

    @Test
    void anAgreementSignedWithoutAHoldGetsOneActiveGateCode() {
        UUID agreement = Ids.newId();
        f.applied(f.publish(ACTIVATED, agreement, "pending_move_in", "signed"));

        List<JsonNode> listed = f.credentialsOf(agreement);
        assertThat(listed).hasSize(1);
        JsonNode credential = listed.get(0);
        assertThat(credential.get("object").asString()).isEqualTo("access_credential");
        assertThat(credential.get("kind").asString()).isEqualTo("gate_code");
        assertThat(credential.get("status").asString()).isEqualTo("active");
        assertThat(credential.get("contact_id").asString()).isEqualTo(f.customer.toString());
        assertThat(credential.get("site_id").asString()).isEqualTo(f.site.toString());
        assertThat(credential.get("unit_id").asString()).isEqualTo(f.unit.toString());
        assertThat(credential.get("issued_at").isNull()).isFalse();
        assertThat(credential.get("code").isNull()).as("lists never carry codes").isTrue();

        String id = credential.get("id").asString();
        assertThat(f.credentials.read(f.caller, id).get("code").asString()).matches("[0-9]{6}");
        assertThat(f.eventTypes(id)).containsExactly("access_credential.created");
        assertThat(f.eventData(id).get(0).get("code").isNull()).as("events never carry codes").isTrue();
        assertThat(f.commands(id)).hasSize(1).first().asString().startsWith("issue_credential");
    }

    @Test
    void aHeldAgreementGetsNoCredentialUntilItsHoldIsReleased() {
        UUID agreement = Ids.newId();
        f.publish(ACTIVATED, agreement, "pending_move_in", "access_held");
        f.applied(f.publish(HELD, agreement, "pending_move_in", "access_held"));
        assertThat(f.credentialsOf(agreement)).isEmpty();

        f.applied(f.publish(RELEASED, agreement, "pending_move_in", "access_released"));
        List<JsonNode> listed = f.credentialsOf(agreement);
        assertThat(listed).hasSize(1);
        assertThat(listed.get(0).get("status").asString()).isEqualTo("active");
    }

    @Test
    void eventsReplayedOutOfOrderAndRepeatedEndWithTheRightCredentials() {
        // Released before it was held and signed, each event then repeated: one credential, created once.
        UUID releasedFirst = Ids.newId();
        Map<String, Object> released = AccessFixtures.agreement(releasedFirst, f.customer, f.site, f.unit,
                "pending_move_in", "access_released");
        UUID release = f.publish(RELEASED, released);
        f.publish(HELD, releasedFirst, "pending_move_in", "access_held");
        f.publish(ACTIVATED, releasedFirst, "pending_move_in", "access_held");
        f.redeliver(release, RELEASED, released);
        f.publish(RELEASED, released);
        f.publish(HELD, releasedFirst, "pending_move_in", "access_held");

        // Held, then its signature arriving after the hold, then the hold again: nothing.
        UUID stillHeld = Ids.newId();
        f.publish(HELD, stillHeld, "pending_move_in", "access_held");
        f.publish(ACTIVATED, stillHeld, "pending_move_in", "access_held");
        f.publish(HELD, stillHeld, "pending_move_in", "access_held");

        // Terminated before its release arrived: nothing, ever.
        UUID terminatedFirst = Ids.newId();
        f.publish(TERMINATED, terminatedFirst, "terminated", "access_held");
        f.publish(RELEASED, terminatedFirst, "pending_move_in", "access_released");
        f.publish(ACTIVATED, terminatedFirst, "pending_move_in", "access_held");
        f.publish(HELD, terminatedFirst, "pending_move_in", "access_held");

        // Signed without a hold, the signature repeated: one credential.
        UUID signedTwice = Ids.newId();
        Map<String, Object> signed = AccessFixtures.agreement(signedTwice, f.customer, f.site, f.unit,
                "pending_move_in", "signed");
        UUID signature = f.publish(ACTIVATED, signed);
        f.publish(ACTIVATED, signed);
        f.redeliver(signature, ACTIVATED, signed);
        // An update of the signed agreement before its release was seen (a move-in) grants nothing more.
        f.applied(f.publish(UPDATED, stillHeld, "active", "access_held"));

        List<JsonNode> one = f.credentialsOf(releasedFirst);
        assertThat(one).hasSize(1);
        assertThat(one.get(0).get("status").asString()).isEqualTo("active");
        assertThat(f.eventTypes(one.get(0).get("id").asString())).containsExactly("access_credential.created");
        assertThat(f.credentialsOf(stillHeld)).isEmpty();
        assertThat(f.credentialsOf(terminatedFirst)).isEmpty();
        List<JsonNode> signedOnce = f.credentialsOf(signedTwice);
        assertThat(signedOnce).hasSize(1);
        assertThat(f.eventTypes(signedOnce.get(0).get("id").asString())).containsExactly("access_credential.created");

        // The hold is released at last: now it gets its one credential.
        f.applied(f.publish(RELEASED, stillHeld, "active", "access_released"));
        assertThat(f.credentialsOf(stillHeld)).hasSize(1);
    }

    @Test
    void terminationRevokesEveryLiveCredentialOfTheAgreement() {
        JsonNode gateCode = f.signedWithCredential();
        String agreement = gateCode.get("agreement_id").asString();
        String gateCodeId = gateCode.get("id").asString();
        String fob = f.credentials.createId(f.caller, """
                {"agreement_id": "%s", "kind": "fob", "code": "FOB12345"}
                """.formatted(agreement));
        f.credentials.action(f.caller, fob, "suspend", "{\"reason\": \"lost\"}").expectStatus().isOk();

        f.applied(f.publish(TERMINATED, UUID.fromString(agreement), "terminated", "signed"));

        for (String id : List.of(gateCodeId, fob)) {
            JsonNode revoked = f.credentials.read(f.caller, id);
            assertThat(revoked.get("status").asString()).isEqualTo("revoked");
            assertThat(revoked.get("reason").asString()).isEqualTo("agreement_terminated");
            assertThat(revoked.get("revoked_at").isNull()).isFalse();
            assertThat(revoked.get("code").isNull()).isTrue();
            assertThat(f.commands(id)).last().asString().startsWith("revoke_credential");
        }
        assertThat(f.eventTypes(gateCodeId)).containsExactly("access_credential.created", "access_credential.revoked");
        assertThat(f.eventTypes(fob)).containsExactly("access_credential.created", "access_credential.suspended",
                "access_credential.revoked");
    }

    @Test
    void aTransferToAnotherSiteRevokesTheOldCredentialAndIssuesOneThere() {
        JsonNode before = f.signedWithCredential();
        UUID agreement = UUID.fromString(before.get("agreement_id").asString());
        UUID otherSite = f.site();
        UUID otherUnit = f.unit(otherSite);

        f.applied(f.publish(UPDATED, AccessFixtures.agreement(agreement, f.customer, otherSite, otherUnit, "active",
                "signed")));

        JsonNode old = f.credentials.read(f.caller, before.get("id").asString());
        assertThat(old.get("status").asString()).isEqualTo("revoked");
        assertThat(old.get("reason").asString()).isEqualTo("agreement_changed");
        JsonNode active = f.credentials.list(f.caller, "?agreement_id=" + agreement + "&status=active").get("data");
        assertThat(active.size()).isEqualTo(1);
        assertThat(active.get(0).get("site_id").asString()).isEqualTo(otherSite.toString());
        assertThat(active.get(0).get("unit_id").asString()).isEqualTo(otherUnit.toString());
    }

    @Test
    void aCredentialTheOperatorRevokedIsNotIssuedAgainByALaterEvent() {
        JsonNode credential = f.signedWithCredential();
        String agreement = credential.get("agreement_id").asString();
        f.credentials.action(f.caller, credential.get("id").asString(), "revoke", "{\"reason\": \"compromised\"}")
                .expectStatus().isOk();

        f.applied(f.publish(UPDATED, UUID.fromString(agreement), "active", "signed"));

        List<JsonNode> listed = f.credentialsOf(UUID.fromString(agreement));
        assertThat(listed).hasSize(1);
        assertThat(listed.get(0).get("status").asString()).isEqualTo("revoked");
    }

    @Test
    void anotherAccountSeesNoneOfTheCredentials() {
        JsonNode credential = f.signedWithCredential();
        var stranger = AccessApi.newAccount();
        assertThat(f.credentials.listedIds(stranger, "")).isEmpty();
        f.credentials.get(stranger, "/" + credential.get("id").asString()).expectStatus().isNotFound();
    }
}
