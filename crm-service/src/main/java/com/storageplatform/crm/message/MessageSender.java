package com.storageplatform.crm.message;

import com.storageplatform.crm.internal.Customers;
import com.storageplatform.crm.internal.Records;
import com.storageplatform.crm.message.MessageRepository.Stored;
import com.storageplatform.crm.message.MessageRules.Block;
import com.storageplatform.crm.message.MessageRules.NoAddress;
import com.storageplatform.crm.message.MessageRules.Send;
import com.storageplatform.crm.message.MessageRules.Verdict;
import com.storageplatform.crm.message.provider.Handover;
import com.storageplatform.crm.message.provider.MessageProvider;
import com.storageplatform.crm.message.provider.MessageProviders;
import com.storageplatform.crm.message.provider.Outgoing;
import com.storageplatform.crm.message.provider.SimulatedReports;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.inbox.EventData;
import com.storageplatform.kit.polling.LeasedWorkLoop;
import com.storageplatform.kit.polling.WakeUpSignal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.stereotype.Component;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Hands queued messages to their providers, after the commit that stored them (woken by it) or when they fall due
 * (every poll). Each turn leases due messages of every account ({@code SKIP LOCKED}, so replicas share the work),
 * then, for each, outside any transaction: judges it again against the contact and the record it is about as they
 * are now (a notice to the operator against its fixed address), hands it over, and records what happened in a
 * short transaction of its own.
 *
 * <ul>
 *   <li>taken: {@code sent} with the provider's id ({@code message.sent}); a simulator's report follows at once
 *       through {@link DeliveryReports}, the path of a real one;</li>
 *   <li>refused for good: {@code failed} with the provider's reason;</li>
 *   <li>provider unavailable: queued again after 1, 2, 4, 8 minutes ({@link SendingSettings}), then {@code failed};
 *       the message is never lost, and never tried without bound;</li>
 *   <li>no longer to be sent: {@code blocked} ({@code marketing_refused}, {@code address_reserved},
 *       {@code no_longer_due}: a unit-ready email's agreement terminated or held, a dunning email's case closed) or {@code failed} (the contact has no address now, or the channel is not set up).</li>
 * </ul>
 *
 * A sender that stops mid-hand-over leaves the message leased; once the lease ends it is tried again.
 */
@Component
class MessageSender extends LeasedWorkLoop<Stored> {

    private static final String CREDENTIAL = "crm:message-sender";
    private static final int CONCURRENCY = 4;

    private final MessageRepository messages;
    private final MessageEvents events;
    private final Customers customers;
    private final Records records;
    private final DunningEmails dunning;
    private final MessageProviders providers;
    private final DeliveryReports reports;
    private final TransactionalOperator tx;
    private final Clock clock;
    private final SendingSettings settings;

    MessageSender(MessageRepository messages, MessageEvents events, Customers customers, Records records,
            DunningEmails dunning, MessageProviders providers, DeliveryReports reports, TransactionalOperator tx,
            Clock clock, SendingSettings settings, @Qualifier("messageSignal") WakeUpSignal signal) {
        super("message sender", settings.pollInterval(), signal, clock, settings.lease(), settings.batch(),
                CONCURRENCY);
        this.messages = messages;
        this.events = events;
        this.customers = customers;
        this.records = records;
        this.dunning = dunning;
        this.providers = providers;
        this.reports = reports;
        this.tx = tx;
        this.clock = clock;
        this.settings = settings;
    }

    @Override
    protected Flux<Stored> claimDue(Instant now, Instant leaseEnds, int batch) {
        return messages.claimDue(now, leaseEnds, batch);
    }

    @Override
    protected Mono<?> handle(Stored item) {
        return handOver(item);
    }

    @Override
    protected String describe(Stored item) {
        return "Message " + item.message().id() + " of account " + item.accountId();
    }

