package com.storageplatform.billing.collections;

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

/** {@code GET /v1/reports/delinquency} (scope {@code reports:read}, at the gateway). */
@RestController
@ScopeFamily("reports")
class DelinquencyResource {

    private final Reports reports;
    private final DelinquencyReport delinquency;

    DelinquencyResource(Reports reports, DelinquencyReport delinquency) {
        this.reports = reports;
        this.delinquency = delinquency;
    }

    /**
     * The debt past its due date at the end of a day ({@code to}, or today when {@code to} lies ahead), in the
     * operator's currency only, aged 1-30, 31-60, 61-90 and over 90 days past due: in total, or per site. Invoices in
     * another currency never count. A site-restricted credential reads only its sites (and not invoices on no plan).
     */
    @GetMapping("/v1/reports/delinquency")
    @ReportOperation
    Mono<Envelopes.ListOf<DelinquencyRow>> delinquency(Caller caller,
            @RequestParam MultiValueMap<String, String> query) {
        return reports.page(caller, query, DelinquencyRow.class, report -> delinquency.rows(caller, report));
    }

    @Hidden
    @GetMapping(path = "/v1/reports/delinquency", params = "format=csv")
    Mono<Void> delinquencyCsv(Caller caller, @RequestParam MultiValueMap<String, String> query,
            ServerWebExchange exchange) {
        return reports.csv(exchange, caller, query, DelinquencyRow.class, report -> delinquency.rows(caller, report));
    }
}
