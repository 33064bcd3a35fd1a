package com.storageplatform.catalogue.unitimport;

import com.storageplatform.catalogue.site.Site;
import com.storageplatform.catalogue.site.Sites;
import com.storageplatform.catalogue.unit.NewUnit;
import com.storageplatform.catalogue.unit.Unit;
import com.storageplatform.catalogue.unit.Units;
import com.storageplatform.catalogue.unitimport.UnitImportAnswer.Problem;
import com.storageplatform.catalogue.unitimport.UnitImportBatch.Row;
import com.storageplatform.catalogue.unittype.Features;
import com.storageplatform.catalogue.unittype.UnitType;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.FieldIssue;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;

/**
 * The pure checks of an import batch: the request's own shape (a 422 like any body's), then each row by the rules
 * of {@code POST /v1/units}, every problem of every row collected, named by the request's field.
 */
final class UnitImportRules {

    static final int MAX_ROWS = 500;
    static final int MAX_KEY = 128;

    private UnitImportRules() {
    }

    /** The batch's rows; 422 naming {@code import_key}, {@code dry_run}, {@code units} or {@code units[i].row}. */
    static List<Row> rows(UnitImportBatch batch) {
        Validation v = Validation.start();
        v.require("import_key", batch.importKey()).maxLength("import_key", batch.importKey(), MAX_KEY);
        v.require("dry_run", batch.dryRun());
        List<Row> rows = batch.units() == null ? List.of() : batch.units();
        v.require("units", batch.units());
        v.check(batch.units() != null && rows.isEmpty(), "units", FieldIssue.BELOW_MINIMUM);
        v.check(rows.size() > MAX_ROWS, "units", FieldIssue.ABOVE_MAXIMUM);
        Set<Integer> seen = new HashSet<>();
        for (int i = 0; i < rows.size(); i++) {
            Row row = rows.get(i);
            if (row == null) {
                v.add("units[" + i + "]", FieldIssue.REQUIRED);
                continue;
            }
            String field = "units[" + i + "].row";
            v.require(field, row.row());
            v.check(row.row() != null && row.row() < 2, field, FieldIssue.BELOW_MINIMUM);
            v.check(row.row() != null && !seen.add(row.row()), field, FieldIssue.DUPLICATE);
        }
        v.orThrow();
        return rows;
    }

    /** The site a row names by id or exact name, when exactly one of the account's sites answers to it. */
    static Optional<Sites.Named> site(String value, List<Sites.Named> sites) {
        List<Sites.Named> found = named(value, sites, Sites.Named::id, Sites.Named::name);
        return found.size() == 1 ? Optional.of(found.get(0)) : Optional.empty();
    }

    /** What the account has that the rows are judged against. */
    record Known(List<Sites.Named> sites, List<UnitType> types, Map<UUID, Set<String>> takenNames) {
    }

    /** Each row's problems, and the units of the rows that have none (by row). */
    record Judged(List<Problem> problems, Map<Integer, NewUnit> units) {
    }

    static Judged judge(List<Row> rows, Known known) {
        List<Problem> problems = new ArrayList<>();
        Map<Integer, NewUnit> units = new LinkedHashMap<>();
        Map<String, Integer> namesInBatch = new HashMap<>();
        for (Row row : rows) {
            List<Problem> found = new ArrayList<>();
            Sites.Named site = site(row, known.sites(), found);
            UnitType type = site == null ? null : unitType(row, site, known.types(), found);
            Validation v = Validation.start();
            NewUnit unit = Units.judge(v, site == null ? null : site.id(), type == null ? null : type.id(),
                    row.name(), row.floor(), row.status(), row.features(), row.notes());
            v.issues().forEach(issue -> found.add(fieldProblem(row, issue)));
            if (type != null && type.isArchived() && !Unit.ARCHIVED.equals(unit.status()) && !v.has("status")) {
                found.add(new Problem(row.row(), "unit_type", FieldIssue.NOT_ALLOWED,
                        "The unit type is archived: only an archived unit can be of it."));
            }
            if (site != null && !v.has("name")) {
                String key = site.id() + "/" + unit.name().toLowerCase(Locale.ROOT);
                Integer earlier = namesInBatch.putIfAbsent(key, row.row());
                if (known.takenNames().getOrDefault(site.id(), Set.of())
                        .contains(unit.name().toLowerCase(Locale.ROOT))) {
                    found.add(new Problem(row.row(), "name", FieldIssue.DUPLICATE,
                            "A unit named " + unit.name() + " already exists at this site."));
                } else if (earlier != null) {
                    found.add(new Problem(row.row(), "name", FieldIssue.DUPLICATE,
                            "Row " + earlier + " already names a unit " + unit.name() + " at this site."));
                }
            }
            if (found.isEmpty()) {
                units.put(row.row(), unit);
            }
            problems.addAll(found);
        }
        return new Judged(List.copyOf(problems), units);
    }

