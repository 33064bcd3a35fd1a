package com.storageplatform.commerce.imports;

import static com.storageplatform.kit.db.Bindings.nullable;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.Environment;
import com.storageplatform.kit.db.AccountStatement;
import com.storageplatform.kit.paging.ListQuery;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.web.Envelopes;
import io.r2dbc.spi.Readable;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.r2dbc.core.DatabaseClient.GenericExecuteSpec;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** The imports, their files' chunks and their problems, always within one account. */
@Repository
class ImportRepository {

    private static final String COLUMNS = """
            account_id, id, operator_id, environment, type, dry_run, status, checksum_sha256, size_bytes,
            file_import_id, currency, rows_total, rows_done, rows_with_problems, problems_count, unknown_columns,
            failure_code, failure_message, attempts, created_at, started_at, completed_at""";

    /**
     * An import with what the worker needs besides the resource: who the account belongs to, where its file is, the
     * currency its money is in, and the claim ({@code attempts}) a runner holds.
     */
    record Stored(Import value, UUID accountId, UUID operatorId, Environment environment, UUID fileImportId,
            String currency, int attempts) {

        Caller actingAs(String credential) {
            return Caller.actingFor(accountId, operatorId, environment, credential,
                    "imp_" + value.id().toString().replace("-", ""));
        }
    }

    private final DatabaseClient db;

    ImportRepository(DatabaseClient db) {
        this.db = db;
    }

    Mono<Void> insertChunk(UUID accountId, UUID importId, int seq, byte[] bytes) {
        return AccountStatement.sql(db, accountId, """
                INSERT INTO import_chunks (account_id, import_id, seq, bytes)
                VALUES (:account_id, :import_id, :seq, :bytes)
                """)
                .bind("import_id", importId).bind("seq", seq).bind("bytes", ByteBuffer.wrap(bytes))
                .then();
    }

    Mono<Void> deleteChunks(UUID accountId, UUID importId) {
        return AccountStatement.sql(db, accountId,
                        "DELETE FROM import_chunks WHERE account_id = :account_id AND import_id = :import_id")
                .bind("import_id", importId).then();
    }

    /** The file's chunk {@code seq}; empty past its end. */
    Mono<byte[]> chunk(UUID accountId, UUID fileImportId, int seq) {
        return AccountStatement.sql(db, accountId, """
                SELECT bytes FROM import_chunks WHERE account_id = :account_id AND import_id = :import_id AND seq = :seq
                """)
                .bind("import_id", fileImportId).bind("seq", seq)
                .map(row -> {
                    ByteBuffer buffer = row.get("bytes", ByteBuffer.class);
                    byte[] bytes = new byte[buffer.remaining()];
                    buffer.get(bytes);
                    return bytes;
                })
                .one();
    }

    /**
     * Writes a new queued import; false (nothing written) when it is a real run of a file the account already
     * has a real import of that type of, not failed (the unique index decides, so two uploads at once make one).
     */
    Mono<Boolean> insert(Caller caller, Import i, UUID fileImportId, String currency) {
        GenericExecuteSpec insert = AccountStatement.sql(db, caller.accountId(), """
                INSERT INTO imports (account_id, id, operator_id, environment, type, dry_run, status, checksum_sha256,
                       size_bytes, file_import_id, currency, created_at)
                VALUES (:account_id, :id, :operator_id, :environment, :type, :dry_run, :status, :checksum,
                       :size_bytes, :file_import_id, :currency, :created_at)
                ON CONFLICT (account_id, type, checksum_sha256) WHERE NOT dry_run AND status <> 'failed' DO NOTHING
                """)
                .bind("id", i.id()).bind("operator_id", caller.operatorId())
                .bind("environment", caller.environment().value()).bind("type", i.type())
                .bind("dry_run", i.dryRun()).bind("status", i.status()).bind("checksum", i.checksumSha256())
                .bind("size_bytes", i.sizeBytes()).bind("file_import_id", fileImportId)
                .bind("created_at", i.createdAt());
        return nullable(insert, "currency", currency, String.class).fetch().rowsUpdated().map(rows -> rows > 0);
    }

    /** The account's real import of this file and type that did not fail, if any. */
    Mono<Stored> findReal(UUID accountId, String type, String checksum) {
        return AccountStatement.sql(db, accountId, "SELECT " + COLUMNS + """
                 FROM imports WHERE account_id = :account_id AND type = :type AND checksum_sha256 = :checksum
                  AND NOT dry_run AND status <> 'failed'
                """)
                .bind("type", type).bind("checksum", checksum)
                .map(ImportRepository::stored).one();
    }

