package com.storageplatform.billing.collections;

import com.storageplatform.kit.inbox.ConsumedEvent;
import com.storageplatform.kit.inbox.EventData;
import com.storageplatform.kit.inbox.EventHandler;
import java.util.Set;
import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * The customer paying everything closes their open sale processes as {@code paid}: billing's own
 * {@code dunning.resolved} (the arrears case closed; every case a sale was opened for has taken its ladder's steps,
 * so its close publishes it) and {@code invoice.paid} (the last of a debt paid after a part payment had taken the
 * invoice out of arrears), through the inbox. Judged by state: a process whose invoices still owe something, or that
 * is sold or closed already, is left as it is, so order and repetition do not matter.
 */
@Component
class SaleCaseEvents implements EventHandler {

    private final SaleProcesses processes;

    SaleCaseEvents(SaleProcesses processes) {
        this.processes = processes;
    }

    @Override
    public String topic() {
        return "billing.events";
    }

    @Override
    public Set<String> types() {
        return Set.of(CollectionsEvents.RESOLVED, "invoice.paid");
    }

    @Override
    public Mono<Void> handle(ConsumedEvent event) {
        UUID contactId = EventData.id(event.data(), "contact_id");
        if (contactId == null || event.accountId() == null) {
            return Mono.empty();
        }
        return processes.settle(event.actingCaller(), contactId);
    }
}
