package com.storageplatform.billing.collections;

import com.storageplatform.billing.invoice.Invoice;
import com.storageplatform.billing.invoice.OverdueInvoices;
import com.storageplatform.billing.overlock.Overlocks;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.Envelopes;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Mono;

/**
 * The customer's arrears case in a currency, kept to what its invoices say: opened when one of them is
 * {@code overdue}, its amount and invoices refreshed as they move, closed when nothing overdue is left (the
 * overlocks its ladder asked for released; {@code dunning.resolved} when it had taken a step). Every refresh locks
 * the open case (or makes it) and reads the invoices afresh, so whichever writer or event comes first, repeated or
 * late, the case settles on the same answer (ADR 0028).
 */
@Service
class ArrearsCases {

    private final CaseRepository cases;
    private final LadderRepository ladders;
    private final OverdueInvoices overdue;
    private final Overlocks overlocks;
    private final CollectionsEvents events;
    private final Clock clock;

    ArrearsCases(CaseRepository cases, LadderRepository ladders, OverdueInvoices overdue, Overlocks overlocks,
            CollectionsEvents events, Clock clock) {
        this.cases = cases;
        this.ladders = ladders;
        this.overdue = overdue;
        this.overlocks = overlocks;
        this.events = events;
        this.clock = clock;
    }

    /** The customer's case in {@code currency} brought up to date with its invoices, in the caller's transaction. */
    Mono<Void> refresh(Caller caller, UUID contactId, String currency) {
        UUID accountId = caller.accountId();
        return cases.openForUpdate(accountId, contactId, currency)
                .map(List::of)
                .defaultIfEmpty(List.of())
                .flatMap(open -> overdue.of(accountId, contactId, currency).flatMap(invoices -> {
                    if (open.isEmpty()) {
                        return invoices.isEmpty() ? Mono.empty() : openCase(caller, contactId, currency, invoices);
                    }
                    CaseRow row = open.get(0);
                    return invoices.isEmpty() ? close(caller, row) : update(accountId, row, invoices);
                }));
    }

    private Mono<Void> openCase(Caller caller, UUID contactId, String currency, List<Invoice> invoices) {
        UUID accountId = caller.accountId();
        return ladders.of(accountId)
                .flatMap(ladder -> cases.open(caller, contactId, currency, ladder.steps(), clock.instant()))
                .then(cases.openForUpdate(accountId, contactId, currency))
                .flatMap(row -> update(accountId, row, invoices));
    }

    private Mono<Void> update(UUID accountId, CaseRow row, List<Invoice> invoices) {
        List<UUID> ids = invoices.stream().map(Invoice::id).toList();
        Set<UUID> seen = new LinkedHashSet<>(row.seenInvoiceIds());
        seen.addAll(ids);
        long amount = invoices.stream().mapToLong(Invoice::amountDueMinor).sum();
        LocalDate oldest = invoices.get(0).dueDate();
        if (amount == row.amountOverdueMinor() && ids.equals(row.overdueInvoiceIds())
                && seen.size() == row.seenInvoiceIds().size() && oldest.equals(row.oldestDueDate())) {
            return Mono.empty();
        }
        return cases.saveFigures(accountId, row.id(), amount, ids, new ArrayList<>(seen), oldest, clock.instant());
    }

    private Mono<Void> close(Caller caller, CaseRow row) {
        UUID accountId = caller.accountId();
        Instant now = clock.instant();
        return overdue.now(accountId, row.seenInvoiceIds())
                .flatMap(seen -> cases.close(accountId, row.id(), DunningRules.closedReason(seen), now))
                .then(overlocks.releaseForCase(caller, row.id()))
                .then(row.lastStep() == null ? Mono.empty()
                        : cases.find(accountId, row.id()).flatMap(closed -> events.resolved(caller, closed.view())));
    }

    Mono<CollectionsCase> read(Caller caller, UUID id) {
        return cases.find(caller.accountId(), id).map(CaseRow::view)
                .switchIfEmpty(Mono.error(ApiException.notFound()));
    }

    Mono<Envelopes.ListOf<CollectionsCase>> list(Caller caller, UUID contactId, String status, PageRequest page) {
        return cases.list(caller.accountId(), contactId, status, page)
                .map(list -> new Envelopes.ListOf<>(list.data().stream().map(CaseRow::view).toList(), list.meta()));
    }
}
