package com.storageplatform.commerce.imports;

import com.storageplatform.commerce.internal.AccountSettings;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.SiteAccess;
import com.storageplatform.kit.db.AfterCommit;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.polling.WakeUpSignal;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.Envelopes;
import com.storageplatform.kit.web.ErrorCode;
import com.storageplatform.kit.web.FieldIssue;
import java.io.ByteArrayOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Imports of the caller's account: the upload (the file streamed into chunks while its SHA-256 is worked out, never
 * whole in memory), reads, and running a checked dry run for real. The work itself is the {@link ImportWorker}'s,
 * woken once the upload commits.
 */
@Service
class ImportService {

    /** The largest file taken (50 MiB). */
    static final long MAX_BYTES = 50L * 1024 * 1024;
    /** About how much of the file each stored chunk holds. */
    static final int CHUNK_BYTES = 256 * 1024;

    private final ImportRepository imports;
    private final AccountSettings settings;
    private final WakeUpSignal worker;
    private final Clock clock;

    ImportService(ImportRepository imports, AccountSettings settings,
            @Qualifier("importSignal") WakeUpSignal worker, Clock clock) {
        this.imports = imports;
        this.settings = settings;
        this.worker = worker;
        this.clock = clock;
    }

    /** @param created false when a real import of the same file was there already (answered, nothing written) */
    record Outcome(Import value, boolean created) {
    }

    Mono<Outcome> upload(Caller caller, String type, boolean dryRun, Flux<DataBuffer> body) {
        return Mono.defer(() -> {
            accountWide(caller);
            UUID id = Ids.newId();
            Upload upload = new Upload(caller.accountId(), id);
            return body.concatMap(upload::add)
                    .then(Mono.defer(upload::flush))
                    .then(Mono.defer(() -> {
                        if (upload.size == 0) {
                            return Mono.error(ApiException.invalid("file", FieldIssue.REQUIRED,
                                    "The file is empty: send the CSV file as the request body."));
                        }
                        Import queued = queued(id, type, dryRun, upload.checksum(), upload.size);
                        return record(caller, queued, id).flatMap(outcome -> outcome.created() ? Mono.just(outcome)
                                : imports.deleteChunks(caller.accountId(), id).thenReturn(outcome));
                    }));
        });
    }

    /**
     * A completed dry run without problems, run for real on the same file: a new real import, or the real import
     * of that file there is already (not created). 409 otherwise.
     */
    Mono<Outcome> run(Caller caller, UUID id) {
        return Mono.fromRunnable(() -> accountWide(caller)).then(imports.find(caller.accountId(), id)
                .switchIfEmpty(Mono.error(() -> ApiException.notFound("import")))
                .flatMap(checked -> {
                    Import dry = checked.value();
                    if (!dry.dryRun() || !Import.COMPLETED.equals(dry.status()) || dry.problemsCount() > 0) {
                        return Mono.error(ApiException.conflict("Only a completed dry run without problems can be "
                                + "run for real: this import is " + (dry.dryRun() ? "a dry run" : "a real run")
                                + " that is " + dry.status() + " with " + dry.problemsCount() + " problem(s)."));
                    }
                    Import queued = queued(Ids.newId(), dry.type(), false, dry.checksumSha256(), dry.sizeBytes());
                    return record(caller, queued, checked.fileImportId());
                }));
    }

    /**
     * An import writes for the whole account (any site's units and agreements), so a credential restricted to
     * some sites cannot start one: 403 {@code site_forbidden}.
     */
    private static void accountWide(Caller caller) {
        SiteAccess.requireWholeAccount(caller, "An import writes");
    }

    Mono<Import> read(Caller caller, UUID id) {
        return imports.find(caller.accountId(), id).map(ImportRepository.Stored::value)
                .switchIfEmpty(Mono.error(() -> ApiException.notFound("import")));
    }

    Mono<Envelopes.ListOf<Import>> list(Caller caller, String type, String status, Boolean dryRun,
            PageRequest page) {
        return imports.list(caller.accountId(), type, status, dryRun, page);
    }

    Mono<Envelopes.ListOf<ImportProblem>> problems(Caller caller, UUID id, PageRequest page) {
        return read(caller, id).then(imports.problems(caller.accountId(), id, page));
    }

    private Import queued(UUID id, String type, boolean dryRun, String checksum, long size) {
        return new Import(id, Import.OBJECT, type, dryRun, Import.QUEUED, checksum, size, null, 0, 0, 0, List.of(),
                null, null, clock.instant(), null, null);
    }

    /** Writes the queued import (the worker woken once it commits), or answers the real import of the file. */
    private Mono<Outcome> record(Caller caller, Import queued, UUID fileImportId) {
        return settings.of(caller.accountId())
                .flatMap(s -> imports.insert(caller, queued, fileImportId, s.defaultCurrency()))
                .flatMap(inserted -> inserted
                        ? AfterCommit.run(worker::wake).thenReturn(new Outcome(queued, true))
                        : imports.findReal(caller.accountId(), queued.type(), queued.checksumSha256())
                                .map(existing -> new Outcome(existing.value(), false)));
    }

    /** The upload under way: its size and digest so far, and the bytes not yet stored. */
    private final class Upload {
        private final UUID accountId;
        private final UUID id;
        private final MessageDigest sha256;
        private final ByteArrayOutputStream pending = new ByteArrayOutputStream(CHUNK_BYTES);
        private long size;
        private int seq;

        Upload(UUID accountId, UUID id) {
            this.accountId = accountId;
            this.id = id;
            try {
                this.sha256 = MessageDigest.getInstance("SHA-256");
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException(e);
            }
        }

        Mono<Void> add(DataBuffer buffer) {
            byte[] bytes = new byte[buffer.readableByteCount()];
            buffer.read(bytes);
            DataBufferUtils.release(buffer);
            size += bytes.length;
            if (size > MAX_BYTES) {
                return Mono.error(new ApiException(ErrorCode.PAYLOAD_TOO_LARGE, "The file is larger than 50 MiB, "
                        + "the most an import takes: split it into several files."));
            }
            sha256.update(bytes);
            pending.writeBytes(bytes);
            return pending.size() >= CHUNK_BYTES ? flush() : Mono.empty();
        }

        Mono<Void> flush() {
            if (pending.size() == 0) {
                return Mono.empty();
            }
            byte[] chunk = pending.toByteArray();
            pending.reset();
            return imports.insertChunk(accountId, id, seq++, chunk);
        }

        String checksum() {
            return HexFormat.of().formatHex(sha256.digest());
        }
    }
}
