package com.storageplatform.crm.deal;

import com.storageplatform.crm.deal.ConversionRepository.Counts;
import com.storageplatform.crm.internal.Records;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.report.ReportQuery;
import com.storageplatform.kit.report.Reports;
import java.util.Comparator;
import java.util.Map;
import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/** The rows of the conversion report, summed from {@code conversion_days} (never the deals themselves). */
@Component
class ConversionReport {

    private static final Map<String, String> COLUMNS = Map.of(ConversionRow.SITE, "site_id",
            ConversionRow.CHANNEL, "channel", ConversionRow.UNIT_TYPE, "unit_type_id");
    private static final Map<String, String> CHANNEL_LABELS = Map.of("website", "Website", "phone", "Phone",
            "email", "Email", "walk_in", "Walk-in", "referral", "Referral", "other", "Other");

    private final ConversionRepository conversions;
    private final Records records;

    ConversionReport(ConversionRepository conversions, Records records) {
        this.conversions = conversions;
        this.records = records;
    }

    Flux<ConversionRow> rows(Caller caller, ReportQuery report) {
        UUID accountId = caller.accountId();
        return conversions.counts(accountId, report.from(), report.to(), report.sites(),
                        COLUMNS.get(report.groupBy()))
                .flatMapSequential(counts -> label(accountId, report.groupBy(), counts.group())
                        .map(label -> row(report, counts, label)), 16)
                .sort(Comparator.comparing(ConversionRow::label).thenComparing(ConversionRow::key));
    }

    private Mono<String> label(UUID accountId, String groupBy, String group) {
        if (ConversionRow.CHANNEL.equals(groupBy)) {
            return Mono.just(group == null ? "Unknown" : CHANNEL_LABELS.getOrDefault(group, group));
        }
        if (group == null) {
            return Mono.just("No unit type");
        }
        UUID id = UUID.fromString(group);
        Mono<JsonNode> record = ConversionRow.SITE.equals(groupBy)
                ? records.site(accountId, id) : records.unitType(accountId, id);
        return record.map(found -> found.path("name").asString(group)).defaultIfEmpty(group);
    }

    private static ConversionRow row(ReportQuery report, Counts counts, String label) {
        String key = counts.group() != null ? counts.group()
                : ConversionRow.CHANNEL.equals(report.groupBy()) ? "unknown" : "none";
        return new ConversionRow(Reports.OBJECT, report.from(), report.to(), key, report.groupBy(), label,
                counts.quoted(), counts.reserved());
    }
}
