package com.storageplatform.billing.accounting;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.polling.LeasedWorkLoop;
import com.storageplatform.kit.polling.WakeUpSignal;
import com.storageplatform.kit.web.ApiException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.core.NestedExceptionUtils;
import org.springframework.stereotype.Component;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Pushes pending rows to the account's {@link AccountingLedger}, after the commit that queued them (woken by it),
 * when they fall due (every poll), and again at once after a turn that pushed some (an invoice's next row waits for
 * the one before it). Each turn leases due rows of every account ({@code SKIP LOCKED}, so replicas share the work),
 * then, for each, outside any transaction: finds the ledger, pushes, and records what happened in a short
 * transaction of its own with its event.
 * <ul>
 *   <li>booked: {@code synced}, {@code accounting.synced};</li>
 *   <li>refused: {@code failed} at once with the system's reason, {@code accounting.failed};</li>
 *   <li>unavailable (the system, or crm's read of the connection): pending again after 1, 2, 4, 8, 16 minutes
 *       ({@link SyncSettings}), then {@code failed}, {@code accounting.failed};</li>
 *   <li>a live account with no accounting connection in service: {@code skipped} ({@code no_connection}), no
 *       event: nothing is pushed, and nothing failed;</li>
 *   <li>a void, payment or credit note of an invoice whose own push failed or was skipped: the same, with
 *       {@code not_pushed} (a void of an invoice the system never booked has nothing to void).</li>
 * </ul>
 * A sender that stops mid-push leaves the row leased; once the lease ends it is pushed again, with the same subject,
 * which the adapter keys so the system does not book it twice.
 */
@Component
class SyncSender extends LeasedWorkLoop<SyncItem> {

    private static final Logger log = LoggerFactory.getLogger(SyncSender.class);
    private static final int CONCURRENCY = 4;

    private final SyncRepository syncs;
    private final AccountingLedgers ledgers;
    private final AccountingEvents events;
    private final TransactionalOperator tx;
    private final Clock clock;
    private final SyncSettings settings;

    SyncSender(SyncRepository syncs, AccountingLedgers ledgers, AccountingEvents events, TransactionalOperator tx,
            Clock clock, SyncSettings settings, @Qualifier("accountingSyncSignal") WakeUpSignal signal) {
        super("accounting sync sender", settings.pollInterval(), signal, clock, settings.lease(), settings.batch(),
                CONCURRENCY);
        this.syncs = syncs;
        this.ledgers = ledgers;
        this.events = events;
        this.tx = tx;
        this.clock = clock;
        this.settings = settings;
    }

    @Override
    protected Flux<SyncItem> claimDue(Instant now, Instant leaseEnds, int batch) {
        return syncs.claimDue(now, leaseEnds, batch);
    }

    @Override
    protected Mono<?> handle(SyncItem item) {
        return push(item);
    }

    @Override
    protected String describe(SyncItem item) {
        return "Accounting sync " + item.id() + " (" + item.describe() + ") of account " + item.accountId();
    }

    private Mono<Void> push(SyncItem item) {
        return ledgers.of(item.actingCaller())
                .map(Resolved::found)
                .defaultIfEmpty(Resolved.NONE)
                .onErrorResume(failure -> Mono.just(Resolved.down(new Pushed.Unavailable("crm",
                        "The account's accounting connection could not be read: " + message(failure)))))
                .flatMap(resolved -> {
                    if (resolved.unavailable != null) {
                        return record(item, resolved.unavailable);
                    }
                    if (resolved.ledger == null) {
                        log.info("Accounting sync {} ({}) of account {} skipped: no accounting connection in service",
                                item.id(), item.describe(), item.accountId());
                        return end(item, AccountingSync.SKIPPED, null, AccountingSync.NO_CONNECTION,
                                "The account has no accounting connection in service: nothing was pushed.");
                    }
                    return afterItsInvoice(item, resolved.ledger);
                });
    }

    /** A row of an invoice's payment, credit note or void goes with what became of the invoice's own push. */
    private Mono<Void> afterItsInvoice(SyncItem item, AccountingLedger ledger) {
        boolean isTheIssue = AccountingSync.INVOICE.equals(item.subjectType())
                && AccountingSync.ISSUED.equals(item.action());
        if (item.invoiceId() == null || isTheIssue) {
            return pushTo(ledger, item, null);
        }
        return syncs.issueOf(item.accountId(), item.invoiceId())
                .flatMap(issue -> switch (issue.status()) {
                    case AccountingSync.SYNCED -> pushTo(ledger, item, issue.externalId());
                    case AccountingSync.PENDING -> record(item, new Pushed.Unavailable(ledger.provider(),
                            "The invoice's own push is still waiting."));
                    default -> end(item, issue.status(), issue.provider(), AccountingSync.NOT_PUSHED,
                            "The invoice was not pushed to the accounting system (" + issue.reasonCode()
                                    + "), so this was not pushed either.");
                })
                // An invoice issued before the sync existed: its payments and credit notes go on their own.
                .switchIfEmpty(Mono.defer(() -> pushTo(ledger, item, null)));
    }

    private Mono<Void> pushTo(AccountingLedger ledger, SyncItem item, String invoiceExternalId) {
        return ledger.push(item.entry(invoiceExternalId))
                .onErrorResume(failure -> Mono.just(outcomeOf(ledger.provider(), failure)))
                .flatMap(pushed -> record(item, pushed)
                        .then(ledgers.report(item.actingCaller(), ledger.connectionId(), pushed)));
    }

    /** An adapter's failure in the platform's words: a 4xx is the system's refusal, anything else an outage. */
    private static Pushed outcomeOf(String provider, Throwable failure) {
        if (failure instanceof ApiException api && api.status().is4xxClientError()) {
            return new Pushed.Refused(provider, api.getMessage());
        }
        return new Pushed.Unavailable(provider, message(failure));
    }

    private Mono<Void> record(SyncItem item, Pushed pushed) {
        Instant now = clock.instant();
        if (pushed instanceof Pushed.Synced synced) {
            return tx.transactional(syncs.synced(item.accountId(), item.id(), synced.provider(), synced.externalId(),
                    now).flatMap(sync -> events.settled(item.actingCaller(), sync)));
        }
        if (pushed instanceof Pushed.Refused refused) {
            log.warn("Accounting sync {} ({}) of account {} was refused by {}: {}", item.id(), item.describe(),
                    item.accountId(), refused.provider(), refused.reason());
            return end(item, AccountingSync.FAILED, refused.provider(), AccountingSync.REFUSED, refused.reason());
        }
        Pushed.Unavailable unavailable = (Pushed.Unavailable) pushed;
        Duration wait = settings.retryAfter(item.attempts());
        if (wait == null) {
            log.warn("Accounting sync {} ({}) of account {} failed: {} was unavailable at each of {} attempts",
                    item.id(), item.describe(), item.accountId(), unavailable.provider(), item.attempts());
            return end(item, AccountingSync.FAILED, unavailable.provider(), AccountingSync.UNAVAILABLE,
                    "The accounting system was unavailable at each of " + item.attempts()
                            + " attempts; the last said: " + unavailable.reason());
        }
        return tx.transactional(syncs.retryAt(item.accountId(), item.id(), now.plus(wait), unavailable.reason(),
                now));
    }

    private Mono<Void> end(SyncItem item, String status, String provider, String reasonCode, String reason) {
        Caller caller = item.actingCaller();
        return tx.transactional(syncs.ended(item.accountId(), item.id(), status, provider, reasonCode, reason,
                clock.instant()).flatMap(sync -> events.settled(caller, sync)));
    }

    private static String message(Throwable failure) {
        return String.valueOf(NestedExceptionUtils.getMostSpecificCause(failure).getMessage());
    }

    /** The ledger found (null: no connection), or why it could not be looked up. */
    private record Resolved(AccountingLedger ledger, Pushed.Unavailable unavailable) {

        static final Resolved NONE = new Resolved(null, null);

        static Resolved found(AccountingLedger ledger) {
            return new Resolved(ledger, null);
        }

        static Resolved down(Pushed.Unavailable unavailable) {
            return new Resolved(null, unavailable);
        }
    }
}
