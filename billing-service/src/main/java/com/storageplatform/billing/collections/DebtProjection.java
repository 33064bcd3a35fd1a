package com.storageplatform.billing.collections;

import com.storageplatform.billing.internal.AccountSettings;
import com.storageplatform.billing.invoice.Invoice;
import com.storageplatform.billing.invoice.OverdueInvoices;
import com.storageplatform.billing.subscription.PlanSites;
import com.storageplatform.kit.inbox.ConsumedEvent;
import com.storageplatform.kit.inbox.EventData;
import com.storageplatform.kit.inbox.EventHandler;
import java.time.Clock;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Keeps {@code delinquency_debts} (the delinquency report's table) to what each invoice owes, from billing's own
 * {@code invoice.*} events through the inbox, like the arrears cases: the invoice is read as it is now, so order and
 * repetition do not matter. When what it owes changed, the stretch it owed before ends today (in the operator's time
 * zone) and, while something is still owed, a new one starts today.
 */
@Component
class DebtProjection implements EventHandler {

    private final DebtRepository debts;
    private final OverdueInvoices invoices;
    private final PlanSites planSites;
    private final AccountSettings settings;
    private final Clock clock;

    DebtProjection(DebtRepository debts, OverdueInvoices invoices, PlanSites planSites, AccountSettings settings,
            Clock clock) {
        this.debts = debts;
        this.invoices = invoices;
        this.planSites = planSites;
        this.settings = settings;
        this.clock = clock;
    }

    @Override
    public String topic() {
        return "billing.events";
    }

    @Override
    public Set<String> types() {
        return Set.of("invoice.finalized", "invoice.updated", "invoice.paid", "invoice.payment_failed",
                "invoice.voided", "invoice.written_off");
    }

    @Override
    public Mono<Void> handle(ConsumedEvent event) {
        UUID accountId = event.accountId();
        UUID invoiceId = EventData.id(event.data(), "id");
        if (accountId == null || invoiceId == null) {
            return Mono.empty();
        }
        return invoices.now(accountId, List.of(invoiceId))
                .flatMap(found -> found.isEmpty() ? Mono.empty() : sync(accountId, found.get(0)));
    }

    private Mono<Void> sync(UUID accountId, Invoice invoice) {
        Mono<LocalDate> today = settings.of(accountId)
                .map(account -> LocalDate.ofInstant(clock.instant(), account.timezone()));
        Mono<Optional<UUID>> site = invoice.subscriptionId() == null ? Mono.just(Optional.empty())
                : planSites.siteOf(accountId, invoice.subscriptionId()).map(Optional::of)
                        .defaultIfEmpty(Optional.empty());
        return Mono.zip(today, site).flatMap(both -> {
            Debt owed = DebtRules.owed(invoice, both.getT2().orElse(null));
            return debts.currentForUpdate(accountId, invoice.id())
                    .map(Optional::of).defaultIfEmpty(Optional.empty())
                    .flatMap(current -> {
                        if (current.map(c -> c.debt().equals(owed)).orElse(owed == null)) {
                            return Mono.<Void>empty();
                        }
                        Mono<Void> end = current.map(c -> debts.end(accountId, invoice.id(), c, both.getT1()))
                                .orElse(Mono.empty());
                        return end.then(owed == null ? Mono.empty()
                                : debts.start(accountId, invoice.id(), owed, both.getT1()));
                    });
        });
    }

    /** What an invoice owes for the report: to whom, at which site, in which currency, when due, and how much. */
    record Debt(UUID contactId, UUID siteId, String currency, LocalDate dueDate, long outstandingMinor) {
    }

    /** The stretch an invoice owes now, and the day it started. */
    record Current(Debt debt, LocalDate owedFrom) {
    }
}
