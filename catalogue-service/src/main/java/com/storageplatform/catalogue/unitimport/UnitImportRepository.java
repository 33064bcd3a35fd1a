package com.storageplatform.catalogue.unitimport;

import com.storageplatform.kit.db.AccountStatement;
import java.util.Collection;
import java.util.Map;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Mono;

/** The {@code unit_import_rows} table: which unit each (account, import key, row) was written as. */
@Repository
class UnitImportRepository {

    private final DatabaseClient db;

    UnitImportRepository(DatabaseClient db) {
        this.db = db;
    }

    /**
     * Holds the account's import key until the transaction ends, so two calls for the same rows run one after
     * the other and the second sees the first's rows.
     */
    Mono<Void> lock(UUID accountId, String importKey) {
        return AccountStatement.sql(db, accountId,
                        "SELECT pg_advisory_xact_lock(hashtextextended(:account_id::text || '/' || :import_key, 11))")
                .bind("import_key", importKey)
                .then();
    }

    /** Of {@code rows}, those written before under the key, with their unit's id. */
    Mono<Map<Integer, UUID>> written(UUID accountId, String importKey, Collection<Integer> rows) {
        return AccountStatement.sql(db, accountId, """
                SELECT row, unit_id FROM unit_import_rows
                WHERE account_id = :account_id AND import_key = :import_key AND row = ANY(:rows)
                """)
                .bind("import_key", importKey)
                .bind("rows", rows.toArray(Integer[]::new))
                .map(found -> Map.entry(found.get("row", Integer.class), found.get("unit_id", UUID.class)))
                .all()
                .collectMap(Map.Entry::getKey, Map.Entry::getValue);
    }

    Mono<Void> insert(UUID accountId, String importKey, int row, UUID unitId) {
        return AccountStatement.sql(db, accountId, """
                INSERT INTO unit_import_rows (account_id, import_key, row, unit_id)
                VALUES (:account_id, :import_key, :row, :unit_id)
                """)
                .bind("import_key", importKey)
                .bind("row", row)
                .bind("unit_id", unitId)
                .then();
    }
}
