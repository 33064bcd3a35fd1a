package com.storageplatform.commerce.reservation;

import com.storageplatform.kit.inbox.ConsumedEvent;
import com.storageplatform.kit.inbox.EventData;
import com.storageplatform.kit.inbox.EventHandler;
import java.time.Clock;
import java.util.Set;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * crm's {@code deal.lost} (data: the deal, with {@code id} and {@code reservation_id}): the active reservation it
 * names is cancelled ({@code cancellation_reason: "deal_lost"}, hold released, {@code reservation.cancelled}); one
 * already past its {@code held_until} is expired instead, as the sweep would. With no {@code reservation_id}, the
 * deal's active reservations ({@code deal_id}) are. A reservation that is not active is left alone, so a
 * redelivered or repeated event changes nothing (the kit's inbox also applies each event id once).
 */
@Component
class DealLostHandler implements EventHandler {

    static final String TOPIC = "crm.events";
    static final String DEAL_LOST = "deal.lost";

    private static final Logger log = LoggerFactory.getLogger(DealLostHandler.class);

    private final ReservationRepository reservations;
    private final ReservationService service;
    private final Clock clock;

    DealLostHandler(ReservationRepository reservations, ReservationService service, Clock clock) {
        this.reservations = reservations;
        this.service = service;
        this.clock = clock;
    }

    @Override
    public String topic() {
        return TOPIC;
    }

    @Override
    public Set<String> types() {
        return Set.of(DEAL_LOST);
    }

    @Override
    public Mono<Void> handle(ConsumedEvent event) {
        if (event.accountId() == null) {
            return Mono.empty();
        }
        JsonNode deal = event.data();
        UUID reservationId = EventData.id(deal, "reservation_id");
        UUID dealId = EventData.id(deal, "id");
        Flux<Stored> named = reservationId != null
                ? reservations.findForUpdate(event.accountId(), reservationId).flux()
                : dealId != null ? reservations.activeOfDealForUpdate(event.accountId(), dealId) : Flux.empty();
        return named.filter(stored -> stored.reservation().isActive())
                .concatMap(stored -> {
                    var caller = stored.systemCaller("inbox:" + TOPIC);
                    Reservation r = stored.reservation();
                    log.debug("Deal {} lost: ending reservation {}", dealId, r.id());
                    return r.lapsedAt(clock.instant()) ? service.expireNow(caller, r)
                            : service.cancelNow(caller, r, Reservation.DEAL_LOST);
                })
                .then();
    }
}
