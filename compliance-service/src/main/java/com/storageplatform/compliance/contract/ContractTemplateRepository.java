package com.storageplatform.compliance.contract;

import com.storageplatform.kit.db.AccountStatement;
import java.time.Instant;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Mono;

/** The {@code contract_templates} table: the account's own wording of a template, every statement bound to it. */
@Repository
class ContractTemplateRepository {

    private final DatabaseClient db;

    ContractTemplateRepository(DatabaseClient db) {
        this.db = db;
    }

    /** The account's own wording, its version, and when it was last changed. */
    record Own(LicenceTemplate template, int version, Instant updatedAt) {
    }

    Mono<Own> find(UUID accountId, String name) {
        return findBy(accountId, name, "");
    }

    /** The account's own wording, its row locked for the rest of the transaction. */
    Mono<Own> findForUpdate(UUID accountId, String name) {
        return findBy(accountId, name, " FOR UPDATE");
    }

    private Mono<Own> findBy(UUID accountId, String name, String lock) {
        return AccountStatement.sql(db, accountId, """
                SELECT title, body, version, updated_at FROM contract_templates
                 WHERE account_id = :account_id AND name = :name
                """ + lock)
                .bind("name", name)
                .map(row -> new Own(new LicenceTemplate(row.get("title", String.class), row.get("body", String.class)),
                        row.get("version", Integer.class), row.get("updated_at", Instant.class)))
                .one();
    }

    /** Writes the wording as the template's next version (the first is 1). */
    Mono<Void> save(UUID accountId, String name, LicenceTemplate template, Instant now) {
        return AccountStatement.sql(db, accountId, """
                INSERT INTO contract_templates (account_id, name, title, body, version, created_at, updated_at)
                VALUES (:account_id, :name, :title, :body, 1, :now, :now)
                ON CONFLICT (account_id, name) DO UPDATE
                   SET title = EXCLUDED.title, body = EXCLUDED.body, version = contract_templates.version + 1,
                       updated_at = EXCLUDED.updated_at
                """)
                .bind("name", name)
                .bind("title", template.title())
                .bind("body", template.body())
                .bind("now", now)
                .then();
    }
}
