package com.storageplatform.auth.signin;

import com.storageplatform.auth.user.OperatorUser;
import com.storageplatform.kit.crypto.Secrets;
import com.storageplatform.kit.id.Ids;
import java.nio.ByteBuffer;
import java.time.Clock;
import java.time.Instant;
import java.util.UUID;
import org.springframework.http.ResponseCookie;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Sessions of signed-in operator users, kept in PostgreSQL so that any replica of the auth service serves them:
 * the cookie carries a random secret ({@code svc_ses_...}), the table its SHA-256. A session lasts
 * {@link AppProperties#sessionLifetime()} from sign-in and ends at sign-out; either way its own access tokens
 * (the settings' calls to the public API) end with it.
 */
@Component
public class OperatorSessions {

    static final String SECRET_PREFIX = "svc_ses_";
    /** Exchange attribute caching the request's session lookup (CSRF and the security context both ask). */
    private static final String CACHED = OperatorSessions.class.getName() + ".session";

    private final DatabaseClient db;
    private final AppProperties app;
    private final Clock clock;

    OperatorSessions(DatabaseClient db, AppProperties app, Clock clock) {
        this.db = db;
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
        String csrf = Secrets.generate("", 43);
        UUID id = Ids.newId();
        Instant now = clock.instant();
        return db.sql("""
                INSERT INTO operator_sessions (id, secret_hash, operator_user_id, csrf_token, created_at, expires_at)
                VALUES (:id, :hash, :user, :csrf, :now, :expires)
                """)
                .bind("id", id)
                .bind("hash", ByteBuffer.wrap(Secrets.sha256(secret)))
                .bind("user", user.id())
                .bind("csrf", csrf)
                .bind("now", now)
                .bind("expires", now.plus(app.sessionLifetime()))
                .then()
                .doOnSuccess(done -> response.addCookie(cookie(secret, app.sessionLifetime().toSeconds())))
                .thenReturn(new SignedIn(user, id, csrf));
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
        return db.sql("""
                SELECT s.id AS session_id, s.csrf_token, u.id, u.operator_id, u.email, u.role, u.created_at
                FROM operator_sessions s JOIN operator_users u ON u.id = s.operator_user_id
                WHERE s.secret_hash = :hash AND s.ended_at IS NULL AND s.expires_at > :now
                """)
                .bind("hash", ByteBuffer.wrap(Secrets.sha256(secret)))
                .bind("now", clock.instant())
                .map(row -> new SignedIn(new OperatorUser(row.get("id", UUID.class), "operator_user",
                        row.get("operator_id", UUID.class), row.get("email", String.class),
                        row.get("role", String.class), row.get("created_at", Instant.class)),
                        row.get("session_id", UUID.class), row.get("csrf_token", String.class)))
                .one();
    }

    /**
     * Ends the session and revokes the access tokens it had minted; returns their ids for the gateway. Clears
     * the cookie.
     */
    public Flux<UUID> end(UUID sessionId, ServerHttpResponse response) {
        Instant now = clock.instant();
        response.addCookie(cookie("", 0));
        return db.sql("UPDATE operator_sessions SET ended_at = :now WHERE id = :id AND ended_at IS NULL")
                .bind("id", sessionId)
                .bind("now", now)
                .then()
                .thenMany(db.sql("""
                        UPDATE credentials SET revoked_at = :now
                        WHERE operator_session_id = :id AND revoked_at IS NULL AND expires_at > :now
                        RETURNING id
                        """)
                        .bind("id", sessionId)
                        .bind("now", now)
                        .map(row -> row.get("id", UUID.class))
                        .all());
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
