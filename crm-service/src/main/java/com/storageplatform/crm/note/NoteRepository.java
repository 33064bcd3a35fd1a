package com.storageplatform.crm.note;

import static com.storageplatform.kit.db.Bindings.nullable;

import com.storageplatform.crm.internal.SiteScope;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.db.AccountStatement;
import com.storageplatform.kit.paging.ListQuery;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.web.Envelopes;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Mono;

/** The {@code notes} table, every statement bound to one account. Notes are written once: no update. */
@Repository
class NoteRepository {

    private static final String COLUMNS = """
            id, subject_type, subject_id, body, site_id, author_actor_type, author_credential_id, created_at,
            updated_at
            """;

    private final DatabaseClient db;

    NoteRepository(DatabaseClient db) {
        this.db = db;
    }

    Mono<Void> insert(UUID accountId, Note n) {
        var insert = AccountStatement.sql(db, accountId, """
                INSERT INTO notes (account_id, id, subject_type, subject_id, body, site_id, author_actor_type,
                       author_credential_id, created_at, updated_at)
                VALUES (:account_id, :id, :subject_type, :subject_id, :body, :site_id, :author_actor_type,
                       :author_credential_id, :created_at, :updated_at)
                """)
                .bind("id", n.id())
                .bind("subject_type", n.subjectType())
                .bind("subject_id", n.subjectId())
                .bind("body", n.body())
                .bind("author_actor_type", n.author().actorType())
                .bind("created_at", n.createdAt())
                .bind("updated_at", n.updatedAt());
        insert = nullable(insert, "site_id", n.siteId(), UUID.class);
        return nullable(insert, "author_credential_id", n.author().credentialId(), String.class).then();
    }

    Mono<Note> find(UUID accountId, UUID id) {
        return findBy(accountId, id, "");
    }

    /** The note, its row locked for the rest of the transaction. */
    Mono<Note> findForUpdate(UUID accountId, UUID id) {
        return findBy(accountId, id, " FOR UPDATE");
    }

    private Mono<Note> findBy(UUID accountId, UUID id, String lock) {
        return AccountStatement.sql(db, accountId,
                        "SELECT " + COLUMNS + " FROM notes WHERE account_id = :account_id AND id = :id" + lock)
                .bind("id", id)
                .map(NoteRepository::toNote)
                .one();
    }

    Mono<Void> delete(UUID accountId, UUID id) {
        return AccountStatement.sql(db, accountId, "DELETE FROM notes WHERE account_id = :account_id AND id = :id")
                .bind("id", id)
                .then();
    }

    /** Newest first; a site-restricted caller sees the notes of its sites and those without a site. */
    Mono<Envelopes.ListOf<Note>> list(Caller caller, String subjectType, UUID subjectId, PageRequest page) {
        ListQuery query = ListQuery.from("SELECT " + COLUMNS + " FROM notes", caller.accountId())
                .where("subject_type = :subject_type", "subject_type", subjectType)
                .where("subject_id = :subject_id", "subject_id", subjectId);
        return SiteScope.within(query, caller).page(db, page, NoteRepository::toNote);
    }

    private static Note toNote(Readable row) {
        return new Note(row.get("id", UUID.class), Note.OBJECT, row.get("subject_type", String.class),
                row.get("subject_id", UUID.class), row.get("body", String.class), row.get("site_id", UUID.class),
                new Note.Author(row.get("author_actor_type", String.class),
                        row.get("author_credential_id", String.class)),
                row.get("created_at", Instant.class), row.get("updated_at", Instant.class));
    }
}
