package com.storageplatform.auth.oauth;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;
import org.springframework.util.MultiValueMap;

/**
 * A checked {@code /oauth/authorize} request (RFC 6749 section 4.1.1 with RFC 7636): the client, the exact
 * registered redirect URI, the scopes asked (all of the client's when none), the state to hand back and the S256
 * challenge.
 */
record AuthorizationRequest(RegisteredClient client, String redirectUri, List<String> scopes, String state,
        String codeChallenge) {

    static final int MAX_STATE_LENGTH = 1024;
    private static final Pattern NO_CONTROLS = Pattern.compile("[\\x20-\\x7E]*");
    private static final List<String> SINGLE = List.of("response_type", "client_id", "redirect_uri", "scope", "state",
            "code_challenge", "code_challenge_method");

    /**
     * A refusal of the request: shown to the operator when the client or redirect URI cannot be trusted
     * ({@code page}), else sent back to the redirect URI (RFC 6749 section 4.1.2.1).
     */
    static final class Refusal extends RuntimeException {

        private final String error;
        private final String redirectUri;
        private final String state;

        private Refusal(String error, String description, String redirectUri, String state) {
            super(description, null, false, false);
            this.error = error;
            this.redirectUri = redirectUri;
            this.state = state;
        }

        static Refusal page(String description) {
            return new Refusal("invalid_request", description, null, null);
        }

        static Refusal redirect(String error, String description, String redirectUri, String state) {
            return new Refusal(error, description, redirectUri, state);
        }

        String error() {
            return error;
        }

        /** Where to send the operator back with the error, or empty for an error page. */
        Optional<String> location() {
            if (redirectUri == null) {
                return Optional.empty();
            }
            StringBuilder location = new StringBuilder(redirectUri).append(redirectUri.contains("?") ? '&' : '?')
                    .append("error=").append(encode(error))
                    .append("&error_description=").append(encode(getMessage()));
            if (state != null) {
                location.append("&state=").append(encode(state));
            }
            return Optional.of(location.toString());
        }
    }

    /**
     * Checks the parameters against the client they name (null when no such client exists, or it is revoked):
     * first what decides whether redirecting is safe, then the rest.
     */
    static AuthorizationRequest check(MultiValueMap<String, String> parameters, RegisteredClient client) {
        String clientId = parameters.getFirst("client_id");
        String redirectUri = parameters.getFirst("redirect_uri");
        if (clientId == null || clientId.isEmpty() || repeated(parameters, "client_id")) {
            throw Refusal.page("The request does not name the app (client_id).");
        }
        if (client == null || client.isRevoked() || !client.grantTypes().contains(GrantTypes.AUTHORIZATION_CODE)) {
            throw Refusal.page("No app with this client_id may ask for access.");
        }
        if (redirectUri == null || repeated(parameters, "redirect_uri") || !client.redirectUris().contains(redirectUri)) {
            throw Refusal.page("The redirect_uri is not one the app registered.");
        }
        String state = parameters.getFirst("state");
        if (state != null && (repeated(parameters, "state") || state.length() > MAX_STATE_LENGTH
                || !NO_CONTROLS.matcher(state).matches())) {
            throw Refusal.redirect("invalid_request", "The state parameter is malformed.", redirectUri, null);
        }
        for (String name : SINGLE) {
            if (repeated(parameters, name)) {
                throw Refusal.redirect("invalid_request", "Each parameter may be sent only once.", redirectUri, state);
            }
        }
        String responseType = parameters.getFirst("response_type");
        if (responseType == null || responseType.isEmpty()) {
            throw Refusal.redirect("invalid_request", "response_type is required.", redirectUri, state);
        }
        if (!responseType.equals("code")) {
            throw Refusal.redirect("unsupported_response_type", "Only response_type=code is served.", redirectUri,
                    state);
        }
        String method = parameters.getFirst("code_challenge_method");
        if (!Pkce.S256.equals(method)) {
            throw Refusal.redirect("invalid_request", "PKCE is required with code_challenge_method=S256.",
                    redirectUri, state);
        }
        String challenge = parameters.getFirst("code_challenge");
        if (!Pkce.isChallenge(challenge)) {
            throw Refusal.redirect("invalid_request",
                    "code_challenge must be the base64url SHA-256 of the code verifier (43 characters).", redirectUri,
                    state);
        }
        List<String> scopes;
        try {
            scopes = ClientCredentialsGrant.grantedScopes(emptyToNull(parameters.getFirst("scope")), client.scopes());
        } catch (OAuthException refused) {
            throw Refusal.redirect("invalid_scope", refused.getMessage(), redirectUri, state);
        }
        return new AuthorizationRequest(client, redirectUri, scopes, state, challenge);
    }

    /** The parameters that carry this request through the consent form. */
    Map<String, String> formParameters() {
        Map<String, String> form = new java.util.LinkedHashMap<>();
        form.put("response_type", "code");
        form.put("client_id", client.clientId());
        form.put("redirect_uri", redirectUri);
        form.put("scope", String.join(" ", scopes));
        if (state != null) {
            form.put("state", state);
        }
        form.put("code_challenge", codeChallenge);
        form.put("code_challenge_method", Pkce.S256);
        return form;
    }

    /** The redirect with a fresh code (RFC 6749 section 4.1.2). */
    String locationWithCode(String code) {
        return redirectUri + (redirectUri.contains("?") ? '&' : '?') + "code=" + encode(code)
                + (state == null ? "" : "&state=" + encode(state));
    }

    private static boolean repeated(MultiValueMap<String, String> parameters, String name) {
        List<String> values = parameters.get(name);
        return values != null && values.size() > 1;
    }

    private static String emptyToNull(String value) {
        return value == null || value.isEmpty() ? null : value;
    }

    private static String encode(String value) {
        return URLEncoder.encode(Objects.requireNonNull(value), StandardCharsets.UTF_8);
    }
}
