package com.storageplatform.catalogue.holds;

import com.storageplatform.catalogue.unit.UnitOccupancy;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.inbox.ConsumedEvent;
import com.storageplatform.kit.inbox.EventData;
import com.storageplatform.kit.inbox.EventHandler;
import com.storageplatform.kit.time.Dates;
import java.time.Clock;
import java.time.Instant;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * Keeps {@code unit_holds} from commerce's reservation, agreement and order events (the contract is in
 * docs/api/catalogue.md, "Events the catalogue consumes"), then refreshes the status of each unit the event
 * touched. The kit's inbox runs this once per event id, in one transaction with the id's record.
 */
@Component
class CommerceHoldsHandler implements EventHandler {

    static final String TOPIC = "commerce.events";

    private static final Logger log = LoggerFactory.getLogger(CommerceHoldsHandler.class);

    private final HoldRepository holds;
    private final UnitOccupancy occupancy;
    private final Clock clock;

    CommerceHoldsHandler(HoldRepository holds, UnitOccupancy occupancy, Clock clock) {
        this.holds = holds;
        this.occupancy = occupancy;
        this.clock = clock;
    }

    @Override
    public String topic() {
        return TOPIC;
    }

    @Override
    public Set<String> types() {
        Set<String> types = new HashSet<>(Hold.STAGE_OF_TYPE.keySet());
        types.addAll(Hold.STATUS_TYPES);
        return types;
    }

    @Override
    public Mono<Void> handle(ConsumedEvent event) {
        Optional<Hold> parsed = parse(event);
        if (parsed.isEmpty()) {
            // Recorded by the inbox all the same: a redelivery of a useless event stays useless.
            log.warn("Event {} ({}) names no holder id; nothing to project", event.id(), event.type());
            return Mono.empty();
        }
        Hold hold = parsed.get();
        Caller caller = event.actingCaller();   // the event's account, on commerce's behalf
        return holds.unitBefore(event.accountId(), hold)
                .flatMap(before -> holds.record(event.accountId(), hold, clock.instant()).then(Mono.defer(() -> {
                    Set<UUID> touched = new LinkedHashSet<>();
                    before.ifPresent(touched::add);
                    if (hold.unitId() != null) {
                        touched.add(hold.unitId());
                    }
                    return Flux.fromIterable(touched).concatMap(unit -> occupancy.refresh(caller, unit)).then();
                })));
    }

    static Optional<Hold> parse(ConsumedEvent event) {
        String kind = event.type().substring(0, event.type().indexOf('.'));
        JsonNode data = event.data();
        UUID holderId = EventData.id(data, "id");
        if (holderId == null) {
            holderId = Ids.parse(event.subject() == null ? "" : event.subject()).orElse(null);
        }
        if (holderId == null) {
            return Optional.empty();
        }
        Integer stage = Hold.STAGE_OF_TYPE.get(event.type());
        if (stage == null) {
            stage = Hold.stageOfStatus(kind, EventData.text(data, "status"));
        }
        Instant heldUntil = Dates.parseDateTime(EventData.text(data, "held_until")).orElse(null);
        return Optional.of(new Hold(kind, holderId, EventData.id(data, "unit_id"),
                EventData.id(data, "unit_type_id"), EventData.id(data, "site_id"), stage, heldUntil));
    }
}
