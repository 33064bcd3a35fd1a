package com.storageplatform.billing.report;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.report.ReportQuery;
import com.storageplatform.kit.report.Reports;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Flux;

/** The occupancy and revenue reports' rows, from the groups' tallies on the report's day. */
@Service
class Occupancy {

    private final ReportRepository repository;

    Occupancy(ReportRepository repository) {
        this.repository = repository;
    }

    Flux<OccupancyRow> occupancy(Caller caller, ReportQuery report) {
        return repository.tallies(caller.accountId(), report).map(t -> new OccupancyRow(Reports.OBJECT,
                report.from(), report.to(), t.key(), report.groupBy(), t.label(), report.asOf(), report.currency(),
                t.unitsTotal(), t.unitsOccupied(), ReportFigures.pct(t.unitsOccupied(), t.unitsTotal()),
                ReportFigures.squareMetres(t.areaTotalCm2()), ReportFigures.squareMetres(t.areaOccupiedCm2()),
                ReportFigures.pct(t.areaOccupiedCm2(), t.areaTotalCm2()), t.potentialMinor(), t.actualMinor(),
                ReportFigures.pct(t.actualMinor(), t.potentialMinor())));
    }

    Flux<RevenueRow> revenue(Caller caller, ReportQuery report) {
        return repository.tallies(caller.accountId(), report).map(t -> new RevenueRow(Reports.OBJECT,
                report.from(), report.to(), t.key(), report.groupBy(), t.label(), report.asOf(), report.currency(),
                t.mrrMinor(), 12 * t.mrrMinor(), t.unitsTotal(), ReportFigures.perUnit(t.mrrMinor(), t.unitsTotal())));
    }
}
