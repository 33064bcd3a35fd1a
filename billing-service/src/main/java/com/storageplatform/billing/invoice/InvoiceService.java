package com.storageplatform.billing.invoice;

import com.storageplatform.billing.internal.AccountSettings;
import com.storageplatform.billing.internal.Customers;
import com.storageplatform.billing.invoice.Invoice.Line;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.Envelopes;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Mono;

/** Invoices of the caller's account: drafts made by the API, read, listed, finalized, written off, overdue. */
@Service
class InvoiceService {

    /** When a finalized invoice falls due if the draft named no day. */
    static final int DEFAULT_DAYS_TO_PAY = 14;

    private final InvoiceRepository invoices;
    private final InvoiceEvents events;
    private final Customers customers;
    private final AccountSettings settings;
    private final DueDates dueDates;
    private final PlanCustomers planCustomers;
    private final Clock clock;

    InvoiceService(InvoiceRepository invoices, InvoiceEvents events, Customers customers, AccountSettings settings,
            DueDates dueDates, PlanCustomers planCustomers, Clock clock) {
        this.invoices = invoices;
        this.events = events;
        this.customers = customers;
        this.settings = settings;
        this.dueDates = dueDates;
        this.planCustomers = planCustomers;
        this.clock = clock;
    }

    /**
     * A {@code draft} ({@code invoice.created}). The customer must be one billing knows (422 {@code not_found} on
     * {@code contact_id}); the walk-in sales record is billed only by a shop sale. A {@code subscription_id} must
     * name a plan of the account (422 {@code not_found}) of the same customer (422 {@code not_allowed}).
     */
    Mono<Invoice> create(Caller caller, CreateInvoice body) {
        return Mono.defer(() -> {
            Validation v = Validation.start();
            UUID contactId = v.requiredId("contact_id", body.contactId());
            v.require("currency", body.currency()).currency("currency", body.currency());
            UUID subscriptionId = v.optionalId("subscription_id", body.subscriptionId());
            LocalDate dueDate = v.optionalDate("due_date", body.dueDate());
            String method = body.collectionMethod() == null ? Invoice.OFFLINE : body.collectionMethod();
            v.oneOf("collection_method", method, Invoice.COLLECTION_METHODS);
            String description = InvoiceRules.description(v, "description", body.description());
            List<Line> lines = InvoiceRules.lines(v, body.lines());
            return settings.of(caller.accountId()).flatMap(account -> {
                LocalDate today = LocalDate.ofInstant(clock.instant(), account.timezone());
                v.check(dueDate != null && dueDate.isBefore(today), "due_date", "below_minimum");
                Mono<Boolean> known = contactId == null ? Mono.just(true)
                        : customers.find(caller.accountId(), contactId)
                                .map(customer -> {
                                    v.check(customer.walkIn(), "contact_id", "not_allowed");
                                    return true;
                                })
                                .defaultIfEmpty(false);
                Mono<Boolean> plan = subscriptionId == null ? Mono.just(true)
                        : planCustomers.customerOf(caller, subscriptionId)
                                .map(owner -> {
                                    v.check(contactId != null && !owner.equals(contactId), "subscription_id",
                                            "not_allowed");
                                    return true;
                                })
                                .defaultIfEmpty(false);
                return Mono.zip(known, plan).flatMap(found -> {
                    v.check(!found.getT1(), "contact_id", "not_found");
                    v.check(!found.getT2(), "subscription_id", "not_found");
                    v.orThrow();
                    Instant now = clock.instant();
                    long total = lines.stream().mapToLong(Line::totalMinor).sum();
                    Invoice invoice = new Invoice(Ids.newId(), Invoice.OBJECT, contactId, subscriptionId, null,
                            Invoice.SOURCE_API, Invoice.DRAFT, body.currency(), method, description,
                            dueDate == null ? null : dueDates.forMethod(method, dueDate), lines, total,
                            lines.stream().mapToLong(Line::vatMinor).sum(),
                            lines.stream().mapToLong(Line::iptMinor).sum(), 0, 0, 0, total, 0, null, null, null,
                            null, null, null, null, now, now);
                    return invoices.insert(caller, invoice)
                            .then(events.publish(caller, InvoiceEvents.CREATED, invoice));
                });
            });
        });
    }

    Mono<Invoice> read(Caller caller, UUID id) {
        return invoices.find(caller.accountId(), id).switchIfEmpty(Mono.error(ApiException.notFound()));
    }

