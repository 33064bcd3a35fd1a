package com.storageplatform.billing.openingbalance;

import static com.storageplatform.kit.db.Bindings.nullable;

import com.storageplatform.kit.db.AccountStatement;
import java.util.Collection;
import java.util.Map;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.r2dbc.core.DatabaseClient.GenericExecuteSpec;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Mono;

/** The {@code opening_balance_rows} table: which invoice each (account, import key, row) was written as. */
@Repository
class OpeningBalanceRepository {

    private final DatabaseClient db;

    OpeningBalanceRepository(DatabaseClient db) {
        this.db = db;
    }

    /**
     * Holds the account's import key until the transaction ends, so two calls for the same rows run one after
     * the other and the second sees the first's rows.
     */
    Mono<Void> lock(UUID accountId, String importKey) {
        return AccountStatement.sql(db, accountId,
                        "SELECT pg_advisory_xact_lock(hashtextextended(:account_id::text || '/' || :import_key, 68))")
                .bind("import_key", importKey)
                .then();
    }

    /** Of {@code rows}, those written before under the key, with their invoice's id. */
    Mono<Map<Integer, UUID>> written(UUID accountId, String importKey, Collection<Integer> rows) {
        return AccountStatement.sql(db, accountId, """
                SELECT row, invoice_id FROM opening_balance_rows
                WHERE account_id = :account_id AND import_key = :import_key AND row = ANY(:rows)
                """)
                .bind("import_key", importKey)
                .bind("rows", rows.toArray(Integer[]::new))
                .map(found -> Map.entry(found.get("row", Integer.class), found.get("invoice_id", UUID.class)))
                .all()
                .collectMap(Map.Entry::getKey, Map.Entry::getValue);
    }

    Mono<Void> insert(UUID accountId, String importKey, int row, UUID invoiceId, UUID agreementId, UUID siteId) {
        GenericExecuteSpec insert = AccountStatement.sql(db, accountId, """
                INSERT INTO opening_balance_rows (account_id, import_key, row, invoice_id, agreement_id, site_id)
                VALUES (:account_id, :import_key, :row, :invoice_id, :agreement_id, :site_id)
                """)
                .bind("import_key", importKey)
                .bind("row", row)
                .bind("invoice_id", invoiceId);
        insert = nullable(insert, "agreement_id", agreementId, UUID.class);
        return nullable(insert, "site_id", siteId, UUID.class).then();
    }
}
