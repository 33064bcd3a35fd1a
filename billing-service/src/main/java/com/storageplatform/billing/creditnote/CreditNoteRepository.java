package com.storageplatform.billing.creditnote;

import static com.storageplatform.kit.db.Bindings.nullable;

import com.storageplatform.kit.db.AccountStatement;
import com.storageplatform.kit.paging.ListQuery;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.web.Envelopes;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The {@code credit_notes} table, every statement bound to an account. */
@Repository
class CreditNoteRepository {

    static final String COLUMNS = """
            id, invoice_id, contact_id, amount_minor, currency, reason, lines::text AS lines, created_at, updated_at
            """;

    private final DatabaseClient db;
    private final JsonMapper json;

    CreditNoteRepository(DatabaseClient db, JsonMapper json) {
        this.db = db;
        this.json = json;
    }

    Mono<Void> insert(UUID accountId, CreditNote note) {
        var insert = AccountStatement.sql(db, accountId, """
                INSERT INTO credit_notes (account_id, id, invoice_id, contact_id, currency, amount_minor, reason,
                       lines, created_at, updated_at)
                VALUES (:account_id, :id, :invoice_id, :contact_id, :currency, :amount_minor, :reason,
                       CAST(:lines AS jsonb), :created_at, :updated_at)
                """)
                .bind("id", note.id())
                .bind("invoice_id", note.invoiceId())
                .bind("contact_id", note.contactId())
                .bind("currency", note.currency())
                .bind("amount_minor", note.amountMinor())
                .bind("lines", json.writeValueAsString(note.lines()))
                .bind("created_at", note.createdAt())
                .bind("updated_at", note.updatedAt());
        return nullable(insert, "reason", note.reason(), String.class).then();
    }

    Mono<CreditNote> find(UUID accountId, UUID id) {
        return AccountStatement.sql(db, accountId,
                        "SELECT " + COLUMNS + " FROM credit_notes WHERE account_id = :account_id AND id = :id")
                .bind("id", id)
                .map(this::toCreditNote)
                .one();
    }

    Mono<Envelopes.ListOf<CreditNote>> list(UUID accountId, UUID invoiceId, UUID contactId, PageRequest page) {
        return ListQuery.from("SELECT " + COLUMNS + " FROM credit_notes", accountId)
                .where("invoice_id = :invoice_id", "invoice_id", invoiceId)
                .where("contact_id = :contact_id", "contact_id", contactId)
                .page(db, page, this::toCreditNote);
    }

    private CreditNote toCreditNote(Readable row) {
        List<ReturnedLine> lines = new ArrayList<>();
        for (JsonNode line : json.readTree(row.get("lines", String.class)).values()) {
            lines.add(new ReturnedLine(line.path("position").asInt(), line.path("quantity").asInt(),
                    line.path("amount_minor").asLong()));
        }
        return new CreditNote(row.get("id", UUID.class), CreditNote.OBJECT, row.get("invoice_id", UUID.class),
                row.get("contact_id", UUID.class), row.get("amount_minor", Long.class),
                row.get("currency", String.class), row.get("reason", String.class), List.copyOf(lines),
                row.get("created_at", Instant.class), row.get("updated_at", Instant.class));
    }
}
