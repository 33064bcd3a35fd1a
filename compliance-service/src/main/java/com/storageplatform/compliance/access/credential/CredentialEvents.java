package com.storageplatform.compliance.access.credential;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.outbox.EventPublisher;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * {@code access_credential.*} events, in the change's transaction, with the credential as a list answers it (never
 * its code). {@code created}, {@code suspended} and {@code revoked} are public (the spec's catalogue);
 * {@code reinstated} is internal.
 */
@Component
class CredentialEvents {

    static final String CREATED = "access_credential.created";
    static final String SUSPENDED = "access_credential.suspended";
    static final String REINSTATED = "access_credential.reinstated";
    static final String REVOKED = "access_credential.revoked";

    private final EventPublisher events;

    CredentialEvents(EventPublisher events) {
        this.events = events;
    }

    Mono<Void> publish(Caller caller, String type, AccessCredential credential) {
        return events.publish(caller, type, credential.id(), credential.withCode(null)).then();
    }
}
