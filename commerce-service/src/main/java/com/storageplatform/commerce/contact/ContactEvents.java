package com.storageplatform.commerce.contact;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.outbox.EventPublisher;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** {@code contact.*} events, in the mutation's transaction, with the contact as a read would answer it. */
@Component
class ContactEvents {

    private final EventPublisher events;

    ContactEvents(EventPublisher events) {
        this.events = events;
    }

    Mono<Void> created(Caller caller, Contact contact) {
        return events.publish(caller, "contact.created", contact.id(), contact).then();
    }

    Mono<Void> updated(Caller caller, Contact contact) {
        return events.publish(caller, "contact.updated", contact.id(), contact).then();
    }

    Mono<Void> unarchived(Caller caller, Contact contact) {
        return events.publish(caller, "contact.unarchived", contact.id(), contact).then();
    }
}