    Mono<Stored> find(UUID accountId, UUID id) {
        return AccountStatement.sql(db, accountId,
                        "SELECT " + COLUMNS + " FROM imports WHERE account_id = :account_id AND id = :id")
                .bind("id", id).map(ImportRepository::stored).one();
    }

    Mono<Envelopes.ListOf<Import>> list(UUID accountId, String type, String status, Boolean dryRun,
            PageRequest page) {
        return ListQuery.from("SELECT " + COLUMNS + " FROM imports", accountId)
                .where("type = :type", "type", type)
                .where("status = :status", "status", status)
                .where("dry_run = :dry_run", "dry_run", dryRun)
                .page(db, page, row -> stored(row).value());
    }

    /**
     * Leases due imports of every account ({@code SKIP LOCKED}, so replicas share them; not one account's
     * statement): queued ones, and running ones whose runner's lease ended. Each claim counts an attempt.
     */
    Flux<Stored> claimDue(Instant now, Instant leaseUntil, int limit) {
        return db.sql("""
                UPDATE imports i SET status = 'running', lease_until = :lease_until, attempts = i.attempts + 1,
                       started_at = coalesce(i.started_at, :now)
                  FROM (SELECT account_id, id FROM imports
                         WHERE status IN ('queued', 'running') AND (lease_until IS NULL OR lease_until <= :now)
                         ORDER BY created_at LIMIT :limit FOR UPDATE SKIP LOCKED) due
                 WHERE i.account_id = due.account_id AND i.id = due.id
                RETURNING i.*
                """)
                .bind("now", now).bind("lease_until", leaseUntil).bind("limit", limit)
                .map(ImportRepository::stored).all();
    }

    /** Records progress and renews the lease; false when another runner's claim replaced this one. */
    Mono<Boolean> progress(Stored claim, int rowsDone, Instant leaseUntil) {
        return AccountStatement.sql(db, claim.accountId(), """
                UPDATE imports SET rows_done = :rows_done, lease_until = :lease_until
                 WHERE account_id = :account_id AND id = :id AND attempts = :attempts AND status = 'running'
                """)
                .bind("id", claim.value().id()).bind("attempts", claim.attempts())
                .bind("rows_done", rowsDone).bind("lease_until", leaseUntil)
                .fetch().rowsUpdated().map(rows -> rows > 0);
    }

    /**
     * The import's end: its counts, {@code completed} or {@code failed}, the lease given up; an error when another
     * runner's claim replaced this one.
     */
    Mono<Import> finish(Stored claim, Import ended) {
        GenericExecuteSpec update = AccountStatement.sql(db, claim.accountId(), """
                UPDATE imports SET status = :status, rows_total = :rows_total, rows_done = :rows_done,
                       rows_with_problems = :rows_with_problems, problems_count = :problems_count,
                       unknown_columns = :unknown_columns, failure_code = :failure_code,
                       failure_message = :failure_message, completed_at = :completed_at, lease_until = NULL
                 WHERE account_id = :account_id AND id = :id AND attempts = :attempts
                """)
                .bind("id", ended.id()).bind("attempts", claim.attempts()).bind("status", ended.status())
                .bind("rows_done", ended.rowsDone()).bind("rows_with_problems", ended.rowsWithProblems())
                .bind("problems_count", ended.problemsCount())
                .bind("unknown_columns", ended.unknownColumns().toArray(String[]::new))
                .bind("completed_at", ended.completedAt());
        update = nullable(update, "rows_total", ended.rowsTotal(), Integer.class);
        update = nullable(update, "failure_code", ended.failureCode(), String.class);
        update = nullable(update, "failure_message", ended.failureMessage(), String.class);
        // A runner whose claim another took over ends nothing: its transaction rolls back whatever it wrote.
        return update.fetch().rowsUpdated().flatMap(rows -> rows > 0 ? Mono.just(ended)
                : Mono.error(new IllegalStateException("Import " + ended.id() + " was claimed by another runner")));
    }

