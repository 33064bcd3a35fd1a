package com.storageplatform.billing.payment;

import com.storageplatform.billing.invoice.InvoiceLedger;
import com.storageplatform.billing.provider.Providers;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.web.ApiException;
import java.time.Clock;
import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * The operator stops waiting on a payment ({@code POST /v1/payments/{id}/supersede}): a card awaiting step-up or
 * still processing is cancelled at the provider, a Direct Debit not yet submitted to the bank cancelled with its
 * provider; the payment is {@code cancelled} with {@code superseded_by_operator_at}, and what its invoice counted
 * in flight is released, so the invoice can be collected another way.
 */
@Component
class Supersessions {

    private final PaymentRepository payments;
    private final PaymentLocks locks;
    private final InvoiceLedger ledger;
    private final Providers providers;
    private final Clock clock;

    Supersessions(PaymentRepository payments, PaymentLocks locks, InvoiceLedger ledger, Providers providers,
            Clock clock) {
        this.payments = payments;
        this.locks = locks;
        this.ledger = ledger;
        this.providers = providers;
        this.clock = clock;
    }

    Mono<Payment> supersede(Caller caller, UUID id) {
        return locks.lock(caller.accountId(), id)
                    .switchIfEmpty(Mono.error(ApiException.notFound()))
                    .flatMap(stored -> {
                        Payment payment = stored.payment();
                        judge(payment);
                        String providerKey = PaymentRails.providerKey("cancel", id);
                        Mono<Void> cancelled = Payment.CARD.equals(payment.rail())
                                ? Mono.defer(() -> providers.cards(caller)
                                        .cancel(payment.providerPaymentRef(), providerKey)).then()
                                : Mono.defer(() -> providers.directDebit(caller)
                                        .cancelCollection(payment.providerPaymentRef(), providerKey));
                        Mono<Void> released = stored.inFlight() && payment.invoiceId() != null
                                ? ledger.collectionFailed(caller, payment.invoiceId(), payment.amountMinor()).then()
                                : Mono.empty();
                        return cancelled
                                .then(payments.supersede(caller.accountId(), id, clock.instant()))
                                .then(released)
                                .then(payments.find(caller.accountId(), id));
                    });
    }

    /** Only a payment still awaited can be given up on, and a Direct Debit only until the bank has it. */
    static void judge(Payment payment) {
        if (Payment.REFUND.equals(payment.direction()) || !Payment.AWAITED.contains(payment.status())) {
            throw ApiException.conflict("The payment is " + payment.status()
                    + "; only a pending or requires_action payment can be superseded.");
        }
        if (payment.bankSubmittedAt() != null) {
            throw ApiException.conflict("The Direct Debit was submitted to the bank at " + payment.bankSubmittedAt()
                    + " and can no longer be cancelled: it is with the bank, wait for the provider's answer.");
        }
    }
}
