package com.storageplatform.crm.message;

import com.storageplatform.crm.message.provider.DeliveryReport;
import com.storageplatform.crm.message.provider.MessageProviders;
import com.storageplatform.kit.caller.ActorType;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.inbox.ProviderEventLog;
import com.storageplatform.kit.tracing.TraceLogs;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The one entry for every delivery report: the providers' endpoint, the simulators and the test helpers all call
 * {@link #receive}, so a simulated report takes exactly the path of a real one. Each event is recorded once on
 * (provider, event id) in {@code message_provider_events}; a new one moves the {@code sent} message it names to
 * {@code delivered} ({@code message.delivered}) or {@code bounced} ({@code message.bounced}), as the message's
 * account with the provider acting. A report about a message that is not {@code sent} (a repeat, a late one, one
 * naming no message of ours) changes nothing and is logged.
 */
@Component
class DeliveryReports {

    private static final Logger log = LoggerFactory.getLogger(DeliveryReports.class);

    private final MessageProviders providers;
    private final MessageRepository messages;
    private final MessageEvents events;
    private final DatabaseClient db;
    private final ProviderEventLog received;
    private final TransactionalOperator tx;
    private final Clock clock;

    DeliveryReports(MessageProviders providers, MessageRepository messages, MessageEvents events, DatabaseClient db,
            TransactionalOperator tx, Clock clock) {
        this.providers = providers;
        this.messages = messages;
        this.events = events;
        this.db = db;
        this.received = new ProviderEventLog(db, clock, "message_provider_events");
        this.tx = tx;
        this.clock = clock;
    }

    /**
     * Verifies the report with the provider's reader, {@code secret} and the {@code url} it was posted to, then
     * applies each new event in one transaction.
     *
     * @return how many events the report carried, repeated ones included
     * @throws com.storageplatform.kit.web.ApiException 404 for an unknown provider, 400 for a bad signature or body
     *                                                  (nothing is recorded)
     */
    Mono<Integer> receive(String provider, String body, String signature, String secret, String url) {
        return Mono.defer(() -> {
            List<DeliveryReport> reports = providers.reader(provider).read(body, signature, secret, url);
            return tx.transactional(Flux.fromIterable(reports).concatMap(this::applyOnce).then())
                    .thenReturn(reports.size());
        });
    }

    /**
     * A report can arrive before the hand-over that made the message {@code sent} commits (a fast provider): it is
     * recorded then, and passed over because the message is not {@code sent} yet. Once it is, the first delivered or
     * bounced report recorded for it is applied here, in its own transaction. Applying only ever moves a
     * {@code sent} message, so a report already applied changes nothing.
     */
    Mono<Void> applyEarly(String provider, String providerMessageId) {
        return tx.transactional(db.sql("""
                        SELECT event_id, kind, received_at FROM message_provider_events
                         WHERE provider = :provider AND resource_ref = :ref AND kind IN ('DELIVERED', 'BOUNCED')
                         ORDER BY received_at, event_id LIMIT 1
                        """)
                .bind("provider", provider)
                .bind("ref", providerMessageId)
                .map(row -> new DeliveryReport(provider, row.get("event_id", String.class),
                        DeliveryReport.Kind.valueOf(row.get("kind", String.class)), providerMessageId,
                        row.get("received_at", Instant.class), null))
                .one()
                .flatMap(this::apply));
    }

    private Mono<Void> applyOnce(DeliveryReport report) {
        // Unkeyed by account: the report is the provider's, and its message, found by the provider's id, says whose.
        return received.recordFirst(report.provider(), report.eventId(), report.kind().name(),
                        report.providerMessageId())
                .flatMap(first -> !first ? passedOver(report, "was received before")
                        : report.kind() == DeliveryReport.Kind.IGNORED ? passedOver(report, "is not one crm acts on")
                        : apply(report));
    }

    private Mono<Void> apply(DeliveryReport report) {
        if (report.providerMessageId() == null) {
            return passedOver(report, "names no message");
        }
        boolean delivered = report.kind() == DeliveryReport.Kind.DELIVERED;
        return messages.findByProviderRefForUpdate(report.provider(), report.providerMessageId())
                .switchIfEmpty(Mono.defer(() -> passedOver(report, "names no message of ours").then(Mono.empty())))
                .flatMap(stored -> {
                    if (!Message.SENT.equals(stored.message().status())) {
                        return passedOver(report, "is about message " + stored.message().id() + ", which is "
                                + stored.message().status());
                    }
                    Caller provider = new Caller(stored.accountId(), stored.operatorId(), stored.environment(),
                            Set.of(), null, ActorType.PROVIDER, "provider:" + report.provider(),
                            "provider:" + report.provider() + ":" + report.eventId());
                    return messages.reported(stored.accountId(), stored.message().id(),
                                    delivered ? Message.DELIVERED : Message.BOUNCED,
                                    delivered ? null : report.reason(), clock.instant())
                            .flatMap(moved -> events.publish(provider,
                                    delivered ? MessageEvents.DELIVERED : MessageEvents.BOUNCED, moved))
                            .then();
                });
    }

    private static Mono<Void> passedOver(DeliveryReport report, String why) {
        return TraceLogs.log(() -> log.info(
                "Delivery report {} {} ({}) {}; nothing to do", report.provider(), report.eventId(), report.kind(),
                why));
    }
}
