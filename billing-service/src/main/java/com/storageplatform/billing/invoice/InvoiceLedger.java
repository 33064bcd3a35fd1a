package com.storageplatform.billing.invoice;

import com.storageplatform.billing.internal.AccountSettings;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.web.ApiException;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;
import java.util.function.BiFunction;
import java.util.function.UnaryOperator;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * How money moves against an invoice: the one way payments (and later billing runs and dunning) change what an
 * invoice is owed. Each call locks the invoice's row for the rest of the request's transaction, applies one
 * {@link Balance} step and publishes what it changed ({@code invoice.paid}, {@code invoice.payment_failed},
 * otherwise the internal {@code invoice.updated}). Callers lock the invoice first ({@link #lock}) and judge the
 * payment against it, so two payments racing for the last amount owed queue on the row and the second sees what
 * the first took.
 */
@Component
public class InvoiceLedger {

    private final InvoiceRepository invoices;
    private final InvoiceEvents events;
    private final Deposits deposits;
    private final AccountSettings settings;
    private final Clock clock;

    InvoiceLedger(InvoiceRepository invoices, InvoiceEvents events, Deposits deposits, AccountSettings settings,
            Clock clock) {
        this.invoices = invoices;
        this.events = events;
        this.deposits = deposits;
        this.settings = settings;
        this.clock = clock;
    }

    /** The account's invoice, its row locked; empty when the account has none with that id. */
    public Mono<Invoice> lock(UUID accountId, UUID invoiceId) {
        return invoices.findForUpdate(accountId, invoiceId);
    }

    /** A collection asked of a provider for {@code amountMinor}: in flight until it settles. */
    public Mono<Invoice> collecting(Caller caller, UUID invoiceId, long amountMinor) {
        return step(caller, locked(caller, invoiceId), balance -> balance.collecting(amountMinor), null);
    }

    /**
     * As {@link #collecting(Caller, UUID, long)}, on {@code held}: the invoice this transaction locked and a
     * payment was just judged against, as it now stands, so it is not read again. So are the two below.
     */
    public Mono<Invoice> collecting(Caller caller, Invoice held, long amountMinor) {
        return step(caller, Mono.just(held), balance -> balance.collecting(amountMinor), null);
    }

    /** Money collected: settling a collection in flight ({@code wasInFlight}) or recorded at once. */
    public Mono<Invoice> collected(Caller caller, UUID invoiceId, long amountMinor, boolean wasInFlight) {
        return step(caller, locked(caller, invoiceId), balance -> balance.collected(amountMinor, wasInFlight),
                null);
    }

    /** Money taken at once from {@code held} (see {@link #collecting(Caller, Invoice, long)}). */
    public Mono<Invoice> collected(Caller caller, Invoice held, long amountMinor) {
        return step(caller, Mono.just(held), balance -> balance.collected(amountMinor, false), null);
    }

    /**
     * A collection attempt that failed ({@code invoice.payment_failed}): a collection in flight of
     * {@code amountMinor} ends, or (0) a charge refused at once; the invoice is owed as before.
     */
    public Mono<Invoice> collectionFailed(Caller caller, UUID invoiceId, long amountMinor) {
        return datedStep(caller, locked(caller, invoiceId), (balance, today) -> balance.collectionFailed(amountMinor),
                InvoiceEvents.PAYMENT_FAILED, true);
    }

    /** A charge of {@code held} refused at once (see {@link #collecting(Caller, Invoice, long)}). */
    public Mono<Invoice> chargeRefused(Caller caller, Invoice held) {
        return datedStep(caller, Mono.just(held), (balance, today) -> balance.collectionFailed(0),
                InvoiceEvents.PAYMENT_FAILED, true);
    }

    /** Collected money returned by the bank (failure after confirmation, late failure, chargeback): reopened. */
    public Mono<Invoice> reversed(Caller caller, UUID invoiceId, long amountMinor) {
        return datedStep(caller, locked(caller, invoiceId), (balance, today) -> balance.reversed(amountMinor), null,
                true);
    }

    /**
     * A Direct Debit advance notice told the customer {@code amountMinor} will be taken on {@code chargeDate}:
     * recorded, and an overdue invoice is open again while it covers exactly what is owed and its day is ahead.
     * {@code held}: the invoice this transaction locked, as it now stands (the notice's columns are not in it).
     */
    public Mono<Invoice> noticed(Caller caller, Invoice held, long amountMinor, LocalDate chargeDate) {
        return invoices.saveNotice(caller.accountId(), held.id(), chargeDate, amountMinor, clock.instant())
                .then(datedStep(caller, Mono.just(held),
                        (balance, today) -> balance.noticed(amountMinor, chargeDate, today), null, false));
    }

    /**
     * A credit note of {@code amountMinor} against the invoice ({@link Balance#credited}): what is owed falls, and an
     * invoice with nothing left owed is {@code paid} ({@code invoice.paid}). The caller judged the amount against
     * what the invoice owes, its row locked.
     */
    public Mono<Invoice> credited(Caller caller, UUID invoiceId, long amountMinor) {
        return step(caller, locked(caller, invoiceId), balance -> balance.credited(amountMinor), null);
    }

    /**
     * A credit note of {@code amountMinor} for items returned from a sale ({@link Balance#creditedForReturn}): it
     * first covers what is still owed; the rest comes off {@code amount_paid_minor}, money the desk pays back.
     */
    public Mono<Invoice> creditedForReturn(Caller caller, UUID invoiceId, long amountMinor) {
        return step(caller, locked(caller, invoiceId), balance -> balance.creditedForReturn(amountMinor), null);
    }

    /**
     * Whether a sale has taken the invoice's debt in ({@code in_sale_id}): a void of it is refused meanwhile
     * ({@code invoice_debt_in_sale}), and so are a write-off and another sale taking it in.
     */
    public Mono<Boolean> inSale(UUID accountId, UUID invoiceId) {
        return invoices.inSale(accountId, invoiceId);
    }

    /**
     * The debts of {@code invoiceIds} taken into the sale {@code saleId}, to be paid with it, until
     * {@link #releaseFromSale}. The caller locked each invoice and judged that no sale has it.
     */
    public Mono<Void> takeIntoSale(UUID accountId, UUID saleId, List<UUID> invoiceIds) {
        return invoiceIds.isEmpty() ? Mono.empty() : invoices.markInSale(accountId, saleId, invoiceIds);
    }

    /** The sale {@code saleId} is over: no invoice's debt is in it any more. */
    public Mono<Void> releaseFromSale(UUID accountId, UUID saleId) {
        return invoices.clearSale(accountId, saleId);
    }

    /**
     * {@code quantity} more of the line at {@code position} (from 0) of a shop sale's invoice were returned
     * ({@code returned_quantity}), never beyond the line's quantity: the caller locked the invoice and judged what
     * is left to return, so a line that would go beyond is a caller's bug.
     */
    public Mono<Void> returned(UUID accountId, UUID invoiceId, int position, int quantity) {
        return invoices.addReturned(accountId, invoiceId, position, quantity)
                .flatMap(updated -> updated == 1 ? Mono.<Void>empty()
                        : Mono.error(new IllegalStateException("Line " + position + " of invoice " + invoiceId
                                + " has fewer than " + quantity + " left to return")));
    }

    /** The charge date the invoice's Direct Debit advance notice named (payments rule 6); empty without one. */
    public Mono<LocalDate> noticedChargeDate(UUID accountId, UUID invoiceId) {
        return invoices.noticeChargeDate(accountId, invoiceId);
    }

    /** The account's invoice, its row locked; {@code not_found} when it has none with that id. */
    private Mono<Invoice> locked(Caller caller, UUID invoiceId) {
        return invoices.findForUpdate(caller.accountId(), invoiceId)
                .switchIfEmpty(Mono.error(ApiException.notFound("invoice")));
    }

    /**
     * A change of the balance of {@code current} (the invoice locked by this transaction, as it now stands) that
     * does not depend on the day: the account's settings, which only give its today, are not read.
     */
    private Mono<Invoice> step(Caller caller, Mono<Invoice> current, UnaryOperator<Balance> change,
            String alwaysPublish) {
        return current.flatMap(before -> saved(caller, before, change.apply(Balance.of(before)), alwaysPublish));
    }

    /** As {@link #step}, for a change that depends on the account's today; {@code judgeOverdue} as the sweep would. */
    private Mono<Invoice> datedStep(Caller caller, Mono<Invoice> current,
            BiFunction<Balance, LocalDate, Balance> change, String alwaysPublish, boolean judgeOverdue) {
        return current
                .zipWith(settings.of(caller.accountId()))
                .flatMap(found -> {
                    Invoice before = found.getT1();
                    LocalDate today = LocalDate.ofInstant(clock.instant(), found.getT2().timezone());
                    Balance after = change.apply(Balance.of(before), today);
                    if (judgeOverdue) {
                        // Owed again: overdue at once when its day has passed, as the sweep would make it.
                        after = after.overdueOn(before.dueDate(), today, false);
                    }
                    return saved(caller, before, after, alwaysPublish);
                });
    }

    /** The balance written, the deposit following the invoice, and the event the change calls for. */
    private Mono<Invoice> saved(Caller caller, Invoice before, Balance after, String alwaysPublish) {
        Instant now = clock.instant();
        return invoices.saveBalance(caller.accountId(), before, after, now)
                .flatMap(saved -> deposits.follow(caller.accountId(), before, saved, now).thenReturn(saved))
                .flatMap(saved -> alwaysPublish != null
                        ? events.publish(caller, alwaysPublish, saved)
                        : events.changed(caller, before, saved));
    }

    /** Whether one of the plan's invoices is {@code overdue} (the plan is then {@code past_due}). */
    public Mono<Boolean> planHasOverdue(UUID accountId, UUID subscriptionId) {
        return invoices.anyOverdueOfPlan(accountId, subscriptionId);
    }
}
