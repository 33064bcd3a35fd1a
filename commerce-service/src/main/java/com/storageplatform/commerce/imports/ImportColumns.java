package com.storageplatform.commerce.imports;

import com.storageplatform.kit.web.FieldIssue;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The columns of one type of file and how a file's header names them: case, spaces, underscores, hyphens and dots
 * do not matter ({@code First Name}, {@code first_name} and {@code FIRSTNAME} are one column), and each column has
 * aliases (what other systems call it). Headers that are no column are ignored and listed; a column named twice,
 * or a required column missing, is a problem of the header (row 1).
 */
final class ImportColumns {

    /** A column of the file: the name it is documented under, whether the file must have it, its aliases. */
    record Column(String name, boolean required, List<String> aliases) {
        static Column required(String name, String... aliases) {
            return new Column(name, true, List.of(aliases));
        }

        static Column optional(String name, String... aliases) {
            return new Column(name, false, List.of(aliases));
        }
    }

    /** Where each column is in the file and what its header says. */
    record Layout(Map<String, Integer> index, Map<String, String> headers, List<String> unknown,
            List<ImportProblem> problems) {

        /** The trimmed text of {@code column} in {@code row}; null when blank or not in the file. */
        String text(CsvFile.Row row, String column) {
            Integer at = index.get(column);
            String value = at == null ? null : row.cell(at);
            return value == null || value.isBlank() ? null : value.strip();
        }

        /** The column's header as the file writes it (its documented name when the file has none). */
        String header(String column) {
            return headers.getOrDefault(column, column);
        }
    }

    private ImportColumns() {
    }

    static String normalize(String header) {
        return header.toLowerCase(Locale.ROOT).replaceAll("[\\s_.\\-]", "");
    }

    static Layout layout(List<Column> columns, CsvFile.Row header) {
        Map<String, String> byName = new HashMap<>();
        for (Column column : columns) {
            byName.put(normalize(column.name()), column.name());
            column.aliases().forEach(alias -> byName.put(normalize(alias), column.name()));
        }
        Map<String, Integer> index = new LinkedHashMap<>();
        Map<String, String> headers = new HashMap<>();
        List<String> unknown = new ArrayList<>();
        List<ImportProblem> problems = new ArrayList<>();
        long line = header.line();
        for (int i = 0; i < header.cells().size(); i++) {
            String written = header.cells().get(i).strip();
            String column = byName.get(normalize(written));
            if (column == null) {
                if (!written.isEmpty()) {
                    unknown.add(written);
                }
            } else if (index.containsKey(column)) {
                problems.add(ImportProblem.of(line, written, FieldIssue.DUPLICATE, "The columns " + headers.get(column)
                        + " and " + written + " are both " + column + ": keep one of them."));
            } else {
                index.put(column, i);
                headers.put(column, written);
            }
        }
        for (Column column : columns) {
            if (column.required() && !index.containsKey(column.name())) {
                problems.add(ImportProblem.of(line, column.name(), FieldIssue.REQUIRED, "The file has no "
                        + column.name() + " column" + (column.aliases().isEmpty() ? "."
                        : " (also read as " + String.join(", ", column.aliases()) + ").")));
            }
        }
        return new Layout(index, headers, unknown, problems);
    }
}
