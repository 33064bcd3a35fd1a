package com.storageplatform.commerce.contact;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.inbox.ConsumedEvent;
import com.storageplatform.kit.inbox.EventData;
import com.storageplatform.kit.inbox.EventHandler;
import com.storageplatform.kit.web.ApiException;
import java.util.Set;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * An archived customer who returns by enquiring comes back (spec: {@code contact.unarchived} "also when an archived
 * customer returns by enquiring"): an enquiry is a crm deal, so crm's {@code deal.created} (data: the deal, with
 * {@code contact_id}) unarchives the deal's contact through {@link Customers}, with {@code contact.unarchived}. An
 * active contact, one the account does not have (or the walk-in record), or one archived after the deal was made
 * (the event's {@code time} before {@code archived_at}: staff archiving it later wins) is left alone, so a
 * redelivered or repeated event changes nothing (the kit's inbox also applies each event id once).
 */
@Component
class DealCreatedHandler implements EventHandler {

    static final String TOPIC = "crm.events";
    static final String DEAL_CREATED = "deal.created";

    private static final Logger log = LoggerFactory.getLogger(DealCreatedHandler.class);

    private final Customers customers;

    DealCreatedHandler(Customers customers) {
        this.customers = customers;
    }

    @Override
    public String topic() {
        return TOPIC;
    }

    @Override
    public Set<String> types() {
        return Set.of(DEAL_CREATED);
    }

    @Override
    public Mono<Void> handle(ConsumedEvent event) {
        UUID contactId = EventData.id(event.data(), "contact_id");
        if (contactId == null || event.accountId() == null) {
            log.warn("Deal event {} names no contact or account; no customer to bring back", event.id());
            return Mono.empty();
        }
        Caller caller = event.actingCaller();
        return customers.find(caller, contactId, "contact_id")
                .onErrorResume(ApiException.class, refused -> {
                    log.warn("Deal event {} names contact {}, not a customer of account {}; passed over",
                            event.id(), contactId, event.accountId());
                    return Mono.empty();
                })
                .filter(contact -> contact.isArchived()
                        && (contact.archivedAt() == null || contact.archivedAt().isBefore(event.time())))
                .flatMap(contact -> customers.unarchive(caller, contact))
                .then();
    }
}
