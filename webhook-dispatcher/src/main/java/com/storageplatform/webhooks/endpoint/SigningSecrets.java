package com.storageplatform.webhooks.endpoint;

import com.storageplatform.kit.crypto.Sealed;
import com.storageplatform.kit.crypto.Secrets;
import com.storageplatform.kit.db.AccountStatement;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.webhooks.WebhookProperties;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Endpoint signing secrets ({@code whsec_...}). Unlike credentials they cannot be hashed (each delivery is
 * signed with them), so they are sealed with the deployment's key and opened only to sign. A rotation keeps the
 * old secret valid for 24 hours; meanwhile deliveries carry one signature per valid secret. Rows are keyed by
 * their endpoint (no account column), so each statement names its endpoint through the account's own
 * {@code webhook_endpoints} row: an endpoint of another account is no endpoint at all.
 */
@Component
public class SigningSecrets {

    public static final String PREFIX = "whsec_";
    public static final Duration ROTATION_OVERLAP = Duration.ofHours(24);

    private final DatabaseClient db;
    private final Clock clock;
    private final byte[] key;

    SigningSecrets(DatabaseClient db, Clock clock, WebhookProperties properties) {
        this.db = db;
        this.clock = clock;
        this.key = properties.secretKeyBytes();
    }

    /** SQL: the id of the endpoint {@code :endpoint} of the account {@code :account_id}, or null. */
    private static final String ENDPOINT_OF_ACCOUNT =
            "(SELECT id FROM webhook_endpoints WHERE account_id = :account_id AND id = :endpoint)";

    /**
     * A new secret for the account's endpoint; returns the plaintext, which only the create or rotate response
     * shows. Fails (the row's endpoint would be null) when the account has no such endpoint.
     */
    Mono<String> issue(UUID accountId, UUID endpointId) {
        String secret = Secrets.generate(PREFIX);
        return AccountStatement.sql(db, accountId, """
                INSERT INTO webhook_secrets (id, endpoint_id, secret_sealed, created_at)
                VALUES (:id, %s, :sealed, :at)
                """.formatted(ENDPOINT_OF_ACCOUNT))
                .bind("id", Ids.newId())
                .bind("endpoint", endpointId)
                .bind("sealed", ByteBuffer.wrap(Sealed.seal(key, secret.getBytes(StandardCharsets.UTF_8))))
                .bind("at", clock.instant())
                .then()
                .thenReturn(secret);
    }

    /** Starts the 24 hours of the account's endpoint's current secrets, then issues the next one. */
    Mono<String> rotate(UUID accountId, UUID endpointId) {
        return AccountStatement.sql(db, accountId, """
                UPDATE webhook_secrets SET expires_at = :expires
                WHERE endpoint_id = %s AND expires_at IS NULL
                """.formatted(ENDPOINT_OF_ACCOUNT))
                .bind("expires", clock.instant().plus(ROTATION_OVERLAP))
                .bind("endpoint", endpointId)
                .then()
                .then(issue(accountId, endpointId));
    }

    /** A sealed secret as stored, opened to sign with. */
    public String open(byte[] sealed) {
        return new String(Sealed.open(key, sealed), StandardCharsets.UTF_8);
    }
}
