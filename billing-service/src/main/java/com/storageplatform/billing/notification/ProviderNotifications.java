package com.storageplatform.billing.notification;

import com.storageplatform.billing.provider.ProviderEvent;
import com.storageplatform.billing.provider.Providers;
import com.storageplatform.kit.caller.ActorType;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.Environment;
import com.storageplatform.kit.inbox.ProviderEventLog;
import com.storageplatform.kit.tracing.TraceLogs;
import java.time.Clock;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The one entry for every provider notification: the inbound endpoint and the test helpers both call
 * {@link #receive}, so a simulated event takes exactly the path of a real one.
 */
@Component
public class ProviderNotifications {

    private static final Logger log = LoggerFactory.getLogger(ProviderNotifications.class);

    private final Providers providers;
    private final List<ProviderEventHandler> handlers;
    private final ProviderEventLog received;
    private final TransactionalOperator tx;

    ProviderNotifications(Providers providers, List<ProviderEventHandler> handlers, DatabaseClient db,
            TransactionalOperator tx, Clock clock) {
        this.providers = providers;
        this.handlers = List.copyOf(handlers);
        this.received = new ProviderEventLog(db, clock, "provider_events");
        this.tx = tx;
    }

    /**
     * Verifies the notification with the provider's reader and {@code secret}, then, in one transaction, records
     * each event once on (provider, event id) and hands each new one to every handler of its kind. A repeated event
     * changes nothing.
     *
     * @return how many events the notification carried, repeated ones included
     * @throws com.storageplatform.kit.web.ApiException 404 for an unknown provider, 400 for a bad signature or body
     *                                                  (nothing is recorded)
     */
    public Mono<Integer> receive(String provider, String body, String signature, String secret) {
        return Mono.defer(() -> {
            List<ProviderEvent> events = providers.reader(provider).read(body, signature, secret);
            return tx.transactional(Flux.fromIterable(events).concatMap(this::applyOnce).then())
                    .thenReturn(events.size());
        });
    }

    /**
     * The caller a handler publishes and writes as for the account an event's resource belongs to: the provider
     * acting, with the event's id for a request id so an event can be traced back to the provider's.
     */
    public static Caller actingFor(UUID accountId, UUID operatorId, Environment environment, ProviderEvent event) {
        return new Caller(accountId, operatorId, environment, Set.of(), null, ActorType.PROVIDER,
                "provider:" + event.provider(), "provider:" + event.provider() + ":" + event.eventId());
    }

    private Mono<Void> applyOnce(ProviderEvent event) {
        // Unkeyed by account: the event is the provider's, and which account it concerns is found by its handler.
        return received.recordFirst(event.provider(), event.eventId(), event.kind().name(), event.resourceRef())
                .flatMap(first -> first ? dispatch(event) : repeated(event));
    }

    private Mono<Void> repeated(ProviderEvent event) {
        return TraceLogs.log(() -> log.info(
                "Provider event {} {} was received before; nothing to do", event.provider(), event.eventId()));
    }

    private Mono<Void> dispatch(ProviderEvent event) {
        List<ProviderEventHandler> interested = handlers.stream().filter(h -> h.kinds().contains(event.kind()))
                .toList();
        if (interested.isEmpty()) {
            return TraceLogs.log(() -> log.info(
                    "Provider event {} {} ({}) is not one billing acts on; recorded and passed over",
                    event.provider(), event.eventId(), event.kind()));
        }
        return Flux.fromIterable(interested).concatMap(handler -> handler.handle(event)).then();
    }
}
