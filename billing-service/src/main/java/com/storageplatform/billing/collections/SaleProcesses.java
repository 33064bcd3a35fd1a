package com.storageplatform.billing.collections;

import com.storageplatform.billing.collections.SaleProcess.Notice;
import com.storageplatform.billing.internal.AccountSettings;
import com.storageplatform.billing.internal.Records;
import com.storageplatform.billing.invoice.Invoice;
import com.storageplatform.billing.invoice.InvoiceLedger;
import com.storageplatform.billing.invoice.OverdueInvoices;
import com.storageplatform.billing.payment.DeskPayments;
import com.storageplatform.billing.payment.Payment;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.SiteAccess;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.inbox.EventData;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.Envelopes;
import com.storageplatform.kit.web.FieldIssue;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * Lien sales (docs/api/collections.md, "Lien sale"): a process opened for a customer's debt once their arrears case
 * has taken its ladder's last step, which takes the customer's overdue invoices in ({@link InvoiceLedger#takeIntoSale}:
 * a void or write-off of them is refused while it is open), sends the notice of intention to sell and its reminders
 * on their days ({@code sale_process.notice_due}, emailed by crm), and ends sold (the proceeds paid against the
 * debt, oldest invoice first, as offline payments through {@link DeskPayments}) or closed (withdrawn by the operator,
 * or paid: the case closed). The overlock stays: only the case closing releases it.
 */
@Service
class SaleProcesses {

    private final SaleProcessRepository processes;
    private final CaseRepository cases;
    private final LadderRepository ladders;
    private final OverdueInvoices overdue;
    private final InvoiceLedger ledger;
    private final DeskPayments desk;
    private final Records records;
    private final AccountSettings settings;
    private final SaleProcessEvents events;
    private final Clock clock;

    SaleProcesses(SaleProcessRepository processes, CaseRepository cases, LadderRepository ladders,
            OverdueInvoices overdue, InvoiceLedger ledger, DeskPayments desk, Records records,
            AccountSettings settings, SaleProcessEvents events, Clock clock) {
        this.processes = processes;
        this.cases = cases;
        this.ladders = ladders;
        this.overdue = overdue;
        this.ledger = ledger;
        this.desk = desk;
        this.records = records;
        this.settings = settings;
        this.events = events;
        this.clock = clock;
    }

    /**
     * A process for the debt of the agreement's customer: the agreement must be the account's (422) and hold a unit
     * (409), the customer's open arrears case (the oldest, when in several currencies) must have taken its ladder's
     * last step (409 saying which step it is at), and the agreement have no open process (409). Its overdue invoices
     * not in another sale are taken in (409 when none is left); the notice of intention to sell goes out at once.
     * Locks: the invoices (in id order), then the case, the order a void takes them in.
     */
    Mono<SaleProcess> open(Caller caller, SaleProcessBodies.Open body) {
        return Mono.defer(() -> {
            Validation v = Validation.start();
            UUID agreementId = v.requiredId("agreement_id", body == null ? null : body.agreementId());
            v.orThrow();
            UUID accountId = caller.accountId();
            return records.agreement(accountId, agreementId)
                    .switchIfEmpty(Mono.error(() -> ApiException.invalid("agreement_id", FieldIssue.NOT_FOUND)))
                    .flatMap(agreement -> {
                        SiteAccess.require(caller, EventData.id(agreement, "site_id"));
                        if (!Records.holdsUnit(agreement)) {
                            return Mono.error(ApiException.conflict("This agreement holds no unit whose goods "
                                    + "could be sold (it is " + agreement.path("status").asString("") + ")."));
                        }
                        UUID contactId = EventData.id(agreement, "contact_id");
                        return processes.oldestOpenCase(accountId, contactId)
                                .switchIfEmpty(Mono.error(() -> ApiException.conflict("The customer has no open "
                                        + "arrears case: a sale is opened only for a debt the dunning ladder has "
                                        + "run its course on.")))
                                .flatMap(caseId -> cases.find(accountId, caseId))
                                .flatMap(found -> lockDebts(accountId, contactId, found.currency())
                                        .flatMap(debts -> cases.findForUpdate(accountId, found.id())
                                                .flatMap(row -> open(caller, agreement, row, debts))));
                    });
        });
    }

    /** The customer's overdue invoices in {@code currency}, locked in id order and read again under the lock. */
    private Mono<List<Invoice>> lockDebts(UUID accountId, UUID contactId, String currency) {
        return overdue.of(accountId, contactId, currency)
                .flatMapMany(found -> Flux.fromIterable(found.stream().map(Invoice::id).sorted().toList()))
                .concatMap(id -> ledger.lock(accountId, id))
                .filter(invoice -> Invoice.OVERDUE.equals(invoice.status()) && invoice.amountDueMinor() > 0)
                .concatMap(invoice -> ledger.inSale(accountId, invoice.id()).filter(inSale -> !inSale)
                        .map(free -> invoice))
                .sort(Comparator.comparing(Invoice::dueDate).thenComparing(Invoice::id))
                .collectList();
    }

    private Mono<SaleProcess> open(Caller caller, JsonNode agreement, CaseRow row, List<Invoice> debts) {
        UUID accountId = caller.accountId();
        UUID agreementId = EventData.id(agreement, "id");
        if (!row.isOpen()) {
            return Mono.error(ApiException.conflict("The customer's arrears case closed meanwhile: nothing is "
                    + "overdue."));
        }
        String refusal = SaleRules.notAtLastStep(row.ladder(), row.lastStep());
        if (refusal != null) {
            return Mono.error(ApiException.conflict(refusal));
        }
        return processes.openOfAgreement(accountId, agreementId)
                .flatMap(open -> Mono.<SaleProcess>error(ApiException.conflict("Sale process " + open
                        + " is open already for this agreement; sell or close it first.")))
                .switchIfEmpty(Mono.defer(() -> {
                    if (debts.isEmpty()) {
                        return Mono.error(ApiException.conflict("Every overdue invoice of the customer is in "
                                + "another open sale already."));
                    }
                    return Mono.zip(settings.of(accountId), ladders.saleNotice(accountId)).flatMap(found -> {
                        LocalDate today = LocalDate.ofInstant(clock.instant(), found.getT1().timezone());
                        Instant now = clock.instant();
                        SaleProcess process = new SaleProcess(Ids.newId(), SaleProcess.OBJECT, row.contactId(),
                                agreementId, EventData.id(agreement, "unit_id"), EventData.id(agreement, "site_id"),
                                row.id(), SaleProcess.OPEN, SaleRules.owed(debts), row.currency(),
                                debts.stream().map(Invoice::id).toList(), SaleRules.notices(found.getT2(), today),
                                SaleRules.saleDate(found.getT2(), today), null, null, null, null, null, now, null,
                                null, now, now);
                        return processes.insert(caller, process)
                                .flatMap(inserted -> !inserted ? Mono.error(ApiException.conflict("A sale process "
                                        + "was opened for this agreement a moment ago; sell or close it first."))
                                        : ledger.takeIntoSale(accountId, process.id(), process.invoiceIds())
                                                .then(read(caller, process.id()))
                                                .flatMap(opened -> events.publish(caller, SaleProcessEvents.OPENED,
                                                        opened))
                                                .then(sendDue(caller, process.id(), today))
                                                .then(read(caller, process.id())));
                    });
                }));
    }

    /**
     * Records the sale ({@code sold_on} not before the sale date: 409; not after today: 422): the proceeds are paid
     * against the invoices oldest first as offline payments ({@code other}, referenced "Lien sale" and the process),
     * what they leave over is the surplus owed to the customer, what the debt still owes the shortfall; the invoices
     * are released from the sale.
     */
    Mono<SaleProcess> sell(Caller caller, UUID id, SaleProcessBodies.Sell body) {
        return Mono.defer(() -> {
            Validation v = Validation.start();
            v.require("sold_on", body == null ? null : body.soldOn());
            LocalDate soldOn = v.optionalDate("sold_on", body == null ? null : body.soldOn());
            Long proceeds = body == null ? null : body.proceedsMinor();
            v.require("proceeds_minor", proceeds).min("proceeds_minor", proceeds, 0);
            v.orThrow();
            UUID accountId = caller.accountId();
            return openForUpdate(caller, id).zipWith(settings.of(accountId)).flatMap(found -> {
                SaleProcess process = found.getT1();
                LocalDate today = LocalDate.ofInstant(clock.instant(), found.getT2().timezone());
                if (soldOn.isBefore(process.saleDate())) {
                    return Mono.error(ApiException.conflict("The notices state the goods will not be sold before "
                            + process.saleDate() + "; a sale on " + soldOn + " cannot be recorded."));
                }
                if (soldOn.isAfter(today)) {
                    throw ApiException.invalid("sold_on", FieldIssue.ABOVE_MAXIMUM, "sold_on is after today ("
                            + today + "): record a sale once it has been made.");
                }
                return lockInvoices(accountId, process.invoiceIds()).flatMap(invoices -> {
                    long owed = SaleRules.owed(invoices);
                    List<DeskPayments.Due> dues = SaleRules.apply(proceeds, invoices).stream()
                            .map(p -> new DeskPayments.Due(p.invoiceId(), p.amountMinor())).toList();
                    long applied = dues.stream().mapToLong(DeskPayments.Due::amountMinor).sum();
                    DeskPayments.Tender tender = new DeskPayments.Tender(Payment.OFFLINE, Payment.OTHER,
                            "Lien sale " + process.id(), null, null);
                    return desk.charge(caller, process.contactId(), process.currency(), tender, dues, "proceeds_minor")
                            .flatMap(charged -> desk.record(caller, charged))
                            .then(ledger.releaseFromSale(accountId, process.id()))
                            .then(processes.sold(accountId, process.id(), owed, soldOn, proceeds, proceeds - applied,
                                    owed - applied, clock.instant()))
                            .then(read(caller, process.id()))
                            .flatMap(sold -> events.publish(caller, SaleProcessEvents.SOLD, sold));
                });
            });
        });
    }

    /** Closed by the operator ({@code reason} {@code withdrawn}): the invoices are released; the overlock stays. */
    Mono<SaleProcess> close(Caller caller, UUID id, SaleProcessBodies.Close body) {
        return Mono.defer(() -> {
            String reason = body == null ? null : body.reason();
            Validation v = Validation.start();
            v.require("reason", reason);
            if (SaleProcess.PAID.equals(reason)) {
                throw ApiException.invalid("reason", FieldIssue.NOT_ALLOWED, "A sale process closes as paid by "
                        + "itself, when the customer has paid everything; send withdrawn to stop it.");
            }
            v.oneOf("reason", reason, List.of(SaleProcess.WITHDRAWN)).orThrow();
            return openForUpdate(caller, id).flatMap(process -> closeNow(caller, process, SaleProcess.WITHDRAWN));
        });
    }

    /**
     * The customer paid: each of their open processes whose invoices owe nothing any more closes as {@code paid}.
     * One whose invoices still owe something stays open, holding them.
     */
    Mono<Void> settle(Caller caller, UUID contactId) {
        UUID accountId = caller.accountId();
        return processes.openOfContact(accountId, contactId)
                .concatMap(id -> processes.findForUpdate(accountId, id)
                        .filter(p -> SaleProcess.OPEN.equals(p.status()))
                        .filterWhen(p -> overdue.now(accountId, p.invoiceIds())
                                .map(invoices -> SaleRules.owed(invoices) == 0))
                        .flatMap(p -> closeNow(caller, p, SaleProcess.PAID)))
                .then();
    }

    private Mono<SaleProcess> closeNow(Caller caller, SaleProcess process, String reason) {
        UUID accountId = caller.accountId();
        return overdue.now(accountId, process.invoiceIds())
                .flatMap(invoices -> ledger.releaseFromSale(accountId, process.id())
                        .then(processes.closed(accountId, process.id(), SaleRules.owed(invoices), reason,
                                clock.instant())))
                .then(read(caller, process.id()))
                .flatMap(closed -> events.publish(caller, SaleProcessEvents.CLOSED, closed));
    }

    /**
     * Publishes {@code sale_process.notice_due} for each of the open process's notices due by {@code today} and not
     * sent, in order, each once (its {@code sent_at} set in the same transaction). Answers how many went out.
     */
    Mono<Long> sendDue(Caller caller, UUID id, LocalDate today) {
        UUID accountId = caller.accountId();
        return processes.findForUpdate(accountId, id)
                .filter(p -> SaleProcess.OPEN.equals(p.status()))
                .flatMapMany(p -> Flux.fromIterable(p.notices())
                        .filter(n -> n.sentAt() == null && !n.dueOn().isAfter(today))
                        .concatMap(notice -> processes.markSent(accountId, id, notice.index(), clock.instant())
                                .filter(Boolean::booleanValue)
                                .flatMap(sent -> read(caller, id))
                                .flatMap(now -> events.noticeDue(caller, now, sentNotice(now, notice.index())))
                                .thenReturn(1)))
                .count();
    }

    private static Notice sentNotice(SaleProcess process, int index) {
        return process.notices().stream().filter(n -> n.index() == index).findFirst().orElseThrow();
    }

    Mono<SaleProcess> read(Caller caller, UUID id) {
        return processes.find(caller.accountId(), id)
                .filter(p -> SiteAccess.allows(caller, p.siteId()))
                .switchIfEmpty(Mono.error(ApiException.notFound()))
                .flatMap(p -> current(caller.accountId(), p));
    }

    Mono<Envelopes.ListOf<SaleProcess>> list(Caller caller, UUID contactId, UUID agreementId, String status,
            PageRequest page) {
        return processes.list(caller.accountId(), contactId, agreementId, status, page)
                .flatMap(list -> Flux.fromIterable(list.data())
                        .filter(p -> SiteAccess.allows(caller, p.siteId()))
                        .concatMap(p -> current(caller.accountId(), p)).collectList()
                        .map(data -> new Envelopes.ListOf<>(data, list.meta())));
    }

    private Mono<SaleProcess> openForUpdate(Caller caller, UUID id) {
        return processes.findForUpdate(caller.accountId(), id)
                .filter(p -> SiteAccess.allows(caller, p.siteId()))
                .switchIfEmpty(Mono.error(ApiException.notFound()))
                .flatMap(p -> SaleProcess.OPEN.equals(p.status()) ? Mono.just(p)
                        : Mono.error(ApiException.conflict("This sale process is " + p.status()
                                + " already; only an open one can be sold or closed.")));
    }

    private Mono<List<Invoice>> lockInvoices(UUID accountId, List<UUID> ids) {
        return Flux.fromIterable(ids.stream().sorted().toList())
                .concatMap(invoiceId -> ledger.lock(accountId, invoiceId))
                .collectList();
    }

    /** An open process with what its invoices owe now; a sold or closed one as it was left. */
    private Mono<SaleProcess> current(UUID accountId, SaleProcess p) {
        if (!SaleProcess.OPEN.equals(p.status())) {
            return Mono.just(p);
        }
        return overdue.now(accountId, p.invoiceIds()).map(invoices -> new SaleProcess(p.id(), p.object(),
                p.contactId(), p.agreementId(), p.unitId(), p.siteId(), p.caseId(), p.status(),
                SaleRules.owed(invoices), p.currency(), p.invoiceIds(), p.notices(), p.saleDate(), p.soldOn(),
                p.proceedsMinor(), p.surplusMinor(), p.shortfallMinor(), p.closedReason(), p.openedAt(), p.soldAt(),
                p.closedAt(), p.createdAt(), p.updatedAt()));
    }
}
