package com.storageplatform.billing.payment;

import com.storageplatform.billing.provider.ProviderEvent.Kind;
import java.util.Optional;

/**
 * What a provider's event does to a payment: the spec's Direct Debit table, a card's step-up ending and a refund
 * settling, as one pure function (unit-tested over the whole table). An event that does not apply to the payment's
 * status, because it arrived late, twice or out of order, is no transition: it is ignored and changes nothing. A
 * Direct Debit {@code succeeded} is never final: a return, late failure or chargeback can still undo it.
 */
final class PaymentTransitions {

    private PaymentTransitions() {
    }

    /** What the transition does to the payment's invoice (and, for a refund, to the payment it pays back). */
    enum Effect {
        /** Nothing beyond the payment itself. */
        NONE,
        /** Money received ({@code InvoiceLedger.collected}, from in flight when the payment was counted so). */
        COLLECTED,
        /** The attempt failed ({@code InvoiceLedger.collectionFailed}: {@code invoice.payment_failed}). */
        COLLECTION_FAILED,
        /** Collected money returned ({@code InvoiceLedger.reversed}): the invoice is reopened. */
        REVERSED,
        /** A refund the provider refused: the payment it pays back may be refunded again by that much. */
        REFUND_RELEASED
    }

    /**
     * One move of a payment.
     *
     * @param to             the new status
     * @param event          the {@code payment.*} event it sends, or null (a payout sends none)
     * @param charges        whether it sets {@code charged_at} (the provider's confirmation moment)
     * @param submits        whether it sets {@code bank_submitted_at}
     * @param failureMessage the payment's {@code failure_message} when it fails, else null
     */
    record Transition(String to, Effect effect, String event, boolean charges, boolean submits,
            String failureMessage) {
    }

    /**
     * @param submitted whether the payment was already submitted to the bank ({@code bank_submitted_at} set)
     * @return the transition, or empty when the event does not apply to the payment as it is
     */
    static Optional<Transition> on(String direction, String rail, String status, boolean submitted, Kind kind) {
        if (Payment.REFUND.equals(direction)) {
            return refund(status, kind);
        }
        return Optional.ofNullable(switch (rail) {
            case Payment.BACS_DD -> directDebit(status, submitted, kind);
            case Payment.CARD -> card(status, kind);
            default -> null;
        });
    }

    private static Transition directDebit(String status, boolean submitted, Kind kind) {
        return switch (status) {
            case Payment.PENDING -> switch (kind) {
                case PAYMENT_SUBMITTED -> submitted ? null : new Transition(Payment.PENDING, Effect.NONE, null,
                        false, true, null);
                case PAYMENT_CONFIRMED -> new Transition(Payment.SUCCEEDED, Effect.COLLECTED,
                        PaymentEvents.SUCCEEDED, true, false, null);
                case PAYMENT_FAILED -> new Transition(Payment.FAILED, Effect.COLLECTION_FAILED, PaymentEvents.FAILED,
                        false, false, "The bank did not pay the Direct Debit.");
                default -> null;
            };
            case Payment.SUCCEEDED -> switch (kind) {
                case PAYMENT_PAID_OUT -> new Transition(Payment.PAID_OUT, Effect.NONE, null, false, false, null);
                case PAYMENT_FAILED -> new Transition(Payment.FAILED, Effect.REVERSED, PaymentEvents.FAILED, false,
                        false, "The bank returned the Direct Debit before it was paid out.");
                default -> null;
            };
            case Payment.PAID_OUT -> switch (kind) {
                case PAYMENT_LATE_FAILURE -> new Transition(Payment.LATE_FAILURE_SETTLED, Effect.REVERSED,
                        PaymentEvents.LATE_FAILURE_SETTLED, false, false,
                        "The bank returned the Direct Debit after it was paid out.");
                case PAYMENT_CHARGEBACK -> new Transition(Payment.CHARGEBACK_SETTLED, Effect.REVERSED,
                        PaymentEvents.CHARGEBACK_SETTLED, false, false,
                        "The customer claimed the money back under the Direct Debit Guarantee.");
                default -> null;
            };
            default -> null;
        };
    }

    private static Transition card(String status, Kind kind) {
        boolean awaited = Payment.PENDING.equals(status) || Payment.REQUIRES_ACTION.equals(status);
        if (awaited && kind == Kind.CARD_SUCCEEDED) {
            return new Transition(Payment.SUCCEEDED, Effect.COLLECTED, PaymentEvents.SUCCEEDED, true, false, null);
        }
        if (awaited && kind == Kind.CARD_FAILED) {
            return new Transition(Payment.FAILED, Effect.COLLECTION_FAILED, PaymentEvents.FAILED, false, false,
                    "The card payment was not completed.");
        }
        if (Payment.SUCCEEDED.equals(status) && kind == Kind.PAYMENT_CHARGEBACK) {
            return new Transition(Payment.CHARGEBACK_SETTLED, Effect.REVERSED, PaymentEvents.CHARGEBACK_SETTLED,
                    false, false, "The cardholder disputed the payment with their bank.");
        }
        return null;
    }

    private static Optional<Transition> refund(String status, Kind kind) {
        if (!Payment.PENDING.equals(status)) {
            return Optional.empty();
        }
        return Optional.ofNullable(switch (kind) {
            case REFUND_SUCCEEDED -> new Transition(Payment.SUCCEEDED, Effect.NONE, PaymentEvents.REFUNDED, true,
                    false, null);
            case REFUND_FAILED -> new Transition(Payment.FAILED, Effect.REFUND_RELEASED, null, false, false,
                    "The provider could not pay the refund.");
            default -> null;
        });
    }
}
