package com.storageplatform.auth.credential;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.caller.ActorType;
import com.storageplatform.kit.caller.Environment;
import com.storageplatform.kit.id.Ids;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class CredentialStatusTest {

    static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");

    private static Credential credential(Instant expiresAt, Instant revokedAt) {
        return new Credential(Ids.newId(), CredentialKind.API_KEY, "svc_test_abc", Ids.newId(), Ids.newId(),
                Environment.TEST, "k", List.of("sites:read"), null, ActorType.API, null,
                expiresAt == null ? null : Ids.newId(), expiresAt, revokedAt, NOW.minusSeconds(3600));
    }

    @Test
    void aCredentialIsActiveUntilRotatedThenExpiringThenExpired() {
        assertThat(credential(null, null).status(NOW)).isEqualTo("active");
        assertThat(credential(NOW.plusSeconds(1), null).status(NOW)).isEqualTo("expiring");
        assertThat(credential(NOW, null).status(NOW)).isEqualTo("expired");
        assertThat(credential(NOW.minusSeconds(1), null).status(NOW)).isEqualTo("expired");
    }

    @Test
    void revocationWinsOverEveryOtherState() {
        assertThat(credential(null, NOW.minusSeconds(5)).status(NOW)).isEqualTo("revoked");
        assertThat(credential(NOW.minusSeconds(60), NOW.minusSeconds(5)).status(NOW)).isEqualTo("revoked");
    }

    @Test
    void eachKindHasItsPrefixAndActor() {
        assertThat(CredentialKind.API_KEY.secretPrefix(Environment.LIVE)).isEqualTo("svc_live_");
        assertThat(CredentialKind.API_KEY.secretPrefix(Environment.TEST)).isEqualTo("svc_test_");
        assertThat(CredentialKind.STATIC_TOKEN.secretPrefix(Environment.LIVE)).isEqualTo("svc_st_");
        assertThat(CredentialKind.STAFF_TOKEN.secretPrefix(Environment.TEST)).isEqualTo("svc_staff_");
        assertThat(CredentialKind.ACCESS_TOKEN.secretPrefix(Environment.TEST)).isEqualTo("svc_at_");
        assertThat(CredentialKind.REFRESH_TOKEN.secretPrefix(Environment.TEST)).isEqualTo("svc_rt_");
        assertThat(CredentialKind.STAFF_TOKEN.actorType()).isEqualTo(ActorType.STAFF);
        assertThat(CredentialKind.STATIC_TOKEN.actorType()).isEqualTo(ActorType.API);
        assertThat(CredentialKind.hasKnownPrefix("svc_cs_secret")).isFalse();
        assertThat(CredentialKind.hasKnownPrefix("svc_rt_x")).isTrue();
    }
}
