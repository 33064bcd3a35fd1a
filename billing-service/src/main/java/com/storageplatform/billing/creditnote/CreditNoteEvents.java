package com.storageplatform.billing.creditnote;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.outbox.EventPublisher;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** {@code credit_note.created} (public), in the mutation's transaction, with the credit note as a read answers it. */
@Component
class CreditNoteEvents {

    static final String CREATED = "credit_note.created";

    private final EventPublisher events;

    CreditNoteEvents(EventPublisher events) {
        this.events = events;
    }

    Mono<CreditNote> created(Caller caller, CreditNote note) {
        return events.publish(caller, CREATED, note.id(), note).thenReturn(note);
    }
}
