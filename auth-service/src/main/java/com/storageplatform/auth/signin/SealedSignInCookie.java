package com.storageplatform.auth.signin;

import com.storageplatform.kit.crypto.Sealed;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.Base64;
import org.springframework.http.HttpCookie;
import org.springframework.http.ResponseCookie;
import org.springframework.security.oauth2.client.web.server.ServerAuthorizationRequestRepository;
import org.springframework.security.oauth2.core.endpoint.OAuth2AuthorizationRequest;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * Keeps a sign-in in progress (state, nonce, PKCE verifier) between the redirect to Keycloak and its callback in a
 * cookie sealed with the cookie key (AES-256-GCM), not in a server session, so the callback may reach any replica.
 * Sealing makes it tamper-proof and unreadable; it lives 10 minutes, is bound to the callback path and is
 * cleared once used.
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
        if (request == null) {
            exchange.getResponse().addCookie(cookie("", 0));
            return Mono.empty();
        }
        exchange.getResponse().addCookie(cookie(seal(request), LIFETIME_SECONDS));
        return Mono.empty();
    }

    @Override
    public Mono<OAuth2AuthorizationRequest> removeAuthorizationRequest(ServerWebExchange exchange) {
        return loadAuthorizationRequest(exchange)
                .doOnNext(found -> exchange.getResponse().addCookie(cookie("", 0)));
    }

    private ResponseCookie cookie(String value, long maxAge) {
        // Sent to the callback only: Lax lets Keycloak's top-level redirect back carry it.
        return ResponseCookie.from(name, value).path(AppProperties.CALLBACK_PATH).httpOnly(true).secure(secure)
                .sameSite("Lax").maxAge(maxAge).build();
    }

    private String seal(OAuth2AuthorizationRequest request) {
        try (ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(request);
            out.flush();
            return Base64.getUrlEncoder().withoutPadding().encodeToString(Sealed.seal(key, bytes.toByteArray()));
        } catch (IOException e) {
            throw new IllegalStateException("Could not keep the sign-in request", e);
        }
    }

    /** Only what this key sealed opens, so only our own serialised requests are ever read back. */
    private OAuth2AuthorizationRequest open(String value) {
        try {
            byte[] plain = Sealed.open(key, Base64.getUrlDecoder().decode(value));
            try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(plain))) {
                return (OAuth2AuthorizationRequest) in.readObject();
            }
        } catch (IllegalArgumentException | IllegalStateException | IOException | ClassNotFoundException
                | ClassCastException tampered) {
            return null;
        }
    }
}
