package com.storageplatform.auth.signin;

import com.storageplatform.kit.crypto.Sealed;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.springframework.http.HttpCookie;
import org.springframework.http.ResponseCookie;
import org.springframework.security.oauth2.client.web.server.ServerAuthorizationRequestRepository;
import org.springframework.security.oauth2.core.endpoint.OAuth2AuthorizationRequest;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * Keeps a sign-in in progress (state, nonce, PKCE verifier) between the redirect to Keycloak and its callback in a
 * cookie sealed with the cookie key (AES-256-GCM), not in a server session, so the callback may reach any replica.
 * Sealing makes it tamper-proof and unreadable; it lives 10 minutes, is sent to the callback path only and is
 * cleared once used. Its content is a short form-encoded list of the request's fields (well under a browser's
 * 4 KB cookie limit).
 */
final class SealedSignInCookie implements ServerAuthorizationRequestRepository<OAuth2AuthorizationRequest> {

    private static final long LIFETIME_SECONDS = 600;

    private final byte[] key;
    private final String name;
    private final boolean secure;

    SealedSignInCookie(AppProperties app) {
        this.key = app.cookieKeyBytes();
        this.secure = app.secure();
        this.name = secure ? "__Secure-platform_sign_in" : "platform_sign_in";
    }

    @Override
    public Mono<OAuth2AuthorizationRequest> loadAuthorizationRequest(ServerWebExchange exchange) {
        HttpCookie cookie = exchange.getRequest().getCookies().getFirst(name);
        return cookie == null ? Mono.empty() : Mono.justOrEmpty(open(cookie.getValue()));
    }

    @Override
    public Mono<Void> saveAuthorizationRequest(OAuth2AuthorizationRequest request, ServerWebExchange exchange) {
        exchange.getResponse().addCookie(request == null ? cookie("", 0) : cookie(seal(request), LIFETIME_SECONDS));
        return Mono.empty();
    }

    @Override
    public Mono<OAuth2AuthorizationRequest> removeAuthorizationRequest(ServerWebExchange exchange) {
        return loadAuthorizationRequest(exchange)
                .doOnNext(found -> exchange.getResponse().addCookie(cookie("", 0)));
    }

    private ResponseCookie cookie(String value, long maxAge) {
        // Lax lets Keycloak's top-level redirect back to the callback carry it.
        return ResponseCookie.from(name, value).path(AppProperties.CALLBACK_PATH).httpOnly(true).secure(secure)
                .sameSite("Lax").maxAge(maxAge).build();
    }

    /** Every field but the full request URI, which the builder derives again; parameters and attributes are text. */
    private String seal(OAuth2AuthorizationRequest request) {
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("authorization_uri", request.getAuthorizationUri());
        fields.put("client_id", request.getClientId());
        fields.put("redirect_uri", request.getRedirectUri());
        fields.put("scope", String.join(" ", request.getScopes()));
        fields.put("state", request.getState());
        request.getAdditionalParameters().forEach((parameter, value) -> fields.put("p." + parameter,
                String.valueOf(value)));
        request.getAttributes().forEach((attribute, value) -> fields.put("a." + attribute, String.valueOf(value)));
        StringBuilder text = new StringBuilder();
        fields.forEach((field, value) -> text.append(text.isEmpty() ? "" : "&").append(encode(field)).append('=')
                .append(encode(value)));
        byte[] sealed = Sealed.seal(key, text.toString().getBytes(StandardCharsets.UTF_8));
        return Base64.getUrlEncoder().withoutPadding().encodeToString(sealed);
    }

    /** Only what this key sealed opens; anything else (tampered, expired key, garbage) is no sign-in at all. */
    private OAuth2AuthorizationRequest open(String value) {
        Map<String, String> fields = new LinkedHashMap<>();
        try {
            String text = new String(Sealed.open(key, Base64.getUrlDecoder().decode(value)), StandardCharsets.UTF_8);
            for (String pair : text.split("&")) {
                int equals = pair.indexOf('=');
                fields.put(decode(pair.substring(0, equals)), decode(pair.substring(equals + 1)));
            }
        } catch (RuntimeException tampered) {
            return null;
        }
        Map<String, Object> parameters = new LinkedHashMap<>();
        Map<String, Object> attributes = new LinkedHashMap<>();
        fields.forEach((field, text) -> {
            if (field.startsWith("p.")) {
                parameters.put(field.substring(2), text);
            } else if (field.startsWith("a.")) {
                attributes.put(field.substring(2), text);
            }
        });
        return OAuth2AuthorizationRequest.authorizationCode()
                .authorizationUri(fields.get("authorization_uri"))
                .clientId(fields.get("client_id"))
                .redirectUri(fields.get("redirect_uri"))
                .scopes(Set.of(fields.getOrDefault("scope", "").split(" ")))
                .state(fields.get("state"))
                .additionalParameters(parameters)
                .attributes(attributes)
                .build();
    }

    private static String encode(String value) {
        return URLEncoder.encode(value == null ? "" : value, StandardCharsets.UTF_8);
    }

    private static String decode(String value) {
        return URLDecoder.decode(value, StandardCharsets.UTF_8);
    }
}
