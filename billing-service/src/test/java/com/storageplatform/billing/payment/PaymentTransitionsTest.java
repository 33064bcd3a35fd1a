package com.storageplatform.billing.payment;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.billing.payment.PaymentTransitions.Effect;
import com.storageplatform.billing.payment.PaymentTransitions.Transition;
import com.storageplatform.billing.provider.ProviderEvent.Kind;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The whole table of what a provider's event does to a payment: every direction, rail, status, submission and
 * event kind, each either the one transition listed here or nothing (a late, repeated or out-of-order event).
 */
class PaymentTransitionsTest {

    /** "direction rail status submitted kind" → "to effect event charges submits". */
    static final Map<String, String> TABLE = new LinkedHashMap<>();

    static {
        for (boolean submitted : new boolean[] {false, true}) {
            String s = " " + submitted + " ";
            if (!submitted) {
                TABLE.put("payment bacs_dd pending" + s + "PAYMENT_SUBMITTED", "pending NONE null false true");
            }
            TABLE.put("payment bacs_dd pending" + s + "PAYMENT_CONFIRMED",
                    "succeeded COLLECTED payment.succeeded true false");
            TABLE.put("payment bacs_dd pending" + s + "PAYMENT_FAILED",
                    "failed COLLECTION_FAILED payment.failed false false");
            TABLE.put("payment bacs_dd succeeded" + s + "PAYMENT_PAID_OUT", "paid_out NONE null false false");
            TABLE.put("payment bacs_dd succeeded" + s + "PAYMENT_FAILED", "failed REVERSED payment.failed false false");
            TABLE.put("payment bacs_dd paid_out" + s + "PAYMENT_LATE_FAILURE",
                    "late_failure_settled REVERSED payment.late_failure_settled false false");
            TABLE.put("payment bacs_dd paid_out" + s + "PAYMENT_CHARGEBACK",
                    "chargeback_settled REVERSED payment.chargeback_settled false false");
            for (String awaited : new String[] {"pending", "requires_action"}) {
                TABLE.put("payment card " + awaited + s + "CARD_SUCCEEDED",
                        "succeeded COLLECTED payment.succeeded true false");
                TABLE.put("payment card " + awaited + s + "CARD_FAILED",
                        "failed COLLECTION_FAILED payment.failed false false");
            }
            TABLE.put("payment card succeeded" + s + "PAYMENT_CHARGEBACK",
                    "chargeback_settled REVERSED payment.chargeback_settled false false");
            for (String rail : Payment.RAILS) {
                TABLE.put("refund " + rail + " pending" + s + "REFUND_SUCCEEDED",
                        "succeeded NONE payment.refunded true false");
                TABLE.put("refund " + rail + " pending" + s + "REFUND_FAILED",
                        "failed REFUND_RELEASED null false false");
            }
        }
    }

    @Test
    void everyEventMovesAPaymentExactlyAsTheTableSaysAndAnyOtherIsIgnored() {
        int moves = 0;
        for (String direction : Payment.DIRECTIONS) {
            for (String rail : Payment.RAILS) {
                for (String status : Payment.STATUSES) {
                    for (boolean submitted : new boolean[] {false, true}) {
                        for (Kind kind : Kind.values()) {
                            String key = direction + " " + rail + " " + status + " " + submitted + " " + kind;
                            Optional<Transition> t = PaymentTransitions.on(direction, rail, status, submitted, kind);
                            assertThat(t.map(PaymentTransitionsTest::describe).orElse(null)).as(key)
                                    .isEqualTo(TABLE.get(key));
                            moves += t.isPresent() ? 1 : 0;
                        }
                    }
                }
            }
        }
        assertThat(moves).isEqualTo(TABLE.size());
    }

    @Test
    void aDirectDebitSucceededIsNotFinalAndEveryReversalReopensTheInvoice() {
        assertThat(PaymentTransitions.on("payment", "bacs_dd", "succeeded", true, Kind.PAYMENT_FAILED))
                .map(Transition::effect).contains(Effect.REVERSED);
        assertThat(PaymentTransitions.on("payment", "bacs_dd", "paid_out", true, Kind.PAYMENT_LATE_FAILURE))
                .map(Transition::effect).contains(Effect.REVERSED);
        assertThat(PaymentTransitions.on("payment", "bacs_dd", "paid_out", true, Kind.PAYMENT_CHARGEBACK))
                .map(Transition::effect).contains(Effect.REVERSED);
    }

    @Test
    void aPayoutSendsNoEvent() {
        assertThat(PaymentTransitions.on("payment", "bacs_dd", "succeeded", true, Kind.PAYMENT_PAID_OUT))
                .map(Transition::event).isEmpty();
        assertThat(PaymentTransitions.on("payment", "bacs_dd", "succeeded", true, Kind.PAYMENT_PAID_OUT))
                .map(Transition::to).contains("paid_out");
    }

    @Test
    void anEventArrivingTwiceOrLateChangesNothing() {
        assertThat(PaymentTransitions.on("payment", "bacs_dd", "succeeded", true, Kind.PAYMENT_CONFIRMED)).isEmpty();
        assertThat(PaymentTransitions.on("payment", "bacs_dd", "paid_out", true, Kind.PAYMENT_PAID_OUT)).isEmpty();
        assertThat(PaymentTransitions.on("payment", "bacs_dd", "pending", true, Kind.PAYMENT_SUBMITTED)).isEmpty();
        assertThat(PaymentTransitions.on("payment", "bacs_dd", "failed", true, Kind.PAYMENT_CONFIRMED)).isEmpty();
        assertThat(PaymentTransitions.on("payment", "bacs_dd", "paid_out", true, Kind.PAYMENT_FAILED)).isEmpty();
        assertThat(PaymentTransitions.on("payment", "bacs_dd", "late_failure_settled", true,
                Kind.PAYMENT_CHARGEBACK)).isEmpty();
        assertThat(PaymentTransitions.on("payment", "card", "cancelled", false, Kind.CARD_SUCCEEDED)).isEmpty();
        assertThat(PaymentTransitions.on("payment", "card", "succeeded", false, Kind.CARD_SUCCEEDED)).isEmpty();
        assertThat(PaymentTransitions.on("refund", "card", "succeeded", false, Kind.REFUND_SUCCEEDED)).isEmpty();
    }

    @Test
    void aFailureSaysWhyAndASuccessDoesNot() {
        assertThat(PaymentTransitions.on("payment", "bacs_dd", "succeeded", true, Kind.PAYMENT_FAILED))
                .map(Transition::failureMessage).hasValueSatisfying(m -> assertThat(m).contains("returned"));
        assertThat(PaymentTransitions.on("payment", "bacs_dd", "pending", true, Kind.PAYMENT_CONFIRMED))
                .map(Transition::failureMessage).isEmpty();
    }

    private static String describe(Transition t) {
        return t.to() + " " + t.effect() + " " + t.event() + " " + t.charges() + " " + t.submits();
    }
}
