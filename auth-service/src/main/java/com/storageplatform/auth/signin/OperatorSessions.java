package com.storageplatform.auth.signin;

import com.storageplatform.auth.credential.Credentials;
import com.storageplatform.auth.user.OperatorUser;
import com.storageplatform.auth.user.OperatorUsers;
import com.storageplatform.kit.crypto.Secrets;
import com.storageplatform.kit.id.Ids;
import java.time.Clock;
import java.time.Instant;
import java.util.UUID;
import org.springframework.http.ResponseCookie;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Sessions of signed-in operator users, kept in PostgreSQL so that any replica of the auth service serves them:
 * the cookie carries a random secret ({@code svc_ses_...}), the table its SHA-256. A session lasts
 * {@link AppProperties#sessionLifetime()} from sign-in and ends at sign-out; either way its own access tokens
 * (the settings' calls to the public API) end with it. A day after it expired, {@link ExpiredSessionCleanupJob}
 * deletes it and its tokens.
 */
@Component
public class OperatorSessions {

    static final String SECRET_PREFIX = "svc_ses_";
    /** Exchange attribute caching the request's session lookup (CSRF and the security context both ask). */
    private static final String CACHED = OperatorSessions.class.getName() + ".session";

    private final OperatorSessionRepository sessions;
    private final OperatorUsers users;
    private final Credentials credentials;
    private final AppProperties app;
    private final Clock clock;

    OperatorSessions(OperatorSessionRepository sessions, OperatorUsers users, Credentials credentials,
            AppProperties app, Clock clock) {
        this.sessions = sessions;
        this.users = users;
        this.credentials = credentials;
        this.app = app;
        this.clock = clock;
    }

    /** The cookie's name: {@code __Host-} prefixed over HTTPS, which pins it to this host and path {@code /}. */
    String cookieName() {
        return app.secure() ? "__Host-platform_session" : "platform_session";
    }

    /** Starts a session for the user and sets its cookie on the response. */
    Mono<SignedIn> start(OperatorUser user, ServerHttpResponse response) {
        String secret = Secrets.generate(SECRET_PREFIX);
        OperatorSessionRepository.Session session = new OperatorSessionRepository.Session(Ids.newId(), user.id(),
                Secrets.generate("", 43));
        Instant now = clock.instant();
        return sessions.insert(session, Secrets.sha256(secret), now, now.plus(app.sessionLifetime()))
                .doOnSuccess(done -> response.addCookie(cookie(secret, app.sessionLifetime().toSeconds())))
                .thenReturn(new SignedIn(user, session.id(), session.csrfToken()));
    }

    /** The request's live session, if its cookie names one (looked up once per request). */
    Mono<SignedIn> current(ServerWebExchange exchange) {
        Mono<SignedIn> cached = exchange.getAttribute(CACHED);
        if (cached != null) {
            return cached;
        }
        var cookie = exchange.getRequest().getCookies().getFirst(cookieName());
        Mono<SignedIn> lookup = cookie == null || !cookie.getValue().startsWith(SECRET_PREFIX)
                || cookie.getValue().length() > 100 ? Mono.empty() : find(cookie.getValue()).cache();
        exchange.getAttributes().put(CACHED, lookup);
        return lookup;
    }

    private Mono<SignedIn> find(String secret) {
        return sessions.findLive(Secrets.sha256(secret), clock.instant())
                .flatMap(session -> users.find(session.operatorUserId())
                        .map(user -> new SignedIn(user, session.id(), session.csrfToken())));
    }

    /**
     * Ends the session and revokes the access tokens it had minted; returns their ids for the gateway. Clears
     * the cookie.
     */
    public Flux<UUID> end(SignedIn signedIn, ServerHttpResponse response) {
        Instant now = clock.instant();
        response.addCookie(cookie("", 0));
        return sessions.end(signedIn.sessionId(), now)
                .thenMany(credentials.revokeOfSession(signedIn.user().operatorId(), signedIn.sessionId(), now));
    }

    private ResponseCookie cookie(String value, long maxAgeSeconds) {
        return ResponseCookie.from(cookieName(), value)
                .path("/")
                .httpOnly(true)
                .secure(app.secure())
                .sameSite("Lax")
                .maxAge(maxAgeSeconds)
                .build();
    }
}
