package com.storageplatform.auth.introspection;

import com.storageplatform.auth.credential.CredentialKind;
import com.storageplatform.kit.caller.ActorType;
import com.storageplatform.kit.caller.Environment;
import com.storageplatform.kit.caller.Introspection;
import com.storageplatform.kit.crypto.Secrets;
import io.r2dbc.spi.Readable;
import java.nio.ByteBuffer;
import java.time.Clock;
import java.time.Instant;
import java.util.Arrays;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Answers what a presented secret is, for the gateway: one query on the unique SHA-256 index. A credential is active
 * while it is not revoked, its expiry (if any) is after now by the platform clock, and, for OAuth tokens, its client
 * is not revoked. The presented secret is never logged or stored.
 */
@Component
class Introspector {

    /** Every secret we issue is far shorter; a longer string is not one of ours. */
    static final int MAX_SECRET_LENGTH = 128;

    private static final String ACTIVE_BY_HASH = """
            SELECT c.id, c.kind, c.operator_id, c.account_id, c.environment, c.scopes, c.site_ids, c.actor_type,
                   c.expires_at
            FROM credentials c
            LEFT JOIN oauth_clients client ON client.id = c.oauth_client_id
            WHERE c.secret_hash = :hash
              AND c.revoked_at IS NULL
              AND (c.expires_at IS NULL OR c.expires_at > :now)
              AND client.revoked_at IS NULL
            """;

    private final DatabaseClient db;
    private final Clock clock;

    Introspector(DatabaseClient db, Clock clock) {
        this.db = db;
        this.clock = clock;
    }

    Mono<Introspection> introspect(String presented) {
        if (presented.length() > MAX_SECRET_LENGTH || !CredentialKind.hasKnownPrefix(presented)) {
            return Mono.just(Introspection.inactive());
        }
        return db.sql(ACTIVE_BY_HASH)
                .bind("hash", ByteBuffer.wrap(Secrets.sha256(presented)))
                .bind("now", clock.instant())
                .map(Introspector::toIntrospection)
                .one()
                .defaultIfEmpty(Introspection.inactive());
    }

    private static Introspection toIntrospection(Readable row) {
        UUID[] sites = row.get("site_ids", UUID[].class);
        return new Introspection(true,
                row.get("id", UUID.class).toString(),
                row.get("kind", String.class),
                row.get("operator_id", UUID.class),
                row.get("account_id", UUID.class),
                Environment.of(row.get("environment", String.class)),
                Arrays.asList(row.get("scopes", String[].class)),
                sites == null ? null : Arrays.asList(sites),
                ActorType.of(row.get("actor_type", String.class)),
                row.get("expires_at", Instant.class));
    }
}
