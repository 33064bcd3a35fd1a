package com.storageplatform.commerce.contact;

import com.storageplatform.kit.inbox.ConsumedEvent;
import com.storageplatform.kit.inbox.EventData;
import com.storageplatform.kit.inbox.EventHandler;
import java.time.Clock;
import java.util.Set;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * Creates each account's walk-in sales record from auth's {@code operator.created} and
 * {@code operator.settings_updated} (data: the admin API's operator resource, docs/api/admin.md): for every entry
 * of {@code accounts}, the contact {@code walk_in_contact_ids[environment]} with {@code first_name} "Walk-in",
 * {@code last_name} "sale" and {@code system_role} {@code walk_in}. Whichever event arrives first creates it; a
 * redelivery or a later event writes nothing. It publishes no event: other services learn its id from auth's
 * operator events, as commerce does.
 */
@Component
class WalkInRecords implements EventHandler {

    static final String TOPIC = "auth.events";
    static final String FIRST_NAME = "Walk-in";
    static final String LAST_NAME = "sale";

    private static final Logger log = LoggerFactory.getLogger(WalkInRecords.class);

    private final ContactRepository contacts;
    private final Clock clock;

    WalkInRecords(ContactRepository contacts, Clock clock) {
        this.contacts = contacts;
        this.clock = clock;
    }

    @Override
    public String topic() {
        return TOPIC;
    }

    @Override
    public Set<String> types() {
        return Set.of("operator.created", "operator.settings_updated");
    }

    @Override
    public Mono<Void> handle(ConsumedEvent event) {
        JsonNode operator = event.data();
        JsonNode accounts = operator == null ? null : operator.get("accounts");
        if (accounts == null || !accounts.isArray()) {
            log.warn("Operator event {} ({}) has no accounts; no walk-in record to create", event.id(), event.type());
            return Mono.empty();
        }
        JsonNode ids = operator.path("walk_in_contact_ids");
        return Flux.fromIterable(accounts)
                .concatMap(account -> {
                    UUID accountId = EventData.id(account, "id");
                    String environment = account.path("environment").asString("");
                    UUID walkIn = EventData.id(ids, environment);
                    if (accountId == null || walkIn == null) {
                        log.warn("Operator event {} ({}) names no walk-in contact id for its {} account {}",
                                event.id(), event.type(), environment, accountId);
                        return Mono.empty();
                    }
                    return contacts.insertWalkIn(accountId, walkIn, clock.instant())
                            .doOnNext(created -> {
                                if (created) {
                                    log.info("Walk-in sales record {} created for account {}", walkIn, accountId);
                                }
                            });
                })
                .then();
    }
}
