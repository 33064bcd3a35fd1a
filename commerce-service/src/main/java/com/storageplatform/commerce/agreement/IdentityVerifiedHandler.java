package com.storageplatform.commerce.agreement;

import com.storageplatform.commerce.contact.Customers;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.inbox.ConsumedEvent;
import com.storageplatform.kit.inbox.EventData;
import com.storageplatform.kit.inbox.EventHandler;
import com.storageplatform.kit.web.ApiException;
import java.time.Clock;
import java.time.Instant;
import java.util.Set;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * A customer's online ID check passed ({@code identity_verification.verified} on {@code compliance.events}): every
 * agreement of that customer whose access is held moves to {@code access_released}, with
 * {@code agreement.access_released}. Decided from the event alone (not from the identity-check projection, which
 * another handler of the same event feeds in an order this one cannot know). Idempotent: a repeated event finds
 * nothing held. The customer's record is locked first, as signing locks it, so a signature racing this event
 * either sees the check passed or is released here.
 */
@Component
class IdentityVerifiedHandler implements EventHandler {

    static final String TOPIC = "compliance.events";
    static final String VERIFIED = "identity_verification.verified";

    private static final Logger log = LoggerFactory.getLogger(IdentityVerifiedHandler.class);

    private final AgreementRepository agreements;
    private final AgreementEvents events;
    private final Customers customers;
    private final Clock clock;

    IdentityVerifiedHandler(AgreementRepository agreements, AgreementEvents events, Customers customers,
            Clock clock) {
        this.agreements = agreements;
        this.events = events;
        this.customers = customers;
        this.clock = clock;
    }

    @Override
    public String topic() {
        return TOPIC;
    }

    @Override
    public Set<String> types() {
        return Set.of(VERIFIED);
    }

    @Override
    public Mono<Void> handle(ConsumedEvent event) {
        UUID contactId = EventData.id(event.data(), "contact_id");
        if (contactId == null || event.accountId() == null) {
            log.warn("Identity verification event {} names no contact or account; no access to release",
                    event.id());
            return Mono.empty();
        }
        Caller caller = event.actingCaller();
        return customers.find(caller, contactId, "contact_id")
                .onErrorResume(ApiException.class, e -> Mono.empty())
                .thenMany(agreements.accessHeldOf(event.accountId(), contactId))
                .concatMap(held -> {
                    Instant now = clock.instant();
                    Agreement released = held.with().accessStatus(Agreement.ACCESS_RELEASED).updatedAt(now).build();
                    return agreements.update(event.accountId(), released)
                            .then(events.publisherFor(caller, held.id()))
                            .flatMap(as -> events.publish(as, AgreementEvents.ACCESS_RELEASED, released));
                })
                .then();
    }
}
