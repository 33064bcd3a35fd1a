package com.storageplatform.commerce.imports;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.outbox.EventPublisher;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** {@code import.completed} and {@code import.failed} (public), once each, in the transaction that ends the import. */
@Component
class ImportEvents {

    static final String COMPLETED = "import.completed";
    static final String FAILED = "import.failed";

    private final EventPublisher events;

    ImportEvents(EventPublisher events) {
        this.events = events;
    }

    Mono<Void> ended(Caller caller, Import ended) {
        String type = Import.FAILED.equals(ended.status()) ? FAILED : COMPLETED;
        return events.publish(caller, type, ended.id(), ended).then();
    }
}
