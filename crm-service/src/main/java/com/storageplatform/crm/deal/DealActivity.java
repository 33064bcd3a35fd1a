package com.storageplatform.crm.deal;

import com.storageplatform.kit.db.AccountStatement;
import java.time.Instant;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * A deal's {@code last_activity_at}: the newest moment anything happened on it (its own changes, a task or note on
 * it, a message to its customer, commerce's events about its reservation or agreement). It only moves forward, so a
 * late or repeated event never winds it back, and touching it changes nothing else (no {@code deal.updated}).
 */
@Component
public class DealActivity {

    private final DatabaseClient db;

    DealActivity(DatabaseClient db) {
        this.db = db;
    }

    /** Records activity on the account's deal at {@code at}; a deal the account does not have is ignored. */
    public Mono<Void> touch(UUID accountId, UUID dealId, Instant at) {
        return AccountStatement.sql(db, accountId, """
                UPDATE deals SET last_activity_at = :at
                 WHERE account_id = :account_id AND id = :id AND last_activity_at < :at
                """)
                .bind("id", dealId)
                .bind("at", at)
                .then();
    }

    /** Records activity on every open deal of the customer at {@code at}: what a message or booking touches. */
    public Mono<Void> touchCustomer(UUID accountId, UUID contactId, Instant at) {
        return AccountStatement.sql(db, accountId, """
                UPDATE deals SET last_activity_at = :at
                 WHERE account_id = :account_id AND contact_id = :contact_id AND status = 'open'
                   AND last_activity_at < :at
                """)
                .bind("contact_id", contactId)
                .bind("at", at)
                .then();
    }
}
