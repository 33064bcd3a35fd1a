package com.storageplatform.commerce.imports;

import com.storageplatform.commerce.imports.ImportColumns.Column;
import com.storageplatform.commerce.imports.ImportColumns.Layout;
import com.storageplatform.commerce.imports.ImportRepository.Stored;
import com.storageplatform.kit.client.ServiceClient;
import com.storageplatform.kit.client.ServiceClients;
import com.storageplatform.kit.web.FieldIssue;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Units: the catalogue keeps them, so commerce checks what it can (the columns a unit needs, the status's words),
 * then forwards the rows to the catalogue's {@code POST /internal/v1/unit-imports} in batches of 500, first as a dry
 * run (the catalogue's own rules: the site and unit type exist, the name is free at the site, the features are
 * known), then, for a real run without any problem, for real. The catalogue writes each batch in one transaction,
 * keyed on the file's checksum and the row, so a run that stops and runs again never writes a unit twice.
 */
@Component
class UnitKind implements ImportKind<UnitKind.UnitRow> {

    static final List<String> STATUSES = List.of("available", "out_of_service", "archived");
    static final String PATH = "/internal/v1/unit-imports";

    static final List<Column> COLUMNS = List.of(
            Column.required("site", "site_name", "site_id", "facility", "location", "store"),
            Column.required("unit_type", "type", "unit_type_name", "unit_type_id", "size", "size_code"),
            Column.required("name", "unit", "unit_name", "unit_number", "unit_no", "number"),
            Column.optional("floor", "level"),
            Column.optional("status", "unit_status"),
            Column.optional("features", "amenities"),
            Column.optional("notes", "comments", "description"));

    /** A unit as the catalogue's endpoint takes it (the file's line as its row). */
    record UnitRow(long row, String site, String unitType, String name, String floor, String status,
            List<String> features, String notes) {
    }

    record Batch(String importKey, boolean dryRun, List<UnitRow> units) {
    }

    record Answer(String object, List<PeerProblem> problems, List<Written> units) {
    }

    record PeerProblem(long row, String column, String issue, String message) {
    }

    record Written(long row, String id, boolean created) {
    }

    private final ServiceClient catalogue;

    UnitKind(ServiceClients clients) {
        this.catalogue = clients.of("catalogue");
    }

    @Override
    public List<Column> columns() {
        return COLUMNS;
    }

    @Override
    public UnitRow check(Stored claim, Layout layout, CsvFile.Row row, List<ImportProblem> problems) {
        int before = problems.size();
        for (String required : List.of("site", "unit_type", "name")) {
            if (layout.text(row, required) == null) {
                problems.add(ImportProblem.of(row.line(), layout.header(required), FieldIssue.REQUIRED,
                        required + " is required."));
            }
        }
        String status = layout.text(row, "status");
        String normalised = status == null ? null : status.toLowerCase(Locale.ROOT).replace(' ', '_');
        if (normalised != null && !STATUSES.contains(normalised)) {
            problems.add(ImportProblem.of(row.line(), layout.header("status"), FieldIssue.INVALID,
                    "status is available, out_of_service or archived, not \"" + status + "\"."));
        }
        if (problems.size() > before) {
            return null;
        }
        String features = layout.text(row, "features");
        return new UnitRow(row.line(), layout.text(row, "site"), layout.text(row, "unit_type"),
                layout.text(row, "name"), layout.text(row, "floor"), normalised,
                features == null ? List.of() : Arrays.stream(features.split("[;|,]"))
                        .map(f -> f.strip().toLowerCase(Locale.ROOT).replace(' ', '_'))
                        .filter(f -> !f.isEmpty()).toList(),
                layout.text(row, "notes"));
    }

    @Override
    public Mono<List<ImportProblem>> checkBatch(Stored claim, Layout layout, List<UnitRow> batch) {
        return send(claim, true, batch).map(answer -> PeerBatches.problems(layout, answer.problems().stream()
                .map(p -> ImportProblem.of(p.row(), p.column(), p.issue(), p.message())).toList()));
    }

    @Override
    public Mono<Import> write(Stored claim, Layout layout, Flux<UnitRow> rows, Mono<Import> finish) {
        return rows.buffer(ImportWorker.BATCH)
                .concatMap(batch -> send(claim, false, batch).flatMap(answer -> answer.problems().isEmpty()
                        ? Mono.<Void>empty()
                        : Mono.error(PeerBatches.refused("catalogue", answer.problems().size(),
                                answer.problems().get(0).row()))))
                .then(finish);
    }

    private Mono<Answer> send(Stored claim, boolean dryRun, List<UnitRow> batch) {
        return catalogue.post(PATH)
                .forAccount(claim.actingAs(ImportWorker.CREDENTIAL))
                .purpose(dryRun ? "unit-import-check" : "unit-import")
                .body(new Batch(claim.value().checksumSha256(), dryRun, batch))
                .data(Answer.class)
                .onErrorMap(PeerBatches::failure);
    }
}
