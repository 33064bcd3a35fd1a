package com.storageplatform.billing.collections;

import com.storageplatform.billing.invoice.Invoice;
import com.storageplatform.billing.invoice.InvoiceVoidListener;
import com.storageplatform.kit.caller.Caller;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Void rule 5's effects on arrears, in the void's transaction: the customer's case is closed, and its overlocks'
 * release requested (the unit unlocked), when nothing overdue is left; otherwise its amount is refreshed. Late fees
 * are left as they are: a void never waives one. Told first, so a void takes the case's row before a plan's, in the
 * order the dunning job takes them (case, then plan): the two never wait on each other crosswise.
 */
@Component
@Order(0)
class CaseVoids implements InvoiceVoidListener {

    private final ArrearsCases cases;

    CaseVoids(ArrearsCases cases) {
        this.cases = cases;
    }

    @Override
    public Mono<Void> voided(Caller caller, Invoice invoice) {
        if (!Invoice.OVERDUE.equals(invoice.voidedFrom())) {
            return Mono.empty();
        }
        return cases.refresh(caller, invoice.contactId(), invoice.currency());
    }
}
