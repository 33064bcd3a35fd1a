package com.storageplatform.commerce.imports;

import com.storageplatform.commerce.imports.ImportColumns.Column;
import com.storageplatform.commerce.imports.ImportColumns.Layout;
import com.storageplatform.commerce.imports.ImportRepository.Stored;
import java.util.List;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * One type of file: its columns, how a row is judged, and how the checked rows are written. The worker reads the
 * file twice: the first pass judges every row ({@link #check}, then {@link #checkBatch} for what only a peer can
 * judge), the second, only for a real run without problems, writes ({@link #write}).
 *
 * @param <T> a row as it is written
 */
interface ImportKind<T> {

    List<Column> columns();

    /** The row judged by the rules commerce holds: its value, or null with its problems added to {@code problems}. */
    T check(Stored claim, Layout layout, CsvFile.Row row, List<ImportProblem> problems);

    /** What the peer that will keep them finds wrong with up to 500 rows that passed {@link #check}. */
    default Mono<List<ImportProblem>> checkBatch(Stored claim, Layout layout, List<T> batch) {
        return Mono.just(List.of());
    }

    /**
     * Writes every row of a file without problems; {@code finish} ends the import (its last transaction, with its
     * event). Whether the rows and the end share one transaction is the kind's to say.
     */
    Mono<Import> write(Stored claim, Layout layout, Flux<T> rows, Mono<Import> finish);
}
