package com.storageplatform.commerce.imports;

import com.storageplatform.kit.openapi.OneOf;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * An import: a CSV file uploaded to bring an operator's records in from another system, and how working through
 * it went. The body of the imports endpoints and the {@code data} of {@code import.completed} and
 * {@code import.failed}.
 *
 * @param type             what the file holds: {@code contacts}, {@code units} or {@code agreements}
 * @param dryRun           true: every row is checked and nothing is written
 * @param status           {@code queued} until the worker takes it, {@code running}, then {@code completed} or
 *                         {@code failed}
 * @param checksumSha256   the SHA-256 of the file's bytes, hex: a real run of a file already imported answers that
 *                         import
 * @param sizeBytes        the file's size
 * @param rowsTotal        the file's records, the header and blank lines not counted; null until counted
 * @param rowsDone         records checked so far
 * @param rowsWithProblems records with at least one problem
 * @param problemsCount    problems found, the header's included (the first 1,000 are listed)
 * @param unknownColumns   headers that are no column of the type, ignored
 * @param failureCode      why it failed: {@code rows_invalid}, {@code file_invalid}, {@code file_unreadable},
 *                         {@code peer_refused}, {@code peer_unavailable}, {@code internal_error}; null unless
 *                         failed
 * @param failureMessage   the failure in words; null unless failed
 */
public record Import(UUID id, String object, @OneOf("TYPES") String type, boolean dryRun,
        @OneOf("STATUSES") String status, String checksumSha256, long sizeBytes, @Nullable Integer rowsTotal,
        int rowsDone, int rowsWithProblems, int problemsCount, List<String> unknownColumns,
        @Nullable String failureCode, @Nullable String failureMessage, Instant createdAt, Instant startedAt,
        Instant completedAt) {

    public static final String OBJECT = "import";
    public static final String CONTACTS = "contacts";
    public static final String UNITS = "units";
    public static final String AGREEMENTS = "agreements";
    public static final List<String> TYPES = List.of(CONTACTS, UNITS, AGREEMENTS);
    public static final String QUEUED = "queued";
    public static final String RUNNING = "running";
    public static final String COMPLETED = "completed";
    public static final String FAILED = "failed";
    public static final List<String> STATUSES = List.of(QUEUED, RUNNING, COMPLETED, FAILED);

    static final String ROWS_INVALID = "rows_invalid";
    static final String FILE_INVALID = "file_invalid";
    static final String FILE_UNREADABLE = "file_unreadable";
    static final String PEER_REFUSED = "peer_refused";
    static final String PEER_UNAVAILABLE = "peer_unavailable";
    static final String INTERNAL_ERROR = "internal_error";
}