    private Mono<Void> handOver(Stored stored) {
        Message message = stored.message();
        Caller sender = stored.actingAs(CREDENTIAL, "msg_" + message.id().toString().replace("-", ""));
        return verdictNow(stored).flatMap(verdict -> {
            if (verdict instanceof Block block) {
                return end(stored, Message.BLOCKED, block.reason(), null, block.to(), null);
            }
            if (verdict instanceof NoAddress) {
                return end(stored, Message.FAILED, null, Message.EMAIL.equals(message.channel())
                        ? "The contact has no email address." : "The contact has no phone number.", null, null);
            }
            String to = verdict.to();
            MessageProvider provider = providers.of(stored.environment(), message.channel()).orElse(null);
            if (provider == null) {
                return end(stored, Message.FAILED, null, MessageProviders.notSetUp(message.channel()), to, null);
            }
            return provider.send(new Outgoing(message.id(), message.channel(), to, message.subject(),
                            message.body()))
                    .flatMap(handover -> record(stored, sender, to, handover));
        });
    }

    /**
     * The message judged as things are now: the contact's address and marketing answer, and whether the record it
     * is about still calls for it ({@link #stillDue}). A notice to the operator has no contact: its address was
     * fixed when it was made.
     */
    private Mono<Verdict> verdictNow(Stored stored) {
        Message message = stored.message();
        if (message.contactId() == null) {
            return Mono.just(MessageRules.judge(message.channel(), message.to()));
        }
        return customers.contact(stored.accountId(), message.contactId())
                .map(contact -> MessageRules.judge(message.channel(), message.kind(), contact))
                .defaultIfEmpty(new NoAddress())
                .flatMap(verdict -> !(verdict instanceof Send) ? Mono.just(verdict)
                        : stillDue(stored.accountId(), message).map(due -> due ? verdict
                                : new Block(Message.NO_LONGER_DUE, verdict.to())));
    }

    /**
     * Whether the record an email is about still calls for it: the unit-ready email's agreement not terminated and
     * its access not held; a dunning email's collections case not closed. Always, for the others.
     */
    private Mono<Boolean> stillDue(UUID accountId, Message message) {
        if (Message.UNIT_READY.equals(message.template())) {
            return records.agreement(accountId, message.relatedId())
                    .map(agreement -> UnitReadyEmails.stillDue(EventData.text(agreement, "status"),
                            EventData.text(agreement, "access_status")))
                    .defaultIfEmpty(true);
        }
        if (DunningEmails.isDunning(message.template())) {
            return dunning.stillDue(accountId, message.relatedId());
        }
        return Mono.just(true);
    }

    private Mono<Void> record(Stored stored, Caller sender, String to, Handover handover) {
        Instant now = clock.instant();
        if (handover instanceof Handover.Accepted taken) {
            return tx.transactional(messages.sent(stored.accountId(), stored.message().id(), to, taken.provider(),
                            taken.providerMessageId(), now)
                    .flatMap(sent -> events.publish(sender, MessageEvents.SENT, sent)))
                    .then(Mono.defer(() -> reports.applyEarly(taken.provider(), taken.providerMessageId())))
                    .then(Mono.defer(() -> simulatedReport(taken)));
        }
        if (handover instanceof Handover.Refused refused) {
            return end(stored, Message.FAILED, null, refused.reason(), to, refused.provider());
        }
        Handover.Unavailable unavailable = (Handover.Unavailable) handover;
        Duration wait = settings.retryAfter(stored.attempts());
        if (wait == null) {
            return end(stored, Message.FAILED, null, "The provider was unavailable at each of " + stored.attempts()
                    + " attempts; the last said: " + unavailable.reason(), to, unavailable.provider());
        }
        return tx.transactional(messages.retryAt(stored.accountId(), stored.message().id(), now.plus(wait),
                unavailable.reason(), now));
    }

    /** The report a simulator sends for a message it took, through the path of every provider's report. */
    private Mono<Void> simulatedReport(Handover.Accepted taken) {
        if (taken.simulatedReport() == null) {
            return Mono.empty();
        }
        SimulatedReports.Signed signed = providers.simulated().report(taken.provider(), taken.providerMessageId(),
                taken.simulatedReport());
        return reports.receive(signed.provider(), signed.body(), signed.signature(), signed.secret(), signed.url())
                .then();
    }

    private Mono<Void> end(Stored stored, String status, String blockedReason, String failureReason, String to,
            String provider) {
        return tx.transactional(messages.ended(stored.accountId(), stored.message().id(), status, blockedReason,
                failureReason, to, provider, clock.instant())).then();
    }
}
