package com.storageplatform.crm.deal;

import com.storageplatform.crm.pipeline.Pipeline;
import com.storageplatform.crm.pipeline.Pipeline.Stage;
import com.storageplatform.crm.pipeline.Pipelines;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.inbox.ConsumedEvent;
import com.storageplatform.kit.inbox.EventData;
import com.storageplatform.kit.inbox.EventHandler;
import java.time.Instant;
import java.util.Set;
import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Commerce's {@code reservation.created} of a reservation made for a deal ({@code deal_id}): an open deal of the
 * same customer takes it as its {@code reservation_id}, {@code reserved_at} and {@code last_activity_at} become the
 * event's time, and a deal standing in an {@code open} stage moves to its pipeline's {@code reserved} stage
 * ({@code deal.updated}). A won or lost deal, another customer's reservation, or one the deal names already changes
 * nothing, so a redelivery publishes nothing more.
 */
@Component
class ReservationMadeHandler implements EventHandler {

    private final DealRepository deals;
    private final DealEvents events;
    private final Pipelines pipelines;

    ReservationMadeHandler(DealRepository deals, DealEvents events, Pipelines pipelines) {
        this.deals = deals;
        this.events = events;
        this.pipelines = pipelines;
    }

    @Override
    public String topic() {
        return "commerce.events";
    }

    @Override
    public Set<String> types() {
        return Set.of("reservation.created");
    }

    @Override
    public Mono<Void> handle(ConsumedEvent event) {
        UUID account = event.accountId();
        UUID reservationId = EventData.id(event.data(), "id");
        UUID dealId = EventData.id(event.data(), "deal_id");
        UUID contactId = EventData.id(event.data(), "contact_id");
        if (account == null || reservationId == null || dealId == null) {
            return Mono.empty();
        }
        return deals.openForUpdate(account, dealId)
                .filter(deal -> deal.contactId().equals(contactId) && !reservationId.equals(deal.reservationId()))
                .flatMap(deal -> pipelines.find(account, deal.pipelineId())
                        .flatMap(pipeline -> reserve(event.actingCaller(), deal, pipeline, reservationId,
                                event.time())))
                .then();
    }

    private Mono<Deal> reserve(Caller caller, Deal deal, Pipeline pipeline, UUID reservationId, Instant at) {
        Stage stage = pipeline.stage(deal.stageId()).orElse(null);
        UUID stageId = stage != null && Pipeline.OPEN.equals(stage.kind())
                ? pipeline.firstOf(Pipeline.RESERVED).map(Stage::id).orElse(deal.stageId())
                : deal.stageId();
        Deal reserved = deal.edit().reservationId(reservationId).reservedAt(at).lastActivityAt(at).stageId(stageId)
                .updatedAt(at).build();
        return deals.save(caller.accountId(), reserved).then(events.publish(caller, DealEvents.UPDATED, reserved));
    }
}
