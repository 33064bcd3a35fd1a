package com.storageplatform.crm.message;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.outbox.EventPublisher;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * {@code message.*} events, all public (the spec's catalogue), in the transaction of the change, with the message
 * as an integration reads it (the stored body): {@code message.sent} when the provider took it,
 * {@code message.delivered} and {@code message.bounced} from the provider's reports. A message that is queued,
 * blocked or failed publishes nothing.
 */
@Component
class MessageEvents {

    static final String SENT = "message.sent";
    static final String DELIVERED = "message.delivered";
    static final String BOUNCED = "message.bounced";

    private final EventPublisher events;

    MessageEvents(EventPublisher events) {
        this.events = events;
    }

    Mono<Message> publish(Caller caller, String type, Message message) {
        return events.publish(caller, type, message.id(), message).thenReturn(message);
    }
}
