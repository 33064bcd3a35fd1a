package com.storageplatform.kit.inbox;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.Environment;
import java.time.Instant;
import java.util.UUID;
import tools.jackson.databind.JsonNode;

/**
 * An event another service published (the CloudEvents envelope of {@link com.storageplatform.kit.outbox.CloudEvent}),
 * as a projection's handler sees it.
 *
 * @param type the type it was published under (internal names, e.g. {@code reservation.created})
 * @param accountId the account the event is about; null for an operator-wide event (auth's {@code operator.*},
 *                  whose data names both accounts), which always has {@code operatorId}
 * @param data the resource's shape, with {@code object}
 */
public record ConsumedEvent(UUID id, String topic, String source, String type, Instant time, UUID accountId,
        UUID operatorId, String environment, String subject, JsonNode data) {

    /**
     * Who a handler acts as when it publishes for the event's account: that account, operator and environment (null
     * when the event carries none), credential {@code inbox:<topic>} and request id {@code evt_<id without dashes>}.
     */
    public Caller actingCaller() {
        return Caller.actingFor(accountId, operatorId, Environment.find(environment).orElse(null), "inbox:" + topic,
                "evt_" + id.toString().replace("-", ""));
    }
}
