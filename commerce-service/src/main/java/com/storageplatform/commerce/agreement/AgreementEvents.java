package com.storageplatform.commerce.agreement;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.outbox.EventPublisher;
import java.time.LocalDate;
import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * The agreement's events on {@code commerce.events}, in the mutation's transaction, published under their internal
 * names (the kit's EventCatalogue maps {@code agreement.activated} to the public {@code agreement.signed};
 * {@code agreement.updated} is for projections only). {@code data} is the agreement as a read answers it; the
 * {@code cover.*} events carry the cover as docs/api/catalogue.md's contract says.
 */
@Component
class AgreementEvents {

    static final String CREATED = "agreement.created";
    static final String UPDATED = "agreement.updated";
    static final String ACTIVATED = "agreement.activated";
    static final String ACCESS_HELD = "agreement.access_held";
    static final String ACCESS_RELEASED = "agreement.access_released";
    static final String TERMINATED = "agreement.terminated";
    static final String COVER_STARTED = "cover.started";
    static final String COVER_CHANGED = "cover.changed";
    static final String COVER_ENDED = "cover.ended";

    /**
     * The {@code data} of {@code cover.*}: the contract the catalogue (and billing) read.
     *
     * @param object always {@code cover}
     */
    record CoverData(String object, UUID id, UUID coverageProductId, UUID agreementId, UUID contactId,
            Long coverMinor, String currency, LocalDate startsOn, LocalDate endsOn) {

        static CoverData of(Agreement agreement, Cover cover) {
            return new CoverData("cover", cover.id(), cover.coverageProductId(), agreement.id(),
                    agreement.contactId(), cover.coverMinor(), cover.currency(), cover.startsOn(), cover.endsOn());
        }
    }

    private final EventPublisher events;
    private final AgreementRepository agreements;

    AgreementEvents(EventPublisher events, AgreementRepository agreements) {
        this.events = events;
        this.agreements = agreements;
    }

    /**
     * Who publishes for an event handler about an agreement: the event's acting caller, with the operator and
     * environment stored with the agreement when the event lacks them. Empty when the account has no such agreement.
     */
    Mono<Caller> publisherFor(Caller eventCaller, UUID agreementId) {
        if (eventCaller.operatorId() != null && eventCaller.environment() != null) {
            return Mono.just(eventCaller);
        }
        return agreements.owner(eventCaller.accountId(), agreementId).map(owner -> Caller.actingFor(
                eventCaller.accountId(), owner.operatorId(), owner.environment(), eventCaller.credentialId(),
                eventCaller.requestId()));
    }

    Mono<Void> publish(Caller caller, String type, Agreement agreement) {
        return events.publish(caller, type, agreement.id(), agreement).then();
    }

    Mono<Void> cover(Caller caller, String type, Agreement agreement, Cover cover) {
        return events.publish(caller, type, cover.id(), CoverData.of(agreement, cover)).then();
    }
}
