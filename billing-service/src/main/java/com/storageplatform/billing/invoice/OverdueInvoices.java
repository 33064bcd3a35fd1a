package com.storageplatform.billing.invoice;

import java.util.List;
import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** What a customer owes past its due date, for the arrears case (the one way collections reads invoices). */
@Component
public class OverdueInvoices {

    private final InvoiceRepository invoices;

    OverdueInvoices(InvoiceRepository invoices) {
        this.invoices = invoices;
    }

    /** The customer's {@code overdue} invoices in {@code currency} with something owed, oldest due date first. */
    public Mono<List<Invoice>> of(UUID accountId, UUID contactId, String currency) {
        return invoices.overdueOf(accountId, contactId, currency).collectList();
    }

    /** The account's invoices of {@code ids} as they are now (without lines); unknown ids are left out. */
    public Mono<List<Invoice>> now(UUID accountId, List<UUID> ids) {
        return ids.isEmpty() ? Mono.just(List.of()) : invoices.findAll(accountId, ids).collectList();
    }
}
