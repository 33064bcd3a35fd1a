package com.storageplatform.crm.note;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.outbox.EventPublisher;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * {@code note.*} events, in the change's transaction, with the note as a read answers it. {@code note.created} is
 * public (the spec's catalogue); {@code note.deleted} (the note as it was) is internal, for projections.
 */
@Component
class NoteEvents {

    static final String CREATED = "note.created";
    static final String DELETED = "note.deleted";

    private final EventPublisher events;

    NoteEvents(EventPublisher events) {
        this.events = events;
    }

    Mono<Note> publish(Caller caller, String type, Note note) {
        return events.publish(caller, type, note.id(), note).thenReturn(note);
    }
}
