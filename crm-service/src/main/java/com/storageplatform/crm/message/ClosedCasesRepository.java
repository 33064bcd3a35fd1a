package com.storageplatform.crm.message;

import com.storageplatform.kit.db.AccountStatement;
import java.time.Instant;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Mono;

/** The {@code closed_collections_cases} table: billing's collections cases that closed, per account. */
@Repository
class ClosedCasesRepository {

    private final DatabaseClient db;

    ClosedCasesRepository(DatabaseClient db) {
        this.db = db;
    }

    /** The case closed at {@code at}; closed already, it keeps its first time. */
    Mono<Void> close(UUID accountId, UUID caseId, Instant at) {
        return AccountStatement.sql(db, accountId, """
                INSERT INTO closed_collections_cases (account_id, case_id, closed_at)
                VALUES (:account_id, :case_id, :at)
                ON CONFLICT (account_id, case_id) DO NOTHING
                """)
                .bind("case_id", caseId).bind("at", at)
                .then();
    }

    Mono<Boolean> isClosed(UUID accountId, UUID caseId) {
        return AccountStatement.sql(db, accountId, """
                SELECT EXISTS (SELECT 1 FROM closed_collections_cases
                                WHERE account_id = :account_id AND case_id = :case_id)
                """)
                .bind("case_id", caseId)
                .map(row -> row.get(0, Boolean.class))
                .one();
    }
}
