package com.storageplatform.billing.collections;

import com.storageplatform.billing.collections.DebtRepository.Figures;
import com.storageplatform.billing.internal.Records;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.report.ReportQuery;
import com.storageplatform.kit.report.Reports;
import java.time.LocalDate;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** The rows of the delinquency report, from {@code delinquency_debts} (never the invoices themselves). */
@Component
class DelinquencyReport {

    private final DebtRepository debts;
    private final Records records;

    DelinquencyReport(DebtRepository debts, Records records) {
        this.debts = debts;
        this.records = records;
    }

    Flux<DelinquencyRow> rows(Caller caller, ReportQuery report) {
        UUID accountId = caller.accountId();
        LocalDate asOf = report.asOf();
        boolean bySite = DelinquencyRow.SITE.equals(report.groupBy());
        Flux<Figures> figures = debts.overdue(accountId, report.currency(), asOf, asOf.equals(report.today()),
                report.sites(), bySite);
        if (!bySite) {
            return figures.defaultIfEmpty(new Figures(null, 0, 0, 0, 0, 0, 0, 0))
                    .map(f -> row(report, DelinquencyRow.TOTAL, "Total", f));
        }
        return figures.collectList().flatMapMany(sites -> {
            List<UUID> ids = sites.stream().map(Figures::siteId).filter(Objects::nonNull).toList();
            return (ids.isEmpty() ? Mono.just(Map.<UUID, String>of())
                    : records.names(accountId, "site", ids))
                    .flatMapIterable(names -> sites.stream()
                            .map(f -> f.siteId() == null ? row(report, DelinquencyRow.NO_SITE, "No site", f)
                                    : row(report, f.siteId().toString(),
                                            names.getOrDefault(f.siteId(), f.siteId().toString()), f))
                            .sorted(Comparator.comparing(DelinquencyRow::label).thenComparing(DelinquencyRow::key))
                            .toList());
        });
    }

    private static DelinquencyRow row(ReportQuery report, String key, String label, Figures f) {
        return new DelinquencyRow(Reports.OBJECT, report.from(), report.to(), key, report.groupBy(), label,
                report.asOf(), report.currency(), f.overdueMinor(), f.accounts(), f.invoices(), f.band1To30Minor(),
                f.band31To60Minor(), f.band61To90Minor(), f.bandOver90Minor());
    }
}
