package com.storageplatform.compliance.identity;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.compliance.internal.AccountSettings;
import com.storageplatform.compliance.internal.Customers;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.stripe.net.Webhook;
import java.time.Instant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.context.TestPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code POST /id-check-providers/{provider}/notifications}: Stripe Identity's webhook, written here as Stripe
 * documents it and signed with the live webhook secret, moves a check exactly as the test helper does; each event
 * once; nothing on a bad signature. Stripe is set up with a key that is never called.
 */
@PlatformTest
@TestPropertySource(properties = {
        "compliance.identity.stripe.api-key=sk_live_never_called",
        "compliance.identity.stripe.webhook-secret=" + IdCheckNotificationTest.SECRET,
        "compliance.identity.stripe.base-url=http://127.0.0.1:9"})
class IdCheckNotificationTest {

    static final String SECRET = "whsec_identity_for_tests";

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

    /** A Stripe event about the session, as Stripe's API reference documents it. */
    static String stripe(String eventId, String type, String sessionId, String status, String lastError) {
        return """
                {"id":"%s","object":"event","api_version":"2024-06-20","created":%d,"livemode":true,"type":"%s",\
                "data":{"object":{"id":"%s","object":"identity.verification_session","type":"document",\
                "status":"%s","last_error":%s,"client_reference_id":null}}}"""
                .formatted(eventId, Instant.now().getEpochSecond(), type, sessionId, status, lastError);
    }

    static String signed(String body, String secret) throws Exception {
        long now = Instant.now().getEpochSecond();
        return "t=" + now + ",v1=" + Webhook.Util.computeHmacSha256(secret, now + "." + body);
    }

    WebTestClient.ResponseSpec send(String provider, String body, String signature) {
        WebTestClient.RequestBodySpec request = client.post().uri("/id-check-providers/" + provider + "/notifications")
                .contentType(MediaType.APPLICATION_JSON);
        if (signature != null) {
            request = request.header("Stripe-Signature", signature);
        }
        return request.bodyValue(body).exchange();
    }

    @Test
    void aLiveSignedNotificationMovesTheCheckAsTheTestHelperDoesAndEachEventOnce() throws Exception {
        JsonNode created = f.verification();
        String id = created.get("id").asString();
        String session = created.get("provider_reference").asString();
        String body = stripe("evt_live_1", "identity.verification_session.requires_input", session,
                "requires_input", "{\"code\":\"selfie_face_mismatch\",\"reason\":\"The selfie does not match.\"}");

        send("stripe", body, signed(body, SECRET)).expectStatus().isOk()
                .expectBody().jsonPath("$.data.received").isEqualTo(1);
        JsonNode waiting = f.api.read(f.caller, id);
        assertThat(waiting.get("status").asString()).isEqualTo("requires_input");
        assertThat(waiting.get("requires_input_reason").asString()).isEqualTo("selfie_face_mismatch");

        // Stripe sends it again until answered: applied once, answered 200.
        send("stripe", body, signed(body, SECRET)).expectStatus().isOk();
        assertThat(f.operators.eventTypes(id)).containsExactly("identity_verification.created",
                "identity_verification.link_issued", "identity_verification.requires_input");

        // The customer tried again and passed: the same outcome the helper reports.
        String passed = stripe("evt_live_2", "identity.verification_session.verified", session, "verified", "null");
        send("stripe", passed, signed(passed, SECRET)).expectStatus().isOk();
        JsonNode live = f.api.read(f.caller, id);
        String other = f.verification().get("id").asString();
        f.report(other, "requires-input");
        JsonNode helped = f.report(other, "verify");
        assertThat(live.get("status").asString()).isEqualTo(helped.get("status").asString()).isEqualTo("verified");
        assertThat(live.get("requires_input_reason").isNull()).isTrue();
        assertThat(f.operators.eventTypes(id)).endsWith("identity_verification.verified");
        assertThat(f.operators.eventTypes(other)).endsWith("identity_verification.verified");
    }

    @Test
    void aBadSignatureChangesNothing() throws Exception {
        String id = f.verification().get("id").asString();
        String session = f.api.read(f.caller, id).get("provider_reference").asString();
        String body = stripe("evt_bad_1", "identity.verification_session.canceled", session, "canceled", "null");

        assertThat(f.api.errorCode(send("stripe", body, signed(body, "whsec_someone_else")), 400))
                .isEqualTo("invalid_request");
        assertThat(f.api.errorCode(send("stripe", body, null), 400)).isEqualTo("invalid_request");
        assertThat(f.api.errorCode(send("stripe", body.replace("canceled", "verified"), signed(body, SECRET)), 400))
                .isEqualTo("invalid_request");
        assertThat(f.api.errorCode(send("onfido", body, signed(body, SECRET)), 404)).isEqualTo("not_found");
        assertThat(f.api.read(f.caller, id).get("status").asString()).isEqualTo("pending");

        // The same event, well signed, still applies: the refusals recorded nothing.
        send("stripe", body, signed(body, SECRET)).expectStatus().isOk();
        assertThat(f.api.read(f.caller, id).get("status").asString()).isEqualTo("canceled");
    }

    @Test
    void eventsOfOtherKindsOrAboutUnknownSessionsAreAnsweredAndPassedOver() throws Exception {
        String id = f.verification().get("id").asString();
        String session = f.api.read(f.caller, id).get("provider_reference").asString();
        String processing = stripe("evt_p_1", "identity.verification_session.processing", session, "processing",
                "null");
        String unknown = stripe("evt_u_1", "identity.verification_session.verified", "vs_not_ours", "verified",
                "null");

        send("stripe", processing, signed(processing, SECRET)).expectStatus().isOk();
        send("stripe", unknown, signed(unknown, SECRET)).expectStatus().isOk();
        assertThat(f.api.read(f.caller, id).get("status").asString()).isEqualTo("pending");
    }
}
