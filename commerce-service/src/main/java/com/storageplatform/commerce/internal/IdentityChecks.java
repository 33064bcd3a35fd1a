package com.storageplatform.commerce.internal;

import com.storageplatform.kit.db.AccountStatement;
import java.util.Collection;
import java.util.List;
import java.util.Map;
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
        return of(accountId, List.of(contactId)).map(states -> states.getOrDefault(contactId, State.NONE));
    }

    /**
     * The state of each of {@code contactIds} that has a check, in one query (a customer with none is absent). The
     * latest check is the one created last: check ids are UUIDv7, so the greatest id, not the latest event (an
     * older check's late outcome does not make it the latest).
     */
    public Mono<Map<UUID, State>> of(UUID accountId, Collection<UUID> contactIds) {
        if (contactIds.isEmpty()) {
            return Mono.just(Map.of());
        }
        return AccountStatement.sql(db, accountId, """
                SELECT contact_id, bool_or(status = 'verified') AS verified,
                       (array_agg(status ORDER BY id DESC))[1] AS latest
                  FROM identity_checks WHERE account_id = :account_id AND contact_id = ANY(:contact_ids)
                 GROUP BY contact_id
                """)
                .bind("contact_ids", contactIds.toArray(UUID[]::new))
                .map(row -> Map.entry(row.get("contact_id", UUID.class),
                        new State(Boolean.TRUE.equals(row.get("verified", Boolean.class)),
                                row.get("latest", String.class))))
                .all()
                .collectMap(Map.Entry::getKey, Map.Entry::getValue);
    }
}
