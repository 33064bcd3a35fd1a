package com.storageplatform.catalogue.coverage;

import static com.storageplatform.kit.db.Bindings.nullable;

import com.storageplatform.kit.db.AccountStatement;
import java.time.Instant;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.r2dbc.core.DatabaseClient.GenericExecuteSpec;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Mono;

/**
 * The {@code cover_holdings} projection: commerce's covers, as its {@code cover.*} events tell them. The catalogue
 * only needs to know whether anyone holds a product's cover now.
 */
@Repository
class CoverHoldings {

    static final String IN_FORCE = "in_force";
    static final String ENDED = "ended";

    private final DatabaseClient db;

    CoverHoldings(DatabaseClient db) {
        this.db = db;
    }

    /** Whether any customer of the account holds cover under the product now. */
    Mono<Boolean> anyInForce(UUID accountId, UUID coverageProductId) {
        return AccountStatement.sql(db, accountId, """
                SELECT EXISTS (SELECT 1 FROM cover_holdings WHERE account_id = :account_id
                    AND coverage_product_id = :product AND status = 'in_force') AS held
                """)
                .bind("product", coverageProductId)
                .map(row -> row.get("held", Boolean.class))
                .one();
    }

    /**
     * Records what one event says about a cover. An ended cover stays ended, and an event older than the one last
     * applied changes nothing (events can arrive out of order); an end is applied whatever its time.
     */
    Mono<Void> record(UUID accountId, Cover cover, String status, Instant eventTime, Instant now) {
        GenericExecuteSpec upsert = AccountStatement.sql(db, accountId, """
                INSERT INTO cover_holdings (id, account_id, coverage_product_id, agreement_id, contact_id,
                    cover_minor, currency, status, event_time, updated_at)
                VALUES (:id, :account_id, :product, :agreement_id, :contact_id, :cover_minor, :currency, :status,
                    :event_time, :now)
                ON CONFLICT (id) DO UPDATE SET coverage_product_id = EXCLUDED.coverage_product_id,
                    agreement_id = COALESCE(EXCLUDED.agreement_id, cover_holdings.agreement_id),
                    contact_id = COALESCE(EXCLUDED.contact_id, cover_holdings.contact_id),
                    cover_minor = COALESCE(EXCLUDED.cover_minor, cover_holdings.cover_minor),
                    currency = COALESCE(EXCLUDED.currency, cover_holdings.currency),
                    status = EXCLUDED.status, event_time = EXCLUDED.event_time, updated_at = EXCLUDED.updated_at
                WHERE cover_holdings.account_id = EXCLUDED.account_id AND cover_holdings.status <> 'ended'
                    AND (EXCLUDED.status = 'ended' OR cover_holdings.event_time <= EXCLUDED.event_time)
                """)
                .bind("id", cover.id())
                .bind("product", cover.coverageProductId())
                .bind("status", status)
                .bind("event_time", eventTime)
                .bind("now", now);
        upsert = nullable(upsert, "agreement_id", cover.agreementId(), UUID.class);
        upsert = nullable(upsert, "contact_id", cover.contactId(), UUID.class);
        upsert = nullable(upsert, "cover_minor", cover.coverMinor(), Long.class);
        return nullable(upsert, "currency", cover.currency(), String.class).then();
    }


    /** A cover as commerce's events carry it ({@code data.object} is {@code cover}). */
    record Cover(UUID id, UUID coverageProductId, UUID agreementId, UUID contactId, Long coverMinor,
            String currency) {
    }
}
