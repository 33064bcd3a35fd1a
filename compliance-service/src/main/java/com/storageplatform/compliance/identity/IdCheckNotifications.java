package com.storageplatform.compliance.identity;

import com.storageplatform.compliance.identity.provider.IdCheckOutcome;
import com.storageplatform.compliance.identity.provider.IdCheckProviders;
import com.storageplatform.kit.inbox.ProviderEventLog;
import com.storageplatform.kit.tracing.TraceLogs;
import java.time.Clock;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The one entry for every ID-check provider notification: the inbound endpoint and the test helpers both call
 * {@link #receive}, so a simulated outcome takes exactly the path of a real one.
 */
@Component
class IdCheckNotifications {

    private static final Logger log = LoggerFactory.getLogger(IdCheckNotifications.class);

    private final IdCheckProviders providers;
    private final IdentityVerificationService verifications;
    private final ProviderEventLog received;
    private final TransactionalOperator tx;

    IdCheckNotifications(IdCheckProviders providers, IdentityVerificationService verifications, DatabaseClient db,
            TransactionalOperator tx, Clock clock) {
        this.providers = providers;
        this.verifications = verifications;
        this.received = new ProviderEventLog(db, clock, "id_check_provider_events");
        this.tx = tx;
    }

    /**
     * Verifies the notification with the provider's reader and {@code secret}, then, in one transaction, records
     * each event once on (provider, event id) and applies each new one. A repeated event changes nothing.
     *
     * @return how many events the notification carried, repeated ones included
     * @throws com.storageplatform.kit.web.ApiException 404 for an unknown provider, 400 for a bad signature or body
     *                                                  (nothing is recorded)
     */
    Mono<Integer> receive(String provider, String body, String signature, String secret) {
        return Mono.defer(() -> {
            List<IdCheckOutcome> outcomes = providers.reader(provider).read(body, signature, secret);
            return tx.transactional(Flux.fromIterable(outcomes).concatMap(this::applyOnce).then())
                    .thenReturn(outcomes.size());
        });
    }

    private Mono<Void> applyOnce(IdCheckOutcome outcome) {
        // Unkeyed by account: the event is the provider's, and the check it names says which account it concerns.
        return received.recordFirst(outcome.provider(), outcome.eventId(), outcome.kind().name(),
                        outcome.reference())
                .flatMap(first -> {
                    if (!first) {
                        return TraceLogs.log(() -> log.info(
                                "ID-check provider event {} {} was received before; nothing to do",
                                outcome.provider(), outcome.eventId()));
                    }
                    return verifications.apply(outcome);
                });
    }
}
