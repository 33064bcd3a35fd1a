package com.storageplatform.auth.oauth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.storageplatform.kit.caller.Environment;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.util.LinkedMultiValueMap;
import org.springframework.util.MultiValueMap;

/** The authorization request's checks, in the order RFC 6749 section 4.1.2.1 needs them. */
class AuthorizationRequestTest {

    private static final String REDIRECT = "https://app.example.com/callback?from=platform";
    private static final String CHALLENGE = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";
    private static final RegisteredClient APP = new RegisteredClient(UUID.randomUUID(), "cli_app", new byte[32],
            UUID.randomUUID(), UUID.randomUUID(), Environment.TEST, "App", List.of("authorization_code"),
            List.of(REDIRECT), List.of("sites:read", "contacts:read"), null, Instant.now(), null);

    private static MultiValueMap<String, String> valid() {
        MultiValueMap<String, String> parameters = new LinkedMultiValueMap<>();
        parameters.add("response_type", "code");
        parameters.add("client_id", "cli_app");
        parameters.add("redirect_uri", REDIRECT);
        parameters.add("state", "a b&c=d");
        parameters.add("code_challenge", CHALLENGE);
        parameters.add("code_challenge_method", "S256");
        return parameters;
    }

    @Test
    void aValidRequestGetsAllOfTheClientsScopesByDefaultAndItsStateBackEncoded() {
        AuthorizationRequest request = AuthorizationRequest.check(valid(), APP);

        assertThat(request.scopes()).containsExactly("sites:read", "contacts:read");
        assertThat(request.locationWithCode("svc_ac_x"))
                .isEqualTo(REDIRECT + "&code=svc_ac_x&state=a+b%26c%3Dd");
    }

    @Test
    void anUnknownClientOrAnUnregisteredRedirectUriIsAnErrorPageNeverARedirect() {
        assertThat(refusal(valid(), null).location()).isEmpty();
        MultiValueMap<String, String> elsewhere = valid();
        elsewhere.set("redirect_uri", "https://app.example.com/callback");
        assertThat(refusal(elsewhere, APP).location()).as("not exactly the registered URI").isEmpty();
        MultiValueMap<String, String> twice = valid();
        twice.add("redirect_uri", REDIRECT);
        assertThat(refusal(twice, APP).location()).isEmpty();
        RegisteredClient backend = new RegisteredClient(APP.id(), "cli_app", new byte[32], APP.operatorId(),
                APP.accountId(), Environment.TEST, "Backend", List.of("client_credentials"), List.of(REDIRECT),
                APP.scopes(), null, Instant.now(), null);
        assertThat(refusal(valid(), backend).location()).as("not registered for the flow").isEmpty();
    }

    @Test
    void otherErrorsGoBackToTheAppWithTheState() {
        MultiValueMap<String, String> plain = valid();
        plain.set("code_challenge_method", "plain");
        assertThat(refusal(plain, APP).location()).hasValueSatisfying(location -> assertThat(location)
                .startsWith(REDIRECT + "&error=invalid_request&error_description=").endsWith("&state=a+b%26c%3Dd"));

        MultiValueMap<String, String> token = valid();
        token.set("response_type", "token");
        assertThat(refusal(token, APP).error()).isEqualTo("unsupported_response_type");

        MultiValueMap<String, String> wide = valid();
        wide.set("scope", "sites:read billing:read");
        assertThat(refusal(wide, APP).error()).isEqualTo("invalid_scope");

        MultiValueMap<String, String> shortChallenge = valid();
        shortChallenge.set("code_challenge", "abc");
        assertThat(refusal(shortChallenge, APP).error()).isEqualTo("invalid_request");
    }

    @Test
    void aNarrowerScopeIsKeptInTheOrderAsked() {
        MultiValueMap<String, String> narrow = valid();
        narrow.set("scope", "contacts:read");
        assertThat(AuthorizationRequest.check(narrow, APP).scopes()).containsExactly("contacts:read");
    }

    @Test
    void theScopesReadAsPlainWords() {
        assertThat(ScopeDescriptions.of("contacts:write")).isEqualTo("Create and change your customers' contact records");
        assertThat(ScopeDescriptions.of("events:read")).isEqualTo("See your event log");
        assertThat(ScopeDescriptions.of("unknown:read")).isEqualTo("unknown:read");
    }

    private static AuthorizationRequest.Refusal refusal(MultiValueMap<String, String> parameters,
            RegisteredClient client) {
        try {
            AuthorizationRequest.check(parameters, client);
        } catch (AuthorizationRequest.Refusal refused) {
            return refused;
        }
        throw new AssertionError("not refused");
    }

    @Test
    void refusalsNeverEchoWhatWasSentInTheirDescription() {
        MultiValueMap<String, String> parameters = valid();
        parameters.set("client_id", "<script>");
        assertThatThrownBy(() -> AuthorizationRequest.check(parameters, null))
                .hasMessageNotContaining("<script>");
    }
}
