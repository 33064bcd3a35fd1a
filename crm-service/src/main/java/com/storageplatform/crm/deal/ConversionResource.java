package com.storageplatform.crm.deal;

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

/** {@code GET /v1/reports/conversion} (scope {@code reports:read}, at the gateway). */
@RestController
@ScopeFamily("reports")
class ConversionResource {

    private final Reports reports;
    private final ConversionReport conversion;

    ConversionResource(Reports reports, ConversionReport conversion) {
        this.reports = reports;
        this.conversion = conversion;
    }

    /**
     * The deals first quoted and first reserved from {@code from} to {@code to} (days in the operator's time zone),
     * by site, channel or unit type; each deal counts once per kind, however often it is quoted or reserved again.
     * A site-restricted credential reads only its sites.
     */
    @GetMapping("/v1/reports/conversion")
    @ReportOperation
    Mono<Envelopes.ListOf<ConversionRow>> conversion(Caller caller,
            @RequestParam MultiValueMap<String, String> query) {
        return reports.page(caller, query, ConversionRow.class, report -> conversion.rows(caller, report));
    }

    @Hidden
    @GetMapping(path = "/v1/reports/conversion", params = "format=csv")
    Mono<Void> conversionCsv(Caller caller, @RequestParam MultiValueMap<String, String> query,
            ServerWebExchange exchange) {
        return reports.csv(exchange, caller, query, ConversionRow.class, report -> conversion.rows(caller, report));
    }
}
