package com.storageplatform.auth.signin;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.springframework.http.ResponseCookie;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import org.springframework.mock.web.server.MockServerWebExchange;
import org.springframework.security.oauth2.core.endpoint.OAuth2AuthorizationRequest;

/** The sign-in in progress survives the round trip through the browser only as this key sealed it. */
class SealedSignInCookieTest {

    private static final AppProperties APP = new AppProperties("https://api.example.com/app",
            "http://gateway:8080", Base64.getEncoder().encodeToString(new byte[32]), Duration.ofHours(8));

    private static final OAuth2AuthorizationRequest REQUEST = OAuth2AuthorizationRequest.authorizationCode()
            .authorizationUri("https://id.example.com/realms/r/protocol/openid-connect/auth")
            .clientId("storage-platform")
            .redirectUri("https://api.example.com/app/sign-in-callback")
            .scopes(Set.of("openid", "email"))
            .state("state-123")
            .additionalParameters(Map.of("nonce", "hashed-nonce", "code_challenge", "abc",
                    "code_challenge_method", "S256"))
            .attributes(Map.of("registration_id", "keycloak", "nonce", "raw-nonce", "code_verifier", "verifier"))
            .build();

    private static ResponseCookie saved() {
        MockServerWebExchange start = MockServerWebExchange.from(MockServerHttpRequest.get("/app/sign-in/keycloak"));
        new SealedSignInCookie(APP).saveAuthorizationRequest(REQUEST, start).block();
        return start.getResponse().getCookies().getFirst("__Secure-platform_sign_in");
    }

    private static OAuth2AuthorizationRequest loaded(String value) {
        MockServerWebExchange callback = MockServerWebExchange.from(MockServerHttpRequest
                .get("/app/sign-in-callback").cookie(new org.springframework.http.HttpCookie(
                        "__Secure-platform_sign_in", value)));
        return new SealedSignInCookie(APP).loadAuthorizationRequest(callback).block();
    }

    @Test
    void theRequestComesBackWholeFromItsSecureHttpOnlyCookieOnTheCallbackPath() {
        ResponseCookie cookie = saved();

        assertThat(cookie.isSecure()).isTrue();
        assertThat(cookie.isHttpOnly()).isTrue();
        assertThat(cookie.getPath()).isEqualTo("/app/sign-in-callback");
        assertThat(cookie.getValue()).doesNotContain("verifier").hasSizeLessThan(1500);
        OAuth2AuthorizationRequest back = loaded(cookie.getValue());
        assertThat(back.getState()).isEqualTo("state-123");
        assertThat(back.getClientId()).isEqualTo("storage-platform");
        assertThat(back.getRedirectUri()).isEqualTo(REQUEST.getRedirectUri());
        assertThat(back.getScopes()).containsExactlyInAnyOrder("openid", "email");
        assertThat(back.<String>getAttribute("code_verifier")).isEqualTo("verifier");
        assertThat(back.<String>getAttribute("nonce")).isEqualTo("raw-nonce");
        assertThat(back.getAdditionalParameters()).containsEntry("nonce", "hashed-nonce");
    }

    @Test
    void aTamperedOrForeignCookieIsNoSignInAtAll() {
        String value = saved().getValue();
        char last = value.charAt(value.length() - 5);
        String tampered = value.substring(0, value.length() - 5) + (last == 'A' ? 'B' : 'A') + value.substring(
                value.length() - 4);

        assertThat(loaded(tampered)).isNull();
        assertThat(loaded("not-even-base64!")).isNull();
        assertThat(loaded(Base64.getUrlEncoder().encodeToString(new byte[64]))).isNull();
    }
}
