package com.storageplatform.crm.message;

import com.storageplatform.kit.db.AccountStatement;
import java.time.Instant;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Mono;

/** The {@code message_templates} table: the account's own wording of a template, every statement bound to it. */
@Repository
class TemplateRepository {

    private final DatabaseClient db;

    TemplateRepository(DatabaseClient db) {
        this.db = db;
    }

    /** The account's own wording, when it has one, with when it was last changed. */
    record Own(Template template, Instant updatedAt) {
    }

    Mono<Own> find(UUID accountId, String name) {
        return AccountStatement.sql(db, accountId, """
                SELECT name, subject, body, updated_at FROM message_templates
                 WHERE account_id = :account_id AND name = :name
                """)
                .bind("name", name)
                .map(row -> new Own(new Template(row.get("name", String.class), row.get("subject", String.class),
                        row.get("body", String.class)), row.get("updated_at", Instant.class)))
                .one();
    }

    Mono<Void> save(UUID accountId, Template template, Instant now) {
        return AccountStatement.sql(db, accountId, """
                INSERT INTO message_templates (account_id, name, subject, body, created_at, updated_at)
                VALUES (:account_id, :name, :subject, :body, :now, :now)
                ON CONFLICT (account_id, name) DO UPDATE
                   SET subject = EXCLUDED.subject, body = EXCLUDED.body, updated_at = EXCLUDED.updated_at
                """)
                .bind("name", template.name())
                .bind("subject", template.subject())
                .bind("body", template.body())
                .bind("now", now)
                .then();
    }

    Mono<Void> delete(UUID accountId, String name) {
        return AccountStatement.sql(db, accountId,
                        "DELETE FROM message_templates WHERE account_id = :account_id AND name = :name")
                .bind("name", name)
                .then();
    }
}
