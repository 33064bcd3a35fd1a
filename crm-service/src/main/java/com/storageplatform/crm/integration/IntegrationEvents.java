package com.storageplatform.crm.integration;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.outbox.EventPublisher;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * {@code integration_connection.*} events, in the change's transaction, with the connection as a read answers it
 * (credential names, never their values), so other services can project which systems an account has connected.
 * All three are internal: no webhook, no event feed (not in the kit's EventCatalogue).
 */
@Component
class IntegrationEvents {

    static final String CREATED = "integration_connection.created";
    static final String UPDATED = "integration_connection.updated";
    static final String DELETED = "integration_connection.deleted";

    private final EventPublisher events;

    IntegrationEvents(EventPublisher events) {
        this.events = events;
    }

    Mono<IntegrationConnection> publish(Caller caller, String type, IntegrationConnection connection) {
        return events.publish(caller, type, connection.id(), connection).thenReturn(connection);
    }
}
