package com.storageplatform.catalogue.unitimport;

import java.util.List;

/**
 * The body of {@code POST /internal/v1/unit-imports}: up to {@value UnitImportRules#MAX_ROWS} rows of one of
 * commerce's imports, each as the file gave it.
 *
 * @param importKey the SHA-256 of the imported file: with {@code row}, what makes a row written once only
 * @param dryRun    true: check every row and write nothing
 */
record UnitImportBatch(String importKey, Boolean dryRun, List<Row> units) {

    /**
     * One row of the file.
     *
     * @param row      the record's line in the file (header = 1), at least 2 and once per batch
     * @param site     the site's id or its exact name
     * @param unitType the id or exact name of a unit type at that site
     * @param status   {@code available} (when null), {@code out_of_service} or {@code archived}
     */
    record Row(Integer row, String site, String unitType, String name, String floor, String status,
            List<String> features, String notes) {
    }
}
