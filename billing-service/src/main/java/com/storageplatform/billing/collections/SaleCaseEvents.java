package com.storageplatform.billing.collections;

import com.storageplatform.kit.inbox.ConsumedEvent;
import com.storageplatform.kit.inbox.EventData;
import com.storageplatform.kit.inbox.EventHandler;
import java.util.Set;
import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * An arrears case that closes (billing's own {@code dunning.resolved}, through the inbox: every case a sale was
 * opened for has taken its ladder's steps, so its close always publishes it) closes its open sale processes as
 * {@code paid}: the customer paid everything. A process sold or closed already is left as it is.
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
        return Set.of(CollectionsEvents.RESOLVED);
    }

    @Override
    public Mono<Void> handle(ConsumedEvent event) {
        UUID caseId = EventData.id(event.data(), "id");
        if (caseId == null || event.accountId() == null) {
            return Mono.empty();
        }
        return processes.caseClosed(event.actingCaller(), caseId);
    }
}
