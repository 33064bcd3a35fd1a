package com.storageplatform.crm.deal;

import static com.storageplatform.kit.db.Bindings.nullable;

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

    /**
     * Records activity at {@code at} on what a commerce record touches: the deal it names ({@code dealId}), deals
     * naming its agreement or reservation, and the customer's open deals at its site.
     */
    public Mono<Void> touchLinked(UUID accountId, UUID contactId, UUID siteId, UUID dealId, UUID agreementId,
            UUID reservationId, Instant at) {
        var update = AccountStatement.sql(db, accountId, """
                UPDATE deals SET last_activity_at = :at
                 WHERE account_id = :account_id AND last_activity_at < :at
                   AND (id = :deal_id OR agreement_id = :agreement_id OR reservation_id = :reservation_id
                        OR (status = 'open' AND contact_id = :contact_id AND site_id = :site_id))
                """)
                .bind("at", at);
        update = nullable(update, "deal_id", dealId, UUID.class);
        update = nullable(update, "agreement_id", agreementId, UUID.class);
        update = nullable(update, "reservation_id", reservationId, UUID.class);
        update = nullable(update, "contact_id", contactId, UUID.class);
        return nullable(update, "site_id", siteId, UUID.class).then();
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
