package com.storageplatform.kit.sample;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.openapi.OneOf;
import com.storageplatform.kit.openapi.ScopeFamily;
import com.storageplatform.kit.operator.OperatorSettings;
import com.storageplatform.kit.report.ReportOperation;
import com.storageplatform.kit.report.ReportQuery;
import com.storageplatform.kit.report.Reports;
import com.storageplatform.kit.web.Envelopes;
import io.swagger.v3.oas.annotations.Hidden;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;
import java.util.stream.IntStream;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Flux;
import tools.jackson.databind.json.JsonMapper;

/**
 * A report made of the query it was asked, so tests see exactly what the kit read: {@code rows} rows (a query
 * parameter of its own, default 3) labelled with their number, the site each names, and texts a spreadsheet
 * would take for formulas.
 */
@RestController
@ScopeFamily("reports")
class SampleReportResource {

    /**
     * @param key   the row's number
     * @param label the row's name
     * @param count a figure: the row's number times ten
     */
    public record SampleRow(String object, LocalDate from, LocalDate to, String key,
            @OneOf("GROUP_BYS") String groupBy, String label, long count, UUID siteId, String timezone) {
        public static final String OBJECT = Reports.OBJECT;
        public static final List<String> GROUP_BYS = List.of("site", "week");
    }

    private final Reports reports;

    SampleReportResource(Reports reports) {
        this.reports = reports;
    }

    /** A sample report. */
    @GetMapping("/v1/reports/samples")
    @ReportOperation
    reactor.core.publisher.Mono<Envelopes.ListOf<SampleRow>> samples(Caller caller,
            @RequestParam MultiValueMap<String, String> query) {
        return reports.page(caller, query, SampleRow.class, report -> rows(report, query));
    }

    @Hidden
    @GetMapping(path = "/v1/reports/samples", params = "format=csv")
    reactor.core.publisher.Mono<Void> samplesCsv(Caller caller, @RequestParam MultiValueMap<String, String> query,
            ServerWebExchange exchange) {
        return reports.csv(exchange, caller, query, SampleRow.class, report -> rows(report, query));
    }

    private static Flux<SampleRow> rows(ReportQuery report, MultiValueMap<String, String> query) {
        int count = Integer.parseInt(query.getFirst("rows") == null ? "3" : query.getFirst("rows"));
        UUID site = report.sites() == null ? null : report.sites().iterator().next();
        return Flux.fromStream(IntStream.rangeClosed(1, count).boxed()).map(n -> new SampleRow(Reports.OBJECT,
                report.from(), report.to(), Integer.toString(n), report.groupBy(),
                n == 1 ? "=SUM(A1:A2)" : "Row, " + n, n * 10L, site, report.timezone().getId()));
    }

    @Configuration
    static class Settings {
        @Bean
        OperatorSettings operatorSettings(DatabaseClient db, JsonMapper json) {
            return new OperatorSettings(db, json);
        }
    }
}
