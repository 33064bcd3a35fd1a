package com.storageplatform.billing.accounting;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.outbox.EventPublisher;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * {@code accounting.synced} (a row booked by the system) and {@code accounting.failed} (refused, unavailable at
 * every attempt, or a void or payment of an invoice that could not be pushed), each with the row as a read answers
 * it, in the transaction that settles the row, so each is published once.
 */
@Component
class AccountingEvents {

    static final String SYNCED = "accounting.synced";
    static final String FAILED = "accounting.failed";

    private final EventPublisher events;

    AccountingEvents(EventPublisher events) {
        this.events = events;
    }

    Mono<Void> settled(Caller caller, AccountingSync sync) {
        String type = switch (sync.status()) {
            case AccountingSync.SYNCED -> SYNCED;
            case AccountingSync.FAILED -> FAILED;
            default -> null;
        };
        return type == null ? Mono.empty() : events.publish(caller, type, sync.id(), sync).then();
    }
}
