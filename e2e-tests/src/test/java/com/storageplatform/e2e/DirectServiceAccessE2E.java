package com.storageplatform.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.devstack.DevStack;
import com.storageplatform.kit.caller.ActorType;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.CallerTokenSigner;
import com.storageplatform.kit.caller.Environment;
import com.storageplatform.kit.caller.Pem;
import com.storageplatform.kit.id.Ids;
import java.security.interfaces.ECPrivateKey;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A service called directly, around the gateway, refuses anything but a valid caller token. */
class DirectServiceAccessE2E {

    private final DevStack stack = Stack.get();
    private final String sites = stack.serviceUrl("catalogue-service") + "/v1/sites";
    private final Caller caller = new Caller(Ids.newId(), Ids.newId(), Environment.TEST, Set.of("sites:read"), null,
            ActorType.API, "direct-test", null);

    @Test
    void anAbsentCallerTokenIsRefused() {
        Http.Response response = Http.get(sites);
        assertThat(response.status()).isEqualTo(401);
        assertThat(response.errorCode()).isEqualTo("unauthorized");
    }

    @Test
    void aForgedCallerTokenIsRefused() {
        String forged = new CallerTokenSigner((ECPrivateKey) Pem.newP256KeyPair().getPrivate()).sign(caller);
        assertThat(Http.get(sites, forged).status()).isEqualTo(401);
    }

    @Test
    void anExpiredCallerTokenIsRefused() {
        ECPrivateKey key = Pem.privateKey(stack.callerTokenKeys().privateKeyPem());
        Clock past = Clock.fixed(Instant.now().minus(Duration.ofMinutes(10)), ZoneOffset.UTC);
        String expired = new CallerTokenSigner(key, past, Duration.ofSeconds(60)).sign(caller);
        assertThat(Http.get(sites, expired).status()).isEqualTo(401);
    }

    @Test
    void anApiKeyIsNotACallerToken() {
        Admin admin = new Admin(stack);
        String key = admin.apiKey(admin.newOperator("Direct Ltd"), "test", "sites:read");
        assertThat(Http.get(sites, key).status()).isEqualTo(401);
    }

    @Test
    void aValidCallerTokenIsAccepted() {
        String valid = new CallerTokenSigner(Pem.privateKey(stack.callerTokenKeys().privateKeyPem())).sign(caller);
        assertThat(Http.get(sites, valid).status()).isEqualTo(200);
    }
}
