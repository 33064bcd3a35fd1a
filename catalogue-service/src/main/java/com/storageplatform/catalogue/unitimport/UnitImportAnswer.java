package com.storageplatform.catalogue.unitimport;

import java.util.List;
import java.util.UUID;

/**
 * What {@code POST /internal/v1/unit-imports} answers: the rows' problems, or, once written, each row's unit.
 *
 * @param problems in row order; when any, nothing was written
 * @param units    each row's unit, in the batch's order; empty for a dry run or a batch with problems
 */
record UnitImportAnswer(String object, List<Problem> problems, List<Written> units) {

    static final String OBJECT = "unit_import_batch";

    static UnitImportAnswer of(List<Problem> problems, List<Written> units) {
        return new UnitImportAnswer(OBJECT, problems, units);
    }

    /**
     * What is wrong with one row.
     *
     * @param column the request's field at fault ({@code site}, {@code unit_type}, {@code name}, ...)
     * @param issue  the conventions' word for it: {@code required}, {@code invalid}, {@code too_long},
     *               {@code not_found}, {@code not_allowed}, {@code duplicate}
     */
    record Problem(int row, String column, String issue, String message) {
    }

    /** @param created false when an earlier call with the same import key wrote this row's unit */
    record Written(int row, UUID id, boolean created) {
    }
}
