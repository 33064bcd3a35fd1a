package com.storageplatform.compliance.contract;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.outbox.EventPublisher;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * {@code contract.signed} on {@code compliance.events}, in the signature's transaction, with the contract as a read
 * answers it: public (the spec's catalogue), and what commerce signs the agreement from. Making or superseding a
 * contract publishes nothing: the spec names no such event and no service needs one.
 */
@Component
class ContractEvents {

    static final String SIGNED = "contract.signed";

    private final EventPublisher events;

    ContractEvents(EventPublisher events) {
        this.events = events;
    }

    Mono<Contract> publish(Caller caller, String type, Contract contract) {
        return events.publish(caller, type, contract.id(), contract).thenReturn(contract);
    }
}
