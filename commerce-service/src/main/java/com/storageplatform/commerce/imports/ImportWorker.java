package com.storageplatform.commerce.imports;

import com.storageplatform.commerce.imports.ImportColumns.Layout;
import com.storageplatform.commerce.imports.ImportRepository.Stored;
import com.storageplatform.kit.polling.LeasedWorkLoop;
import com.storageplatform.kit.polling.WakeUpSignal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.stereotype.Component;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * Works through queued imports in the background, woken by the upload's commit (and every few seconds). Each import
 * is leased ({@code SKIP LOCKED}, so replicas share them) and read from its stored chunks through the CSV parser,
 * twice: pass 1 judges every row and records the problems ({@code rows_done} every 500 rows, which renews the
 * lease); pass 2, for a real run without any problem, writes ({@link ImportKind#write}). It ends
 * {@code completed} (a dry run, problems or not; a real run written) or {@code failed} ({@code rows_invalid} and
 * nothing written when a real run found problems), with {@code import.completed} or {@code import.failed} in that
 * last transaction. A runner that stops leaves the import leased; once the lease ends it is run again from the
 * start (at most three times), and a runner whose claim was taken over writes nothing.
 */
@Component
class ImportWorker extends LeasedWorkLoop<Stored> {

    static final String CREDENTIAL = "commerce:import-worker";
    static final int PROGRESS_EVERY = 500;
    static final int BATCH = 500;
    static final int PROBLEMS_KEPT = 1000;
    static final int MAX_ATTEMPTS = 3;
    static final Duration LEASE = Duration.ofMinutes(10);

    private final ImportRepository imports;
    private final ImportEvents events;
    private final TransactionalOperator tx;
    private final Clock clock;
    private final Map<String, ImportKind<?>> kinds;

    ImportWorker(ImportRepository imports, ImportEvents events, TransactionalOperator tx, Clock clock,
            ContactKind contacts, UnitKind units, AgreementKind agreements, @Qualifier("importSignal") WakeUpSignal signal) {
        super("import worker", Duration.ofSeconds(5), signal, clock, LEASE, 2, 2);
        this.imports = imports;
        this.events = events;
        this.tx = tx;
        this.clock = clock;
        this.kinds = Map.of(Import.CONTACTS, contacts, Import.UNITS, units, Import.AGREEMENTS, agreements);
    }

    @Override
    protected Flux<Stored> claimDue(Instant now, Instant leaseEnds, int batch) {
        return imports.claimDue(now, leaseEnds, batch);
    }

    @Override
    protected String describe(Stored item) {
        return "Import " + item.value().id() + " (" + item.value().type() + ") of account " + item.accountId();
    }

    @Override
    protected Mono<?> handle(Stored claim) {
        if (claim.attempts() > MAX_ATTEMPTS) {
            return end(claim, failed(claim.value(), Import.INTERNAL_ERROR, "The import stopped before it ended "
                    + MAX_ATTEMPTS + " times; nothing was written. Upload the file again, or ask support."));
        }
        return run(claim, kinds.get(claim.value().type()));
    }

    private <T> Mono<Import> run(Stored claim, ImportKind<T> kind) {
        Pass<T> pass = new Pass<>(claim, kind);
        Import current = claim.value();
        return rows(claim)
                .concatMap(pass::accept)
                .then(Mono.defer(pass::flush))
                .then(Mono.defer(() -> {
                    Import checked = pass.counted(current);
                    if (pass.layout == null) {
                        return end(claim, failed(checked, Import.FILE_INVALID,
                                "The file has no header row: its first line names the columns."));
                    }
                    if (pass.problemsCount > 0 || current.dryRun()) {
                        Import ended = current.dryRun() || pass.problemsCount == 0 ? completed(checked)
                                : failed(checked, Import.ROWS_INVALID, pass.problemsCount + " problem(s) in "
                                        + "the file (GET /v1/imports/" + current.id() + "/problems): nothing was "
                                        + "written. Correct the file and upload it again.");
                        pass.kept.sort(Comparator.comparingLong(ImportProblem::row));
                        return imports.saveProblems(claim, pass.kept).then(end(claim, ended));
                    }
                    Flux<T> good = rows(claim).skip(1).map(row -> Objects.requireNonNull(
                            kind.check(claim, pass.layout, row, new ArrayList<>()), "a row checked before"));
                    return imports.saveProblems(claim, List.of())
                            .then(kind.write(claim, pass.layout, good, finish(claim, completed(checked))));
                }))
                .onErrorResume(CsvFile.Unreadable.class, unreadable -> end(claim, failed(pass.counted(current),
                        Import.FILE_UNREADABLE, unreadable.getMessage())))
                .onErrorResume(PeerBatches.Failure.class, failure -> end(claim, failed(pass.counted(current),
                        failure.code, failure.getMessage())));
    }

    /** The stored file's records, the header first, read on a thread that may block. */
    private Flux<CsvFile.Row> rows(Stored claim) {
        return Flux.using(() -> CsvFile.open(StoredFile.of(imports, claim.accountId(), claim.fileImportId())),
                        file -> file.header() == null ? Flux.<CsvFile.Row>empty()
                                : Flux.concat(Flux.just(file.header()), Flux.fromIterable(file)),
                        CsvFile::close)
                .subscribeOn(Schedulers.boundedElastic());
    }

    /** The import's end in a transaction of its own, with its event. */
    private Mono<Import> end(Stored claim, Import ended) {
        return tx.transactional(finish(claim, ended));
    }

    /** The import's end and its event, in the caller's transaction. */
    private Mono<Import> finish(Stored claim, Import ended) {
        return Mono.defer(() -> imports.finish(claim, ended)
                .flatMap(saved -> events.ended(claim.actingAs(CREDENTIAL), saved).thenReturn(saved)));
    }

    private Import completed(Import checked) {
        return new Import(checked.id(), checked.object(), checked.type(), checked.dryRun(), Import.COMPLETED,
                checked.checksumSha256(), checked.sizeBytes(), checked.rowsTotal(), checked.rowsDone(),
                checked.rowsWithProblems(), checked.problemsCount(), checked.unknownColumns(), null, null,
                checked.createdAt(), checked.startedAt(), clock.instant());
    }

    private Import failed(Import checked, String code, String message) {
        return new Import(checked.id(), checked.object(), checked.type(), checked.dryRun(), Import.FAILED,
                checked.checksumSha256(), checked.sizeBytes(), checked.rowsTotal(), checked.rowsDone(),
                checked.rowsWithProblems(), checked.problemsCount(), checked.unknownColumns(), code, message,
                checked.createdAt(), checked.startedAt(), clock.instant());
    }

    /** Pass 1 under way: the header's layout, the counts, the first problems, the rows waiting for the peer's check. */
    private final class Pass<T> {
        private final Stored claim;
        private final ImportKind<T> kind;
        private Layout layout;
        private int rows;
        private int rowsWithProblems;
        private int problemsCount;
        private final List<ImportProblem> kept = new ArrayList<>();
        private final List<T> waiting = new ArrayList<>();

        Pass(Stored claim, ImportKind<T> kind) {
            this.claim = claim;
            this.kind = kind;
        }

        Mono<Void> accept(CsvFile.Row row) {
            if (layout == null) {
                layout = ImportColumns.layout(kind.columns(), row);
                layout.problems().forEach(this::record);
                return Mono.empty();
            }
            rows++;
            List<ImportProblem> found = new ArrayList<>();
            T value = kind.check(claim, layout, row, found);
            if (!found.isEmpty()) {
                rowsWithProblems++;
                found.forEach(this::record);
            } else if (value != null) {
                waiting.add(value);
            }
            Mono<Void> checked = waiting.size() >= BATCH ? flush() : Mono.empty();
            return rows % PROGRESS_EVERY == 0 ? checked.then(progress()) : checked;
        }

        /** The peer's check of the rows waiting for it. */
        Mono<Void> flush() {
            if (waiting.isEmpty()) {
                return Mono.empty();
            }
            List<T> batch = List.copyOf(waiting);
            waiting.clear();
            return kind.checkBatch(claim, layout, batch).doOnNext(problems -> {
                problems.stream().map(ImportProblem::row).distinct().forEach(row -> rowsWithProblems++);
                problems.forEach(this::record);
            }).then();
        }

        private Mono<Void> progress() {
            int done = rows;
            return imports.progress(claim, done, clock.instant().plus(LEASE)).flatMap(held -> held ? Mono.empty()
                    : Mono.error(new IllegalStateException("Import " + claim.value().id()
                            + " was claimed by another runner")));
        }

        private void record(ImportProblem problem) {
            problemsCount++;
            if (kept.size() < PROBLEMS_KEPT) {
                kept.add(problem);
            }
        }

        Import counted(Import i) {
            return new Import(i.id(), i.object(), i.type(), i.dryRun(), i.status(), i.checksumSha256(),
                    i.sizeBytes(), layout == null ? null : rows, rows, rowsWithProblems, problemsCount,
                    layout == null ? List.of() : layout.unknown(), null, null, i.createdAt(), i.startedAt(), null);
        }
    }
}
