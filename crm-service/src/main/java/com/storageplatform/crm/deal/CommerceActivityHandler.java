package com.storageplatform.crm.deal;

import com.storageplatform.crm.internal.Records;
import com.storageplatform.kit.inbox.ConsumedEvent;
import com.storageplatform.kit.inbox.EventData;
import com.storageplatform.kit.inbox.EventHandler;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Commerce's events as activity on deals ({@code last_activity_at}, through {@link DealActivity}), and quotes: an
 * agreement created as a {@code quote} for an open deal of its customer (made from the deal's reservation, or
 * named by the deal) is a quote sent from that deal, so {@code quoted_at} takes the event's time, the deal takes
 * the agreement as its {@code agreement_id} if it had none, and {@code deal.updated} is published. A redelivery
 * finds {@code quoted_at} already at that time and publishes nothing more.
 */
@Component
class CommerceActivityHandler implements EventHandler {

    private final DealActivity activity;
    private final DealRepository deals;
    private final DealEvents events;
    private final Records records;

    CommerceActivityHandler(DealActivity activity, DealRepository deals, DealEvents events, Records records) {
        this.activity = activity;
        this.deals = deals;
        this.events = events;
        this.records = records;
    }

    @Override
    public String topic() {
        return "commerce.events";
    }

    @Override
    public Set<String> types() {
        return Set.of("agreement.created", "agreement.activated", "agreement.terminated", "reservation.cancelled",
                "reservation.expired", "reservation.converted", "order.created", "order.completed");
    }

    @Override
    public Mono<Void> handle(ConsumedEvent event) {
        UUID account = event.accountId();
        UUID id = EventData.id(event.data(), "id");
        UUID contactId = EventData.id(event.data(), "contact_id");
        if (account == null || id == null || contactId == null) {
            return Mono.empty();
        }
        boolean agreement = event.type().startsWith("agreement.");
        boolean reservation = event.type().startsWith("reservation.");
        UUID agreementId = agreement ? id : EventData.id(event.data(), "agreement_id");
        UUID reservationId = reservation ? id : EventData.id(event.data(), "reservation_id");
        UUID siteId = EventData.id(event.data(), "site_id");
        Mono<UUID> dealOfReservation = reservation ? Mono.justOrEmpty(EventData.id(event.data(), "deal_id"))
                : reservationId == null ? Mono.empty()
                : records.reservation(account, reservationId)
                        .mapNotNull(r -> EventData.id(r, "deal_id"));
        return dealOfReservation.map(Optional::of).defaultIfEmpty(Optional.empty())
                .flatMap(dealId -> {
                    Mono<Void> quoted = "agreement.created".equals(event.type())
                            && DealService.QUOTE.equals(event.data().path("status").asString(""))
                            ? quoted(event, contactId, dealId.orElse(null), agreementId, reservationId)
                            : Mono.empty();
                    return quoted.then(activity.touchLinked(account, contactId, siteId, dealId.orElse(null),
                            agreementId, reservationId, event.time()));
                });
    }

    private Mono<Void> quoted(ConsumedEvent event, UUID contactId, UUID dealId, UUID agreementId,
            UUID reservationId) {
        return deals.openLinkedForUpdate(event.accountId(), contactId, dealId, agreementId, reservationId)
                .filter(deal -> deal.quotedAt() == null || deal.quotedAt().isBefore(event.time()))
                .concatMap(deal -> {
                    Deal after = deal.edit()
                            .quotedAt(event.time())
                            .agreementId(deal.agreementId() == null ? agreementId : deal.agreementId())
                            .updatedAt(event.time())
                            .build();
                    return deals.save(event.accountId(), after)
                            .then(events.publish(event.actingCaller(), DealEvents.UPDATED, after));
                })
                .then();
    }
}
