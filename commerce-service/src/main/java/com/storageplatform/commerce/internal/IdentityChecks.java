package com.storageplatform.commerce.internal;

import com.storageplatform.kit.db.AccountStatement;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * What compliance last said about a customer's identity checks ({@link IdentityChecksProjection}): whether one
 * passed, and the outcome of the latest.
 */
@Component
public class IdentityChecks {

    public static final String PENDING = "pending";
    public static final String VERIFIED = "verified";
    public static final String REQUIRES_INPUT = "requires_input";
    public static final String CANCELLED = "cancelled";

    private final DatabaseClient db;

    IdentityChecks(DatabaseClient db) {
        this.db = db;
    }

    /**
     * @param verified a check of the customer passed (staff accepting an online check under another form of name
     *                 reads as verified too: compliance publishes {@code verified} for it)
     * @param latest   the status of the customer's latest check; null when there has been none
     */
    public record State(boolean verified, String latest) {
        public static final State NONE = new State(false, null);
    }

    public Mono<State> of(UUID accountId, UUID contactId) {
        return AccountStatement.sql(db, accountId, """
                SELECT bool_or(status = 'verified') AS verified,
                       (array_agg(status ORDER BY event_time DESC))[1] AS latest
                  FROM identity_checks WHERE account_id = :account_id AND contact_id = :contact_id
                """)
                .bind("contact_id", contactId)
                .map(row -> row.get("latest", String.class) == null ? State.NONE
                        : new State(Boolean.TRUE.equals(row.get("verified", Boolean.class)),
                                row.get("latest", String.class)))
                .one()
                .defaultIfEmpty(State.NONE);
    }
}
