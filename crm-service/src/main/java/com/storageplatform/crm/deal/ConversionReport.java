package com.storageplatform.crm.deal;

import com.storageplatform.crm.deal.ConversionRepository.Counts;
import com.storageplatform.crm.internal.Records;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.report.ReportQuery;
import com.storageplatform.kit.report.Reports;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** The rows of the conversion report, summed from the report's own tables (never the deals themselves). */
@Component
class ConversionReport {

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
        String groupBy = report.groupBy();
        return conversions.counts(accountId, report.from(), report.to(), report.sites(), groupBy)
                .collectList()
                .flatMapMany(counts -> names(accountId, groupBy, counts).flatMapIterable(names -> counts.stream()
                        .map(c -> row(report, c, names))
                        .sorted(Comparator.comparing(ConversionRow::label).thenComparing(ConversionRow::key))
                        .toList()));
    }

    /** The sites' or unit types' names, read at once; none needed for channels. */
    private Mono<Map<UUID, String>> names(UUID accountId, String groupBy, List<Counts> counts) {
        if (ConversionRow.CHANNEL.equals(groupBy) || counts.isEmpty()) {
            return Mono.just(Map.of());
        }
        List<UUID> ids = counts.stream().map(Counts::group).filter(Objects::nonNull).map(UUID::fromString).toList();
        return records.names(accountId, ConversionRow.SITE.equals(groupBy) ? "site" : "unit_type", ids);
    }

    private static ConversionRow row(ReportQuery report, Counts counts, Map<UUID, String> names) {
        String group = counts.group();
        boolean channel = ConversionRow.CHANNEL.equals(report.groupBy());
        String key = group != null ? group : channel ? "unknown" : "none";
        String label;
        if (group == null) {
            label = channel ? "Unknown" : "No unit type";
        } else {
            label = channel ? CHANNEL_LABELS.getOrDefault(group, group)
                    : names.getOrDefault(UUID.fromString(group), group);
        }
        return new ConversionRow(Reports.OBJECT, report.from(), report.to(), key, report.groupBy(), label,
                counts.quoted(), counts.reserved());
    }
}
