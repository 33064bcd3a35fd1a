package com.storageplatform.billing.invoice;

import com.storageplatform.billing.internal.AccountSettings;
import com.storageplatform.kit.caller.ActorType;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.ErrorCode;
import com.storageplatform.kit.web.FieldIssue;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * {@code POST /v1/invoices/{id}/void}, void rules 1 to 5, in the request's one transaction. The invoice's row is
 * locked first, waiting at most {@link #LOCK_WAIT} for another writer (a payment, a credit note, a sweep) before
 * answering 409 {@code invoice_busy} (rule 4); the decision is {@link VoidRules}'; nothing is written before it.
 */
@Service
class VoidService {

    /** How long a void waits for another writer holding the invoice (the spec's void lock wait). */
    static final Duration LOCK_WAIT = Duration.ofSeconds(5);

    private final InvoiceRepository invoices;
    private final InvoiceEvents events;
    private final Deposits deposits;
    private final AccountSettings settings;
    private final ObjectProvider<InvoiceVoidListener> listeners;
    private final Clock clock;

    VoidService(InvoiceRepository invoices, InvoiceEvents events, Deposits deposits, AccountSettings settings,
            ObjectProvider<InvoiceVoidListener> listeners, Clock clock) {
        this.invoices = invoices;
        this.events = events;
        this.deposits = deposits;
        this.settings = settings;
        this.listeners = listeners;
        this.clock = clock;
    }

    /**
     * Voids the invoice, or answers it as it is when it is void already (rule 1, no event). On success (rule 5):
     * {@code void} with {@code voided_from}, {@code voided_at} and, for a member of staff, {@code void_reason}; what
     * was due stays in {@code amount_due_minor}; a refundable deposit never paid is cancelled; every
     * {@link InvoiceVoidListener} is told; {@code invoice.voided}. No email, and no late fee is waived.
     */
    Mono<Invoice> voidInvoice(Caller caller, UUID id, VoidInvoice body) {
        return Mono.defer(() -> {
            String reason = reason(caller, body == null ? VoidInvoice.NONE : body);
            return invoices.findForUpdateWaiting(caller.accountId(), id, LOCK_WAIT, busy())
                    .switchIfEmpty(Mono.error(ApiException.notFound()))
                    .flatMap(invoice -> Mono.zip(invoices.inSale(caller.accountId(), id),
                                    settings.of(caller.accountId()))
                            .flatMap(found -> {
                                VoidRules.Verdict verdict = VoidRules.judge(invoice, found.getT1(),
                                        found.getT2().voidOverdueEnabled());
                                if (verdict.alreadyVoid()) {
                                    return Mono.just(invoice);
                                }
                                if (verdict.refused()) {
                                    return Mono.error(verdict.toException());
                                }
                                return voidNow(caller, invoice,
                                        Invoice.DRAFT.equals(invoice.status()) ? null : reason);
                            }));
        });
    }

    private Mono<Invoice> voidNow(Caller caller, Invoice invoice, String reason) {
        Instant now = clock.instant();
        UUID accountId = caller.accountId();
        List<InvoiceVoidListener> told = listeners.orderedStream().toList();
        return invoices.markVoid(accountId, invoice.id(), invoice.status(), reason, now)
                .then(deposits.move(accountId, invoice.id(), Deposits.AWAITING_PAYMENT, Deposits.CANCELLED, now))
                .then(invoices.find(accountId, invoice.id()))
                .flatMap(voided -> Flux.fromIterable(told)
                        .concatMap(listener -> listener.voided(caller, voided))
                        .then(events.publish(caller, InvoiceEvents.VOIDED, voided)));
    }

    /** The staff's reason, checked; a reason from anyone else is refused, as the API never sets one. */
    private static String reason(Caller caller, VoidInvoice body) {
        if (body.reason() == null) {
            return null;
        }
        if (caller.actorType() != ActorType.STAFF) {
            throw ApiException.invalid("reason", FieldIssue.NOT_ALLOWED, "Only a member of staff in the back "
                    + "office can give a reason for a void; through the API an invoice is voided without one.");
        }
        Validation v = Validation.start();
        InvoiceRules.reason(v, "reason", body.reason());
        v.orThrow();
        return body.reason();
    }

    private static ApiException busy() {
        return new ApiException(ErrorCode.INVOICE_BUSY, "Another request is changing this invoice and held it for "
                + "more than " + LOCK_WAIT.toSeconds() + " seconds, so nothing was written. Retry the void (under a new "
                + "Idempotency-Key if this request had one, which answers this again).");
    }
}