    private static Sites.Named site(Row row, List<Sites.Named> sites, List<Problem> problems) {
        if (row.site() == null || row.site().isBlank()) {
            problems.add(new Problem(row.row(), "site", FieldIssue.REQUIRED, "The unit's site is required."));
            return null;
        }
        List<Sites.Named> found = named(row.site(), sites, Sites.Named::id, Sites.Named::name);
        if (found.size() != 1) {
            problems.add(found.isEmpty()
                    ? new Problem(row.row(), "site", FieldIssue.NOT_FOUND,
                            "No site of the account has the id or name " + row.site().strip() + ".")
                    : new Problem(row.row(), "site", FieldIssue.INVALID,
                            "More than one site is named " + row.site().strip() + ": give the site's id."));
            return null;
        }
        if (Site.ARCHIVED.equals(found.get(0).status())) {
            problems.add(new Problem(row.row(), "site", FieldIssue.NOT_ALLOWED,
                    "The site is archived: it takes no new units."));
            return null;
        }
        return found.get(0);
    }

    private static UnitType unitType(Row row, Sites.Named site, List<UnitType> types, List<Problem> problems) {
        if (row.unitType() == null || row.unitType().isBlank()) {
            problems.add(new Problem(row.row(), "unit_type", FieldIssue.REQUIRED, "The unit's unit type is required."));
            return null;
        }
        List<UnitType> atSite = types.stream().filter(type -> type.siteId().equals(site.id())).toList();
        List<UnitType> found = named(row.unitType(), atSite, UnitType::id, UnitType::name);
        if (found.size() != 1) {
            problems.add(found.isEmpty()
                    ? new Problem(row.row(), "unit_type", FieldIssue.NOT_FOUND, "No unit type at " + site.name()
                            + " has the id or name " + row.unitType().strip() + ".")
                    : new Problem(row.row(), "unit_type", FieldIssue.INVALID, "More than one unit type at "
                            + site.name() + " is named " + row.unitType().strip() + ": give the unit type's id."));
            return null;
        }
        return found.get(0);
    }

    /** The candidates {@code value} names: by id when it is a platform id, else by exact name (trimmed). */
    private static <T> List<T> named(String value, List<T> candidates, Function<T, UUID> id,
            Function<T, String> name) {
        if (value == null || value.isBlank()) {
            return List.of();
        }
        String wanted = value.strip();
        Optional<UUID> byId = Ids.parse(wanted);
        return candidates.stream()
                .filter(c -> byId.map(i -> i.equals(id.apply(c))).orElseGet(() -> wanted.equals(name.apply(c))))
                .toList();
    }

    /** A problem {@link Units#judge} recorded, on the request's field ({@code features[i]} is {@code features}). */
    private static Problem fieldProblem(Row row, FieldIssue issue) {
        String field = issue.field();
        if (field.startsWith("features[")) {
            String feature = row.features().get(Integer.parseInt(field.substring(9, field.length() - 1)));
            return new Problem(row.row(), "features", issue.issue(), FieldIssue.DUPLICATE.equals(issue.issue())
                    ? "The feature " + feature + " is listed twice."
                    : "The feature " + feature + " is not one of the catalogue's: " + String.join(", ", Features.ALL)
                            + ".");
        }
        String message = switch (issue.issue()) {
            case FieldIssue.REQUIRED -> "The unit's " + field + " is required.";
            case FieldIssue.TOO_LONG -> "The unit's " + field + " is too long.";
            case FieldIssue.NOT_ALLOWED -> "Only available, out_of_service or archived can be imported: "
                    + "reserved and occupied come from bookings and agreements.";
            default -> "status".equals(field) ? "The status is not one of available, out_of_service or archived."
                    : "The unit's " + field + " is not valid.";
        };
        return new Problem(row.row(), field, issue.issue(), message);
    }
}
