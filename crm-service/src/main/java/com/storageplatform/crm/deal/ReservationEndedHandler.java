package com.storageplatform.crm.deal;

import com.storageplatform.crm.internal.AccountSettings;
import com.storageplatform.crm.internal.Records;
import com.storageplatform.crm.pipeline.Pipeline;
import com.storageplatform.crm.pipeline.Pipeline.Stage;
import com.storageplatform.crm.pipeline.Pipelines;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.inbox.ConsumedEvent;
import com.storageplatform.kit.inbox.EventData;
import com.storageplatform.kit.inbox.EventHandler;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * The reserved-stage follow-up (platform-api.md, States → Deal, last row): commerce's {@code reservation.cancelled}
 * or {@code reservation.expired} of a reservation made for an open deal ({@code deal_id}) or named by it moves a
 * deal standing in a {@code reserved} stage back to the open stage before it, with a call due today (in the site's
 * time zone, else the operator's), {@code deal.updated}. Nothing moves when the operator switched
 * {@code reserved_deal_follow_up_enabled} off, or the customer has another active reservation or a booking (an
 * agreement not terminated) at that site. A deal marked lost is not open, so the reservation its loss cancels moves
 * nothing.
 */
@Component
class ReservationEndedHandler implements EventHandler {

    private final DealRepository deals;
    private final DealEvents events;
    private final Records records;
    private final Pipelines pipelines;
    private final AccountSettings settings;
    private final Clock clock;

    ReservationEndedHandler(DealRepository deals, DealEvents events, Records records, Pipelines pipelines,
            AccountSettings settings, Clock clock) {
        this.deals = deals;
        this.events = events;
        this.records = records;
        this.pipelines = pipelines;
        this.settings = settings;
        this.clock = clock;
    }

    @Override
    public String topic() {
        return "commerce.events";
    }

    @Override
    public Set<String> types() {
        return Set.of("reservation.cancelled", "reservation.expired");
    }

    @Override
    public Mono<Void> handle(ConsumedEvent event) {
        UUID account = event.accountId();
        JsonNode reservation = event.data();
        UUID reservationId = EventData.id(reservation, "id");
        UUID contactId = EventData.id(reservation, "contact_id");
        UUID siteId = EventData.id(reservation, "site_id");
        if (account == null || reservationId == null || contactId == null || siteId == null) {
            return Mono.empty();
        }
        return settings.of(account)
                .filter(AccountSettings.Settings::reservedDealFollowUpEnabled)
                .flatMap(s -> records.otherHoldOrBooking(account, contactId, siteId, reservationId)
                        .filter(other -> !other)
                        .flatMap(none -> today(account, siteId, s.timezone())))
                .flatMapMany(today -> deals.openOfReservationForUpdate(account, reservationId,
                                EventData.id(reservation, "deal_id"))
                        .concatMap(deal -> followUp(event.actingCaller(), deal, today)))
                .then();
    }

    /** Today at the site (its time zone, else the operator's). */
    private Mono<LocalDate> today(UUID account, UUID siteId, ZoneId operatorZone) {
        return records.site(account, siteId)
                .map(site -> zone(EventData.text(site, "timezone"), operatorZone))
                .defaultIfEmpty(operatorZone)
                .map(zone -> clock.instant().atZone(zone).toLocalDate());
    }

    private static ZoneId zone(String name, ZoneId fallback) {
        try {
            return name == null ? fallback : ZoneId.of(name);
        } catch (RuntimeException e) {
            return fallback;
        }
    }

    private Mono<Deal> followUp(Caller caller, Deal deal, LocalDate today) {
        return pipelines.find(caller.accountId(), deal.pipelineId())
                .flatMap(pipeline -> {
                    Optional<Stage> stage = pipeline.stage(deal.stageId());
                    if (stage.isEmpty() || !Pipeline.RESERVED.equals(stage.get().kind())) {
                        return Mono.empty();
                    }
                    Stage back = stageBefore(pipeline, stage.get());
                    Instant now = clock.instant();
                    Deal moved = deal.edit().stageId(back.id()).nextFollowUpOn(today).nextFollowUpWindow(null)
                            .lastActivityAt(now).updatedAt(now).build();
                    return deals.save(caller.accountId(), moved)
                            .then(events.publish(caller, DealEvents.UPDATED, moved));
                });
    }

    /** The last {@code open} stage before the reserved one, else the pipeline's first open stage. */
    static Stage stageBefore(Pipeline pipeline, Stage reserved) {
        Stage back = null;
        for (Stage s : pipeline.stages()) {
            if (s.position() < reserved.position() && Pipeline.OPEN.equals(s.kind())) {
                back = s;
            }
        }
        return back != null ? back : pipeline.firstOf(Pipeline.OPEN).orElse(reserved);
    }
}
