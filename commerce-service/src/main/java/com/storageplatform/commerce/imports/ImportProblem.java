package com.storageplatform.commerce.imports;

import org.jspecify.annotations.Nullable;
/**
 * What is wrong with one row of an imported file, or with the file.
 *
 * @param object  always {@code import_problem}
 * @param row     the file's line number the record starts on (the header is 1)
 * @param column  the column's header as the file names it; null when the problem is the whole row's
 * @param issue   the conventions' word for it: {@code required}, {@code invalid}, {@code too_long},
 *                {@code not_found}, {@code not_allowed}, {@code duplicate}, ...
 * @param message what is wrong, for the person who fixes the file
 */
public record ImportProblem(String object, long row, @Nullable String column, String issue, String message) {

    public static final String OBJECT = "import_problem";

    static ImportProblem of(long row, String column, String issue, String message) {
        return new ImportProblem(OBJECT, row, column, issue, message);
    }
}
