package com.storageplatform.crm.deal;

import com.storageplatform.crm.internal.AccountSettings;
import com.storageplatform.crm.pipeline.Pipeline;
import com.storageplatform.crm.pipeline.Pipelines;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Counts a deal for the conversion report as it is written ({@link DealRepository}, in the change's transaction):
 * quoted on the day of its {@code quoted_at}, reserved on the day it is written in a stage of kind
 * {@code reserved}, each in the operator's time zone, at the site, channel and unit type it has then. Each deal
 * counts once per kind: quoting it again, or reserving it again after its reservation was cancelled or lapsed,
 * changes nothing.
 */
@Component
class DealConversions {

    private final ConversionRepository conversions;
    private final Pipelines pipelines;
    private final AccountSettings settings;
    private final Clock clock;

    DealConversions(ConversionRepository conversions, Pipelines pipelines, AccountSettings settings, Clock clock) {
        this.conversions = conversions;
        this.pipelines = pipelines;
        this.settings = settings;
        this.clock = clock;
    }

    Mono<Void> count(UUID accountId, Deal deal) {
        Instant now = clock.instant();
        Mono<Boolean> reserved = pipelines.ofStage(accountId, deal.stageId())
                .map(pipeline -> pipeline.stage(deal.stageId())
                        .map(stage -> Pipeline.RESERVED.equals(stage.kind())).orElse(false))
                .defaultIfEmpty(false);
        return reserved.flatMap(inReservedStage -> {
            if (deal.quotedAt() == null && !inReservedStage) {
                return Mono.empty();
            }
            return settings.of(accountId).flatMap(account -> {
                Mono<Void> quoted = deal.quotedAt() == null ? Mono.empty()
                        : conversions.count(accountId, deal, ConversionRepository.QUOTED,
                                LocalDate.ofInstant(deal.quotedAt(), account.timezone()), now);
                return quoted.then(!inReservedStage ? Mono.empty()
                        : conversions.count(accountId, deal, ConversionRepository.RESERVED,
                                LocalDate.ofInstant(now, account.timezone()), now));
            });
        });
    }
}
