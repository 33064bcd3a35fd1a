package com.storageplatform.billing.payment;

import com.storageplatform.billing.provider.ProviderRefund;
import com.storageplatform.billing.provider.Providers;
import com.storageplatform.billing.provider.RefundRequest;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.FieldIssue;
import java.time.Clock;
import java.time.Instant;
import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Money paid back: a refund is a new payment ({@code direction: refund}, {@code refund_of} the payment) on the rail
 * of the payment it pays back, announced as {@code payment.refunded} once it is paid. A refund never changes the
 * invoice: what a customer owes is reduced by a credit note, not by paying money back.
 */
@Component
class PaymentRefunds {

    static final int MAX_REASON = 500;

    private final PaymentRepository payments;
    private final PaymentEvents events;
    private final Providers providers;
    private final Clock clock;

    PaymentRefunds(PaymentRepository payments, PaymentEvents events, Providers providers, Clock clock) {
        this.payments = payments;
        this.events = events;
        this.providers = providers;
        this.clock = clock;
    }

    /** Where the provider left the refund: {@code succeeded}, or {@code pending} until its notification. */
    private record Outcome(String status, String providerRef) {
    }

    /**
     * How money is paid back.
     *
     * @param rail          the rail it goes back on: the payment's own, or {@code offline} (handed back at the desk)
     * @param offlineMethod for rail {@code offline}, how it was handed back
     * @param reference     for rail {@code offline}, what identifies it; may be null
     * @param creditNoteId  the credit note of a shop return the money is paid out for, or null
     */
    record PayBack(long amountMinor, String reason, String rail, String offlineMethod, String reference,
            UUID creditNoteId) {
    }

    Mono<Payment> refund(Caller caller, UUID id, RefundPayment body) {
        return Mono.defer(() -> {
            Long asked = body == null ? null : body.amountMinor();
            String reason = body == null ? null : body.reason();
            Validation.start()
                    .min("amount_minor", asked, 1).max("amount_minor", asked, PaymentRules.MAX_AMOUNT_MINOR)
                    .maxLength("reason", reason, MAX_REASON).printable("reason", reason, true)
                    .orThrow();
            return payments.findForUpdate(caller.accountId(), id)
                    .switchIfEmpty(Mono.error(ApiException.notFound()))
                    .flatMap(stored -> {
                        Payment original = stored.payment();
                        long amount = judge(original, asked);
                        return payBack(caller, original, new PayBack(amount, reason, original.rail(),
                                original.offlineMethod(), null, null));
                    });
        });
    }

    /**
     * Pays {@code back} of {@code original} (its row locked and the amount judged): the refund, a new payment, is
     * written and the payment's {@code amount_refunded_minor} grows by it; {@code payment.refunded} once it is paid.
     * A provider's refund is asked before anything is written.
     */
    Mono<Payment> payBack(Caller caller, Payment original, PayBack back) {
        UUID refundId = Ids.newId();
        return paidBack(caller, original, refundId, back).flatMap(outcome -> {
            Payment refund = refund(refundId, original, back, outcome);
            // addRefunded changes the original payment; the refund's row as inserted is what a read answers.
            return payments.insert(caller, refund, false)
                    .flatMap(saved -> payments.addRefunded(caller.accountId(), original.id(), back.amountMinor(),
                            clock.instant()).thenReturn(saved))
                    .flatMap(saved -> events.publish(caller,
                            Payment.SUCCEEDED.equals(saved.status()) ? PaymentEvents.REFUNDED : null, saved));
        });
    }

    /**
     * Only money taken can be paid back, and no more than is left of it.
     *
     * @return the amount to refund: {@code asked}, or all that is left
     */
    static long judge(Payment original, Long asked) {
        if (Payment.REFUND.equals(original.direction())) {
            throw ApiException.conflict("This payment is a refund; a refund cannot be refunded.");
        }
        if (!Payment.REFUNDABLE.contains(original.status())) {
            throw ApiException.conflict("The payment is " + original.status()
                    + "; only a succeeded or paid_out payment can be refunded.");
        }
        long left = original.refundableMinor();
        if (asked != null && asked > left) {
            throw ApiException.invalid("amount_minor", FieldIssue.ABOVE_MAXIMUM,
                    "At most " + left + " of this payment is left to refund.");
        }
        if (left == 0) {
            throw ApiException.conflict("The payment has been refunded in full.");
        }
        return asked == null ? left : asked;
    }

    private Mono<Outcome> paidBack(Caller caller, Payment original, UUID refundId, PayBack back) {
        return Mono.defer(() -> {
            Mono<ProviderRefund> refunded = switch (back.rail()) {
                case Payment.CARD -> providers.cards(caller).refund(request(original, refundId, back.amountMinor()));
                case Payment.BACS_DD -> providers.directDebit(caller)
                        .refund(request(original, refundId, back.amountMinor()));
                default -> null;
            };
            if (refunded == null) {
                return Mono.just(new Outcome(Payment.SUCCEEDED, null));
            }
            return refunded.map(done -> {
                if (!done.succeeded() && done.failureMessage() != null) {
                    throw ApiException.conflict("The provider refused the refund: " + done.failureMessage());
                }
                return new Outcome(done.succeeded() ? Payment.SUCCEEDED : Payment.PENDING, done.providerRef());
            });
        });
    }

    private static RefundRequest request(Payment original, UUID refundId, long amount) {
        return new RefundRequest(refundId, original.providerPaymentRef(), amount, original.currency(),
                PaymentRails.providerKey("refund", refundId));
    }

    /** The refund as a payment: through the provider on the payment's own rail, else recorded as handed back. */
    private Payment refund(UUID id, Payment original, PayBack back, Outcome outcome) {
        Instant now = clock.instant();
        boolean sameRail = back.rail().equals(original.rail());
        return new Payment(id, Payment.OBJECT, original.contactId(), original.invoiceId(), original.subscriptionId(),
                original.orderId(), Payment.REFUND, original.id(), back.creditNoteId(), back.rail(),
                back.offlineMethod(), back.reference(), null, back.reason(), back.amountMinor(), original.currency(),
                outcome.status(), sameRail ? original.paymentMethodId() : null,
                sameRail ? original.mandateId() : null, Payment.OFFLINE.equals(back.rail()) ? null
                        : original.provider(), outcome.providerRef(), null, null,
                Payment.SUCCEEDED.equals(outcome.status()) ? now : null, null, null, null, null, 0, null, now, now);
    }
}
