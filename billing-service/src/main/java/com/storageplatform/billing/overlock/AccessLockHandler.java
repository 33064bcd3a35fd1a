package com.storageplatform.billing.overlock;

import com.storageplatform.billing.overlock.OverlockTransitions.Settled;
import com.storageplatform.kit.inbox.ConsumedEvent;
import com.storageplatform.kit.inbox.EventData;
import com.storageplatform.kit.inbox.EventHandler;
import com.storageplatform.kit.time.Dates;
import java.time.Instant;
import java.util.Set;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * Compliance's reports of the lock commands it queued for billing's overlocks ({@code access_lock.confirmed} and
 * {@code access_lock.failed} on {@code compliance.events}, internal), each applied once by the inbox and once more
 * by state ({@link OverlockTransitions}: a command settled already changes nothing), so a repeated or late report
 * never locks twice nor loses an unlock.
 */
@Component
class AccessLockHandler implements EventHandler {

    private static final Logger log = LoggerFactory.getLogger(AccessLockHandler.class);

    private final OverlockService overlocks;

    AccessLockHandler(OverlockService overlocks) {
        this.overlocks = overlocks;
    }

    @Override
    public String topic() {
        return "compliance.events";
    }

    @Override
    public Set<String> types() {
        return Set.of("access_lock.confirmed", "access_lock.failed");
    }

    @Override
    public Mono<Void> handle(ConsumedEvent event) {
        JsonNode data = event.data();
        UUID overlockId = EventData.id(data, "overlock_id");
        UUID commandId = EventData.id(data, "command_id");
        String operation = EventData.text(data, "operation");
        Instant settledAt = Dates.parseDateTime(data.path("settled_at").asString(null)).orElse(event.time());
        if (overlockId == null || commandId == null || event.accountId() == null
                || !("apply".equals(operation) || "release".equals(operation))) {
            log.warn("Lock report {} ({}) names no overlock command billing can read; passed over", event.id(),
                    event.type());
            return Mono.empty();
        }
        Settled settled = new Settled(commandId, "apply".equals(operation),
                "access_lock.confirmed".equals(event.type()), EventData.text(data, "reason"), settledAt);
        return overlocks.settled(event.actingCaller(), overlockId, settled);
    }
}
