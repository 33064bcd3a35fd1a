package com.storageplatform.billing.invoice;

import com.storageplatform.billing.internal.AccountSettings;
import java.time.Clock;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** What a customer owes past its due date, for the arrears case (the one way collections reads invoices). */
@Component
public class OverdueInvoices {

    private final InvoiceRepository invoices;
    private final AccountSettings settings;
    private final Clock clock;

    OverdueInvoices(InvoiceRepository invoices, AccountSettings settings, Clock clock) {
        this.invoices = invoices;
        this.settings = settings;
        this.clock = clock;
    }

    /**
     * The customer's invoices in {@code currency} owed past their due date, oldest due date first: the
     * {@code overdue} ones, and the {@code partially_paid} ones whose due date is before today in the account's time
     * zone with nothing in flight. A part payment moves an overdue invoice to {@code partially_paid} (the spec's
     * states), but the rest is as overdue as before: paying a little must not close the arrears case and unlock the
     * unit.
     */
    public Mono<List<Invoice>> of(UUID accountId, UUID contactId, String currency) {
        return settings.of(accountId)
                .map(account -> LocalDate.ofInstant(clock.instant(), account.timezone()))
                .flatMap(today -> invoices.overdueOf(accountId, contactId, currency, today).collectList());
    }

    /** The account's invoices of {@code ids} as they are now (without lines); unknown ids are left out. */
    public Mono<List<Invoice>> now(UUID accountId, List<UUID> ids) {
        return ids.isEmpty() ? Mono.just(List.of()) : invoices.findAll(accountId, ids).collectList();
    }
}
