package com.storageplatform.commerce.agreement;

import com.storageplatform.kit.inbox.ConsumedEvent;
import com.storageplatform.kit.inbox.EventHandler;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * The customer signed the licence document of an agreement ({@code contract.signed} on {@code compliance.events}):
 * the agreement is signed through the same path as {@code POST /v1/agreements/{id}/sign}
 * ({@link AgreementService#signByContract}), so {@code agreement.activated} is published once whichever comes
 * first, the API's signature or the contract's. A repeated or late event, or one for an agreement changed since its
 * document was made, changes nothing.
 */
@Component
class ContractSignedHandler implements EventHandler {

    static final String TOPIC = "compliance.events";
    static final String SIGNED = "contract.signed";

    private static final Logger log = LoggerFactory.getLogger(ContractSignedHandler.class);

    private final AgreementService agreements;
    private final AgreementEvents events;

    ContractSignedHandler(AgreementService agreements, AgreementEvents events) {
        this.agreements = agreements;
        this.events = events;
    }

    @Override
    public String topic() {
        return TOPIC;
    }

    @Override
    public Set<String> types() {
        return Set.of(SIGNED);
    }

    @Override
    public Mono<Void> handle(ConsumedEvent event) {
        SignedContract contract = SignedContract.of(event.data());
        if (contract.agreementId() == null || event.accountId() == null) {
            log.warn("Contract event {} names no agreement or account; nothing to sign", event.id());
            return Mono.empty();
        }
        return events.publisherFor(event.actingCaller(), contract.agreementId())
                .flatMap(caller -> agreements.signByContract(caller, contract.agreementId(), contract))
                .then();
    }
}
