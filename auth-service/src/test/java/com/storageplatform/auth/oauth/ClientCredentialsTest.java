package com.storageplatform.auth.oauth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Client authentication at the token endpoint, RFC 6749 section 2.3.1. */
class ClientCredentialsTest {

    private static String basic(String userPass) {
        return "Basic " + Base64.getEncoder().encodeToString(userPass.getBytes(StandardCharsets.UTF_8));
    }

    private static OAuthException refusal(List<String> authorization, Map<String, String> parameters) {
        return (OAuthException) catchThrowable(
                () -> ClientCredentials.from(authorization, parameters));
    }

    @Test
    void theRfcsOwnBasicExampleDecodes() {
        ClientCredentials credentials = ClientCredentials.from(
                List.of("Basic czZCaGRSa3F0Mzo3RmpmcDBaQnIxS3REUmJuZlZkbUl3"), Map.of());
        assertThat(credentials).isEqualTo(new ClientCredentials("s6BhdRkqt3", "7Fjfp0ZBr1KtDRbnfVdmIw", true));
    }

    @Test
    void basicUserNameAndPasswordAreFormUrlDecoded() {
        assertThat(ClientCredentials.from(List.of(basic("my+client%3A1:p%40ss%3Aword%2B")), Map.of()))
                .isEqualTo(new ClientCredentials("my client:1", "p@ss:word+", true));
        assertThat(ClientCredentials.from(List.of("basic " + Base64.getEncoder().encodeToString("a:b".getBytes())),
                Map.of())).isEqualTo(new ClientCredentials("a", "b", true));
    }

    @Test
    void formParametersAuthenticateWithoutAChallenge() {
        assertThat(ClientCredentials.from(List.of(), Map.of("client_id", "cli_1", "client_secret", "s")))
                .isEqualTo(new ClientCredentials("cli_1", "s", false));
        OAuthException noSecret = refusal(List.of(), Map.of("client_id", "cli_1"));
        assertThat(noSecret.error()).isEqualTo("invalid_client");
        assertThat(noSecret.challenge()).isFalse();
    }

    @Test
    void twoMethodsAtOnceAreInvalidRequest() {
        assertThat(refusal(List.of(basic("a:b")), Map.of("client_secret", "b")).error()).isEqualTo("invalid_request");
        assertThat(refusal(List.of(basic("a:b")), Map.of("client_id", "c")).error()).isEqualTo("invalid_request");
        assertThat(ClientCredentials.from(List.of(basic("a:b")), Map.of("client_id", "a")).clientId()).isEqualTo("a");
        assertThat(refusal(List.of(basic("a:b"), basic("a:b")), Map.of()).error()).isEqualTo("invalid_request");
        assertThat(refusal(List.of(), Map.of("client_secret", "b")).error()).isEqualTo("invalid_request");
    }

    @Test
    void missingOrMalformedAuthenticationIsInvalidClientWithABasicChallenge() {
        for (List<String> authorization : List.of(List.<String>of(), List.of("Bearer svc_at_x"), List.of("Basic"),
                List.of("Basic %%%"), List.of(basic("no-colon")), List.of(basic(":secret")), List.of(basic("id:")),
                List.of(basic("id%zz:secret")))) {
            OAuthException refused = refusal(authorization, Map.of());
            assertThat(refused.error()).as(authorization.toString()).isEqualTo("invalid_client");
            assertThat(refused.status().value()).isEqualTo(401);
            assertThat(refused.challenge()).isTrue();
        }
    }

    @Test
    void theSecretNeverAppearsInTheTextOfTheCredentials() {
        assertThat(new ClientCredentials("cli_1", "svc_cs_topsecret", true).toString()).doesNotContain("topsecret");
        assertThatThrownBy(() -> ClientCredentials.from(List.of(basic("cli_1:svc_cs_topsecret%zz")), Map.of()))
                .hasMessageNotContaining("topsecret");
    }
}
