package com.storageplatform.commerce.imports;

import com.storageplatform.commerce.agreement.Agreements;
import com.storageplatform.commerce.agreement.MigratedAgreement;
import com.storageplatform.commerce.contact.ContactImports;
import com.storageplatform.commerce.imports.ImportColumns.Column;
import com.storageplatform.commerce.imports.ImportColumns.Layout;
import com.storageplatform.commerce.imports.ImportRepository.Stored;
import com.storageplatform.commerce.internal.CatalogueRecords;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.client.ServiceClient;
import com.storageplatform.kit.client.ServiceClients;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.FieldIssue;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.springframework.stereotype.Component;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Agreements with their opening balances. Each row names its customer by email (one active contact of the account),
 * its unit by site and unit name (commerce's projection of the catalogue), its move-in date, licence fee and
 * optionally a balance owed with its due date. Pass 1 judges each row as a booking would ({@link
 * Agreements#checkMigrated}) and the balances by billing's {@code POST /internal/v1/opening-balances} as a dry run;
 * pass 2 makes every agreement active, signed and moved in ({@link Agreements#importActive}) in ONE commerce
 * transaction, then hands the balances to billing for real in batches of 500. Both are keyed on the file's checksum
 * and row: a file run again after billing could not be reached makes no agreement and no balance twice.
 */
@Component
class AgreementKind implements ImportKind<AgreementKind.AgreementRow> {

    static final String PATH = "/internal/v1/opening-balances";
    static final int DESCRIPTION_MAX = 500;

    static final List<Column> COLUMNS = List.of(
            Column.required("contact_email", "email", "customer_email", "tenant_email", "customer"),
            Column.required("site", "site_name", "facility", "location", "store"),
            Column.required("unit", "unit_name", "unit_number", "unit_no"),
            Column.required("move_in_date", "move_in", "moved_in", "start_date", "date_in", "occupied_since"),
            Column.required("licence_fee", "license_fee", "monthly_fee", "monthly_rent", "rent", "rate"),
            Column.optional("opening_balance", "balance", "balance_owed", "amount_owed", "arrears", "outstanding"),
            Column.optional("balance_due_date", "due_date", "balance_due", "due"),
            Column.optional("balance_description", "description"));

    /** Which file column a booking's or billing's field is. */
    private static final Map<String, String> COLUMN_OF_FIELD = Map.of("contact_id", "contact_email", "unit_id", "unit",
            "site_id", "site", "move_in_date", "move_in_date", "amount_minor", "opening_balance", "currency",
            "opening_balance", "due_date", "balance_due_date", "description", "balance_description");

    /** A row as written: the names resolved later; {@code balanceMinor} null for no balance. */
    record AgreementRow(long row, String email, String site, String unit, LocalDate moveIn, long feeMinor,
            Long balanceMinor, LocalDate dueDate, String description) {
    }

    /** A row with its contact, site and unit found, and its agreement's id (the one written before, if any). */
    record Resolved(AgreementRow row, UUID contactId, UUID siteId, UUID unitId, UUID agreementId, boolean written) {
    }

    record Balance(long row, UUID contactId, UUID agreementId, UUID siteId, long amountMinor, String currency,
            LocalDate dueDate, String description) {
    }

    record Batch(String importKey, boolean dryRun, List<Balance> balances) {
    }

    record Answer(String object, List<UnitKind.PeerProblem> problems, List<UnitKind.Written> invoices) {
    }

    private final Agreements agreements;
    private final ContactImports contacts;
    private final CatalogueRecords catalogue;
    private final ImportRepository imports;
    private final ServiceClient billing;
    private final TransactionalOperator tx;

    AgreementKind(Agreements agreements, ContactImports contacts, CatalogueRecords catalogue,
            ImportRepository imports, ServiceClients clients, TransactionalOperator tx) {
        this.agreements = agreements;
        this.contacts = contacts;
        this.catalogue = catalogue;
        this.imports = imports;
        this.billing = clients.of("billing");
        this.tx = tx;
    }

    @Override
    public List<Column> columns() {
        return COLUMNS;
    }

    @Override
    public AgreementRow check(Stored claim, Layout layout, CsvFile.Row row, List<ImportProblem> problems) {
        int before = problems.size();
        for (String required : List.of("contact_email", "site", "unit", "move_in_date", "licence_fee")) {
            if (layout.text(row, required) == null) {
                problems.add(problem(layout, row.line(), required, FieldIssue.REQUIRED, required + " is required."));
            }
        }
        LocalDate moveIn = date(layout, row, "move_in_date", problems);
        Long fee = money(claim, layout, row, "licence_fee", problems);
        Long balance = money(claim, layout, row, "opening_balance", problems);
        LocalDate due = date(layout, row, "balance_due_date", problems);
        String description = layout.text(row, "balance_description");
        if (balance != null && balance > 0 && due == null && layout.text(row, "balance_due_date") == null) {
            problems.add(problem(layout, row.line(), "balance_due_date", FieldIssue.REQUIRED,
                    "An opening balance needs the date it is due (balance_due_date)."));
        }
        if (description != null && description.codePointCount(0, description.length()) > DESCRIPTION_MAX) {
            problems.add(problem(layout, row.line(), "balance_description", FieldIssue.TOO_LONG,
                    "balance_description is at most " + DESCRIPTION_MAX + " characters."));
        }
        if (problems.size() > before) {
            return null;
        }
        return new AgreementRow(row.line(), layout.text(row, "contact_email"), layout.text(row, "site"),
                layout.text(row, "unit"), moveIn, fee, balance == null || balance == 0 ? null : balance, due,
                description);
    }

    @Override
    public Mono<List<ImportProblem>> checkBatch(Stored claim, Layout layout, List<AgreementRow> batch) {
        Caller importer = claim.actingAs(ImportWorker.CREDENTIAL);
        List<ImportProblem> problems = new ArrayList<>();
        Set<UUID> units = new HashSet<>();
        return Flux.fromIterable(batch)
                .concatMap(row -> resolve(claim, layout, row, problems))
                .concatMap(resolved -> {
                    if (!units.add(resolved.unitId())) {
                        problems.add(problem(layout, resolved.row().row(), "unit", FieldIssue.DUPLICATE,
                                "Another row of the file books unit " + resolved.row().unit() + " at "
                                        + resolved.row().site() + "."));
                        return Mono.empty();
                    }
                    Mono<Void> checked = resolved.written() ? Mono.empty()
                            : agreements.checkMigrated(importer, migrated(claim, resolved)).then();
                    return checked.thenReturn(resolved).onErrorResume(ApiException.class, refused -> {
                        problems.addAll(refusal(layout, resolved.row().row(), refused));
                        return Mono.empty();
                    });
                })
                .collectList()
                .flatMap(good -> balances(claim, true, good))
                .map(answer -> {
                    problems.addAll(PeerBatches.problems(layout, answer.stream()
                            .map(p -> ImportProblem.of(p.row(), p.column() == null ? null
                                    : COLUMN_OF_FIELD.getOrDefault(p.column(), p.column()), p.issue(), p.message()))
                            .toList()));
                    return problems;
                });
    }

    @Override
    public Mono<Import> write(Stored claim, Layout layout, Flux<AgreementRow> rows, Mono<Import> finish) {
        Caller importer = claim.actingAs(ImportWorker.CREDENTIAL);
        String key = claim.value().checksumSha256();
        Mono<List<Resolved>> written = tx.transactional(rows
                .concatMap(row -> resolve(claim, layout, row, new ArrayList<>())
                        .switchIfEmpty(Mono.error(() -> new PeerBatches.Failure(Import.ROWS_INVALID, "Row "
                                + row.row() + " no longer names a contact and unit of the account: nothing was "
                                + "written. Upload the file again to check it."))))
                .concatMap(resolved -> resolved.written() ? Mono.just(resolved)
                        : agreements.importActive(importer, migrated(claim, resolved))
                                .then(imports.recordAgreement(claim.accountId(), key, resolved.row().row(),
                                        resolved.agreementId()))
                                .thenReturn(resolved)
                                .onErrorMap(ApiException.class, refused -> new PeerBatches.Failure(
                                        Import.ROWS_INVALID, "Row " + resolved.row().row() + ": " + refused.getMessage()
                                        + " Nothing was written: correct the file and upload it again.")))
                .collectList());
        return written.flatMapMany(Flux::fromIterable)
                .buffer(ImportWorker.BATCH)
                .concatMap(batch -> balances(claim, false, batch).flatMap(problems -> problems.isEmpty()
                        ? Mono.<Void>empty()
                        : Mono.error(PeerBatches.refused("billing service", problems.size(), problems.get(0).row()))))
                .then(tx.transactional(finish));
    }

    /** Billing's check (or writing) of the batch's balances: its problems. */
    private Mono<List<UnitKind.PeerProblem>> balances(Stored claim, boolean dryRun, List<Resolved> batch) {
        List<Balance> owed = batch.stream().filter(r -> r.row().balanceMinor() != null)
                .map(r -> new Balance(r.row().row(), r.contactId(), dryRun && !r.written() ? null : r.agreementId(),
                        r.siteId(), r.row().balanceMinor(), claim.currency(), r.row().dueDate(),
                        r.row().description()))
                .toList();
        if (owed.isEmpty()) {
            return Mono.just(List.of());
        }
        return billing.post(PATH)
                .forAccount(claim.actingAs(ImportWorker.CREDENTIAL))
                .purpose(dryRun ? "opening-balances-check" : "opening-balances")
                .body(new Batch(claim.value().checksumSha256(), dryRun, owed))
                .data(Answer.class)
                .map(Answer::problems)
                .onErrorMap(PeerBatches::failure);
    }

    /**
     * The row's contact, site and unit found (and the agreement a run before wrote for it, if any); empty with its
     * problems added when one is not found or not one.
     */
    private Mono<Resolved> resolve(Stored claim, Layout layout, AgreementRow row, List<ImportProblem> problems) {
        UUID account = claim.accountId();
        Mono<Optional<UUID>> contact = contacts.activeByEmail(account, row.email()).collectList().map(found -> {
            if (found.size() != 1) {
                problems.add(problem(layout, row.row(), "contact_email", found.isEmpty() ? FieldIssue.NOT_FOUND
                        : FieldIssue.INVALID, found.isEmpty() ? "No active contact of the account has the email "
                        + row.email() + ": import the contacts first." : found.size() + " active contacts have the "
                        + "email " + row.email() + ": keep one of them."));
                return Optional.empty();
            }
            return Optional.of(found.get(0));
        });
        Mono<Optional<UUID[]>> unit = catalogue.named(account, "site", row.site()).collectList().flatMap(sites -> {
            if (sites.size() != 1) {
                problems.add(problem(layout, row.row(), "site", sites.isEmpty() ? FieldIssue.NOT_FOUND
                        : FieldIssue.INVALID, sites.isEmpty() ? "No site of the account is called " + row.site() + "."
                        : sites.size() + " sites are called " + row.site() + ": rename one of them."));
                return Mono.just(Optional.<UUID[]>empty());
            }
            String siteId = sites.get(0).path("id").asString();
            return catalogue.named(account, "unit", row.unit())
                    .filter(u -> siteId.equals(u.path("site_id").asString()))
                    .next()
                    .map(u -> Optional.of(new UUID[] {UUID.fromString(siteId), UUID.fromString(u.path("id")
                            .asString())}))
                    .switchIfEmpty(Mono.fromSupplier(() -> {
                        problems.add(problem(layout, row.row(), "unit", FieldIssue.NOT_FOUND, "Site " + row.site()
                                + " has no unit called " + row.unit() + ": import the units first."));
                        return Optional.empty();
                    }));
        });
        Mono<Optional<UUID>> before = imports.importedAgreement(account, claim.value().checksumSha256(), row.row())
                .map(Optional::of).defaultIfEmpty(Optional.empty());
        return Mono.zip(contact, unit, before).flatMap(t -> t.getT1().isEmpty() || t.getT2().isEmpty() ? Mono.empty()
                : Mono.just(new Resolved(row, t.getT1().get(), t.getT2().get()[0], t.getT2().get()[1],
                        t.getT3().orElseGet(Ids::newId), t.getT3().isPresent())));
    }

    private static MigratedAgreement migrated(Stored claim, Resolved r) {
        return new MigratedAgreement(r.agreementId(), r.contactId(), r.unitId(), r.row().feeMinor(), claim.currency(),
                r.row().moveIn());
    }

    /** A booking's refusal as the row's problems, under the file's headers. */
    private static List<ImportProblem> refusal(Layout layout, long row, ApiException refused) {
        if (refused.details() == null || refused.details().isEmpty()) {
            return List.of(ImportProblem.of(row, layout.header("unit"), FieldIssue.NOT_ALLOWED, refused.getMessage()));
        }
        return refused.details().stream().map(issue -> {
            String column = COLUMN_OF_FIELD.get(issue.field());
            return ImportProblem.of(row, column == null ? null : layout.header(column), issue.issue(),
                    refused.getMessage());
        }).toList();
    }

    private static ImportProblem problem(Layout layout, long row, String column, String issue, String message) {
        return ImportProblem.of(row, layout.header(column), issue, message);
    }

    private static LocalDate date(Layout layout, CsvFile.Row row, String column, List<ImportProblem> problems) {
        String text = layout.text(row, column);
        if (text == null) {
            return null;
        }
        Optional<LocalDate> date = ImportValues.date(text);
        if (date.isEmpty()) {
            problems.add(problem(layout, row.line(), column, FieldIssue.INVALID, column + " is a date written "
                    + "YYYY-MM-DD, DD/MM/YYYY, D/M/YYYY, DD-MM-YYYY or D MMM YYYY (day first), not \"" + text + "\"."));
        }
        return date.orElse(null);
    }

    private static Long money(Stored claim, Layout layout, CsvFile.Row row, String column,
            List<ImportProblem> problems) {
        String text = layout.text(row, column);
        if (text == null) {
            return null;
        }
        Optional<Long> minor = ImportValues.money(text, claim.currency());
        if (minor.isEmpty()) {
            problems.add(problem(layout, row.line(), column, FieldIssue.INVALID, column + " is an amount of "
                    + claim.currency() + " such as 12.50, £12.50 or 1,234.50, not \"" + text + "\"."));
        }
        return minor.orElse(null);
    }
}
