package com.storageplatform.compliance.identity;

import com.storageplatform.kit.db.AccountStatement;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Mono;

/** The {@code identity_requirements} table: an account's own choice; no row is the default. */
@Repository
class IdentityRequirementsRepository {

    private final DatabaseClient db;

    IdentityRequirementsRepository(DatabaseClient db) {
        this.db = db;
    }

    Mono<IdentityRequirements> find(UUID accountId) {
        return AccountStatement.sql(db, accountId, """
                SELECT documents, updated_at FROM identity_requirements WHERE account_id = :account_id
                """)
                .map(row -> new IdentityRequirements(IdentityRequirements.OBJECT,
                        List.of(row.get("documents", String[].class)), false, row.get("updated_at", Instant.class)))
                .one();
    }

    Mono<Void> save(UUID accountId, List<String> documents, Instant at) {
        return AccountStatement.sql(db, accountId, """
                INSERT INTO identity_requirements (account_id, documents, created_at, updated_at)
                VALUES (:account_id, :documents, :at, :at)
                ON CONFLICT (account_id) DO UPDATE SET documents = EXCLUDED.documents, updated_at = EXCLUDED.updated_at
                """)
                .bind("documents", documents.toArray(String[]::new))
                .bind("at", at)
                .then();
    }

    Mono<Void> delete(UUID accountId) {
        return AccountStatement.sql(db, accountId, "DELETE FROM identity_requirements WHERE account_id = :account_id")
                .then();
    }
}