    /** Replaces the import's problems (a runner that starts again finds them again). */
    Mono<Void> saveProblems(Stored claim, List<ImportProblem> problems) {
        Mono<Void> cleared = AccountStatement.sql(db, claim.accountId(),
                        "DELETE FROM import_problems WHERE account_id = :account_id AND import_id = :import_id")
                .bind("import_id", claim.value().id()).then();
        if (problems.isEmpty()) {
            return cleared;
        }
        int n = problems.size();
        Integer[] seq = new Integer[n];
        Long[] rows = new Long[n];
        String[] columns = new String[n];
        String[] issues = new String[n];
        String[] messages = new String[n];
        for (int i = 0; i < n; i++) {
            ImportProblem p = problems.get(i);
            seq[i] = i;
            rows[i] = p.row();
            columns[i] = p.column();
            issues[i] = p.issue();
            messages[i] = p.message();
        }
        return cleared.then(AccountStatement.sql(db, claim.accountId(), """
                INSERT INTO import_problems (account_id, import_id, seq, row_number, column_name, issue, message)
                SELECT :account_id, :import_id, p.* FROM unnest(:seq::int[], :rows::bigint[], :columns::text[],
                       :issues::text[], :messages::text[]) AS p
                """)
                .bind("import_id", claim.value().id()).bind("seq", seq).bind("rows", rows)
                .bind("columns", columns).bind("issues", issues).bind("messages", messages)
                .then());
    }

    /** Remembers the agreement a file's row made, in the transaction that made it. */
    Mono<Void> recordAgreement(UUID accountId, String importKey, long row, UUID agreementId) {
        return AccountStatement.sql(db, accountId, """
                INSERT INTO imported_agreements (account_id, import_key, row_number, agreement_id)
                VALUES (:account_id, :import_key, :row_number, :agreement_id)
                """)
                .bind("import_key", importKey).bind("row_number", row).bind("agreement_id", agreementId)
                .then();
    }

    /** The agreement a run of the same file made for this row, if any. */
    Mono<UUID> importedAgreement(UUID accountId, String importKey, long row) {
        return AccountStatement.sql(db, accountId, """
                SELECT agreement_id FROM imported_agreements
                 WHERE account_id = :account_id AND import_key = :import_key AND row_number = :row_number
                """)
                .bind("import_key", importKey).bind("row_number", row)
                .map(r -> r.get("agreement_id", UUID.class)).one();
    }

    /** The import's problems in row order, paged by their place in it. */
    Mono<Envelopes.ListOf<ImportProblem>> problems(UUID accountId, UUID importId, PageRequest page) {
        long after = page.after() == null ? -1 : page.after().getLeastSignificantBits() & 0xFFFFFFFFL;
        return AccountStatement.sql(db, accountId, """
                SELECT seq, row_number, column_name, issue, message FROM import_problems
                 WHERE account_id = :account_id AND import_id = :import_id AND seq > :after
                 ORDER BY seq LIMIT :size
                """)
                .bind("import_id", importId).bind("after", (int) after).bind("size", page.limit() + 1)
                .map(row -> new Numbered(row.get("seq", Integer.class), ImportProblem.of(
                        row.get("row_number", Long.class), row.get("column_name", String.class),
                        row.get("issue", String.class), row.get("message", String.class))))
                .all().collectList()
                .map(rows -> {
                    boolean more = rows.size() > page.limit();
                    List<Numbered> shown = more ? rows.subList(0, page.limit()) : rows;
                    // The cursor carries the last problem's place as an id the kit binds to the request's filters.
                    String next = more ? page.cursorAfter(place(shown.get(shown.size() - 1).seq())) : null;
                    return new Envelopes.ListOf<>(new ArrayList<>(shown.stream().map(Numbered::problem).toList()),
                            new Envelopes.ListMeta(page.limit(), new Envelopes.CursorMeta(next, more)));
                });
    }

    private record Numbered(int seq, ImportProblem problem) {
    }

    /** A problem's place written as a platform id (version 7, variant bits set), which a cursor carries. */
    private static UUID place(int seq) {
        return new UUID(0x7000L, 0x8000_0000_0000_0000L | seq);
    }

    static Stored stored(Readable row) {
        String[] unknown = row.get("unknown_columns", String[].class);
        Import value = new Import(row.get("id", UUID.class), Import.OBJECT, row.get("type", String.class),
                Boolean.TRUE.equals(row.get("dry_run", Boolean.class)), row.get("status", String.class),
                row.get("checksum_sha256", String.class), row.get("size_bytes", Long.class),
                row.get("rows_total", Integer.class), row.get("rows_done", Integer.class),
                row.get("rows_with_problems", Integer.class), row.get("problems_count", Integer.class),
                unknown == null ? List.of() : List.of(unknown), row.get("failure_code", String.class),
                row.get("failure_message", String.class), row.get("created_at", Instant.class),
                row.get("started_at", Instant.class), row.get("completed_at", Instant.class));
        return new Stored(value, row.get("account_id", UUID.class), row.get("operator_id", UUID.class),
                Environment.of(row.get("environment", String.class)), row.get("file_import_id", UUID.class),
                row.get("currency", String.class), row.get("attempts", Integer.class));
    }
}