    Mono<Envelopes.ListOf<Invoice>> list(Caller caller, UUID contactId, UUID subscriptionId, String status,
            PageRequest page) {
        return invoices.list(caller.accountId(), contactId, subscriptionId, status, page);
    }

    /**
     * A draft made {@code open} ({@code invoice.finalized}), due on its {@code due_date} or
     * {@value #DEFAULT_DAYS_TO_PAY} days from today, a Direct Debit's on a working day. An open invoice or later is
     * answered as it is; a void one is 409.
     */
    Mono<Invoice> finalizeDraft(Caller caller, UUID id) {
        return invoices.findForUpdate(caller.accountId(), id)
                .switchIfEmpty(Mono.error(ApiException.notFound()))
                .flatMap(invoice -> {
                    if (Invoice.VOID.equals(invoice.status())) {
                        return Mono.error(ApiException.conflict("This invoice is void; a void invoice cannot be "
                                + "finalized."));
                    }
                    if (!Invoice.DRAFT.equals(invoice.status())) {
                        return Mono.just(invoice);
                    }
                    return settings.of(caller.accountId()).flatMap(account -> {
                        LocalDate today = LocalDate.ofInstant(clock.instant(), account.timezone());
                        LocalDate due = invoice.dueDate() != null && !invoice.dueDate().isBefore(today)
                                ? invoice.dueDate() : today.plusDays(DEFAULT_DAYS_TO_PAY);
                        Instant now = clock.instant();
                        return invoices.finalizeDraft(caller.accountId(), id,
                                        dueDates.forMethod(invoice.collectionMethod(), due), now)
                                .then(invoices.find(caller.accountId(), id))
                                .flatMap(open -> events.publish(caller, InvoiceEvents.FINALIZED, open));
                    });
                });
    }

    /**
     * The debt of an {@code open}, {@code partially_paid} or {@code overdue} invoice written off as bad debt
     * ({@link Balance#writtenOff}; internal {@code invoice.written_off}): nothing is owed any more, the status stays.
     * Once only; refused while a collection is in flight or a sale is taking the debt in, which would pay it.
     */
    Mono<Invoice> writeOff(Caller caller, UUID id, WriteOffInvoice body) {
        return Mono.defer(() -> {
            Validation v = Validation.start();
            v.require("reason", body.reason());
            String reason = InvoiceRules.reason(v, "reason", body.reason());
            v.orThrow();
            return invoices.findForUpdate(caller.accountId(), id)
                    .switchIfEmpty(Mono.error(ApiException.notFound()))
                    .zipWhen(invoice -> invoices.inSale(caller.accountId(), id))
                    .flatMap(found -> {
                        Invoice invoice = found.getT1();
                        if (invoice.isWrittenOff()) {
                            return Mono.error(ApiException.conflict("This invoice's debt was written off already."));
                        }
                        if (!Invoice.PAYABLE.contains(invoice.status())) {
                            return Mono.error(ApiException.conflict("A " + invoice.status() + " invoice has no debt "
                                    + "to write off; only an open, partially paid or overdue one has."));
                        }
                        if (invoice.amountInFlightMinor() > 0) {
                            return Mono.error(ApiException.conflict("A collection for this invoice is in progress "
                                    + "with the payment provider; write the debt off once it has failed."));
                        }
                        if (found.getT2()) {
                            return Mono.error(ApiException.conflict("This invoice's debt is being paid in an open "
                                    + "sale; finish or cancel the sale first."));
                        }
                        Instant now = clock.instant();
                        return invoices.saveWriteOff(caller.accountId(), id, Balance.of(invoice).writtenOff(),
                                        reason, now)
                                .then(invoices.find(caller.accountId(), id))
                                .flatMap(written -> events.publish(caller, InvoiceEvents.WRITTEN_OFF, written));
                    });
        });
    }

    /**
     * The overdue sweep's step for one open invoice, locked by its claim: {@code overdue} when its due day is before
     * {@code today} in its account's time zone and nothing covers it ({@link Balance#overdueOn}), with the internal
     * {@code invoice.updated}; otherwise nothing. Answers whether it moved.
     */
    Mono<Boolean> markOverdue(Caller caller, Invoice invoice, LocalDate today, boolean noticeCovers) {
        Balance after = Balance.of(invoice).overdueOn(invoice.dueDate(), today, noticeCovers);
        if (!Invoice.OVERDUE.equals(after.status())) {
            return Mono.just(false);
        }
        return invoices.saveBalance(caller.accountId(), invoice, after, clock.instant())
                .flatMap(overdue -> events.publish(caller, InvoiceEvents.UPDATED, overdue))
                .thenReturn(true);
    }
}
