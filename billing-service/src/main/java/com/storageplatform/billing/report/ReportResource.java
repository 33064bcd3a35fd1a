package com.storageplatform.billing.report;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.openapi.ScopeFamily;
import com.storageplatform.kit.report.ReportOperation;
import com.storageplatform.kit.report.Reports;
import com.storageplatform.kit.web.Envelopes;
import io.swagger.v3.oas.annotations.Hidden;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/** Billing's occupancy and revenue reports (docs/api/reports.md), each as JSON rows or CSV. */
@RestController
@ScopeFamily("reports")
class ReportResource {

    private final Reports reports;
    private final Occupancy occupancy;

    ReportResource(Reports reports, Occupancy occupancy) {
        this.reports = reports;
        this.occupancy = occupancy;
    }

    /**
     * Occupancy on a day (`to`, or today when `to` lies ahead): physical occupancy by units and by area, and
     * economic occupancy, the occupied units' monthly licence fees net of each plan's promotion in force that day
     * against the rentable units' list prices. By `total` (the default), `site` or `unit_type`.
     */
    @GetMapping("/v1/reports/occupancy")
    @ReportOperation
    Mono<Envelopes.ListOf<OccupancyRow>> occupancy(Caller caller,
            @RequestParam MultiValueMap<String, String> query) {
        return reports.page(caller, query, OccupancyRow.class, report -> occupancy.occupancy(caller, report));
    }

    @Hidden
    @GetMapping(path = "/v1/reports/occupancy", params = "format=csv")
    Mono<Void> occupancyCsv(Caller caller, @RequestParam MultiValueMap<String, String> query,
            ServerWebExchange exchange) {
        return reports.csv(exchange, caller, query, OccupancyRow.class, report -> occupancy.occupancy(caller, report));
    }

    /**
     * Recurring revenue on a day (`to`, or today when `to` lies ahead): MRR, ARR and RevPAU from the licence fees of
     * the plans in force, each net of the plan's active promotion. By `total` (the default), `site` or `unit_type`.
     */
    @GetMapping("/v1/reports/revenue")
    @ReportOperation
    Mono<Envelopes.ListOf<RevenueRow>> revenue(Caller caller, @RequestParam MultiValueMap<String, String> query) {
        return reports.page(caller, query, RevenueRow.class, report -> occupancy.revenue(caller, report));
    }

    @Hidden
    @GetMapping(path = "/v1/reports/revenue", params = "format=csv")
    Mono<Void> revenueCsv(Caller caller, @RequestParam MultiValueMap<String, String> query,
            ServerWebExchange exchange) {
        return reports.csv(exchange, caller, query, RevenueRow.class, report -> occupancy.revenue(caller, report));
    }
}
