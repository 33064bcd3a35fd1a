package com.storageplatform.billing.payment;

import com.storageplatform.billing.invoice.InvoiceLedger;
import com.storageplatform.billing.payment.PaymentRepository.Stored;
import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * The one lock order of payments: the invoice's row, then the payment's. A payment taken locks its invoice before it
 * writes the payment, and a void locks the invoice before its listener locks the invoice's payments; a provider's
 * event or an operator's action on a payment takes the same order, so none of them can deadlock another.
 */
@Component
class PaymentLocks {

    private final PaymentRepository payments;
    private final InvoiceLedger ledger;

    PaymentLocks(PaymentRepository payments, InvoiceLedger ledger) {
        this.payments = payments;
        this.ledger = ledger;
    }

    /** The payment locked for the rest of the transaction, its invoice (if any) locked first; empty without one. */
    Mono<Stored> lock(UUID accountId, UUID paymentId) {
        return payments.find(accountId, paymentId)
                .flatMap(payment -> (payment.invoiceId() == null ? Mono.empty()
                        : ledger.lock(accountId, payment.invoiceId()).then())
                        .then(payments.findForUpdate(accountId, paymentId)));
    }
}
