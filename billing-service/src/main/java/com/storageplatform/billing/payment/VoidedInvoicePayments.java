package com.storageplatform.billing.payment;

import com.storageplatform.billing.invoice.Invoice;
import com.storageplatform.billing.invoice.InvoiceVoidListener;
import com.storageplatform.billing.provider.Providers;
import com.storageplatform.kit.caller.Caller;
import java.time.Clock;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Void rule 5's part in payments, in the void's transaction: the invoice's failed collection attempts are closed
 * ({@code closed_at}), and its card payments still awaiting the customer's step-up are cancelled at the provider
 * ({@code cancelled}), so a customer who comes back later is not charged for a void invoice. Those were never counted
 * in flight; a collection in flight refuses the void before it gets here ({@code invoice_collection_in_flight}).
 */
@Component
class VoidedInvoicePayments implements InvoiceVoidListener {

    private final PaymentRepository payments;
    private final Providers providers;
    private final Clock clock;

    VoidedInvoicePayments(PaymentRepository payments, Providers providers, Clock clock) {
        this.payments = payments;
        this.providers = providers;
        this.clock = clock;
    }

    @Override
    public Mono<Void> voided(Caller caller, Invoice invoice) {
        return payments.closeFailed(caller.accountId(), invoice.id(), clock.instant())
                .thenMany(payments.awaitingStepUp(caller.accountId(), invoice.id()))
                .concatMap(payment -> Mono.defer(() -> providers.cards(caller)
                                .cancel(payment.providerPaymentRef(), PaymentRails.providerKey("cancel", payment.id())))
                        .then(payments.cancel(caller.accountId(), payment.id(), clock.instant())))
                .then();
    }
}
