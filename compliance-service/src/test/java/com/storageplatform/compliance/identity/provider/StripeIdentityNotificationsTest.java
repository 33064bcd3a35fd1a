package com.storageplatform.compliance.identity.provider;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.storageplatform.compliance.identity.provider.IdCheckOutcome.Kind;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.ErrorCode;
import com.stripe.net.Webhook;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/**
 * Stripe Identity's notifications read the Stripe way, and the simulator's bodies read exactly like them: the
 * simulated and the real path cannot drift.
 */
class StripeIdentityNotificationsTest {

    static final JsonMapper JSON = JsonMapper.builder().build();
    static final Clock NOW = Clock.systemUTC();

    final StripeIdentityNotifications reader = new StripeIdentityNotifications(JSON, NOW);
    final SimulatedNotifications simulator = new SimulatedNotifications(JSON, NOW, NOW);

    @Test
    void everySimulatedOutcomeReadsBackAsItself() {
        for (Kind kind : List.of(Kind.VERIFIED, Kind.REQUIRES_INPUT, Kind.CANCELED)) {
            SimulatedNotifications.Signed signed = simulator.outcome("vs_sim_1", kind);
            List<IdCheckOutcome> read = reader.read(signed.body(), signed.signature(), simulator.secret());

            assertThat(read).hasSize(1);
            assertThat(read.get(0).provider()).isEqualTo("stripe");
            assertThat(read.get(0).kind()).isEqualTo(kind);
            assertThat(read.get(0).reference()).isEqualTo("vs_sim_1");
            assertThat(read.get(0).eventId()).startsWith("evt_");
            assertThat(read.get(0).reason()).isEqualTo(kind == Kind.REQUIRES_INPUT
                    ? SimulatedNotifications.REQUIRES_INPUT_REASON : null);
        }
    }

    @Test
    void sessionEventsThePlatformDoesNotActOnAreIgnoredWithTheirIds() throws Exception {
        String body = """
                {"id":"evt_1","object":"event","created":%d,"type":"identity.verification_session.processing",\
                "data":{"object":{"id":"vs_1","object":"identity.verification_session","status":"processing"}}}"""
                .formatted(Instant.now().getEpochSecond());
        IdCheckOutcome read = reader.read(body, sign(body, "whsec_1", Instant.now()), "whsec_1").get(0);
        assertThat(read.kind()).isEqualTo(Kind.IGNORED);
        assertThat(read.eventId()).isEqualTo("evt_1");
    }

    @Test
    void aMissingWrongOrStaleSignatureOrABodyNotStripesIsRefused() throws Exception {
        SimulatedNotifications.Signed signed = simulator.outcome("vs_sim_1", Kind.VERIFIED);
        assertRefused(() -> reader.read(signed.body(), signed.signature(), "whsec_other"), "Stripe-Signature");
        assertRefused(() -> reader.read(signed.body(), null, simulator.secret()), "Stripe-Signature");
        String stale = sign(signed.body(), simulator.secret(), Instant.now().minus(Duration.ofMinutes(6)));
        assertRefused(() -> reader.read(signed.body(), stale, simulator.secret()), "Stripe-Signature");
        Clock later = Clock.fixed(Instant.now().plus(Duration.ofMinutes(6)), ZoneOffset.UTC);
        assertRefused(() -> new StripeIdentityNotifications(JSON, later).read(signed.body(), signed.signature(),
                simulator.secret()), "Stripe-Signature");
        String notJson = "not json";
        String signedNotJson = sign(notJson, "whsec_1", Instant.now());
        assertRefused(() -> reader.read(notJson, signedNotJson, "whsec_1"), "not a Stripe notification");
    }

    static void assertRefused(Runnable read, String message) {
        assertThatThrownBy(read::run).isInstanceOfSatisfying(ApiException.class, e -> {
            assertThat(e.code()).isEqualTo(ErrorCode.INVALID_REQUEST);
            assertThat(e.getMessage()).contains(message);
        });
    }

    static String sign(String body, String secret, Instant at) throws Exception {
        return "t=" + at.getEpochSecond() + ",v1=" + Webhook.Util.computeHmacSha256(secret, at.getEpochSecond() + "."
                + body);
    }
}
