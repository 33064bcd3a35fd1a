package com.storageplatform.billing.payment;

import com.storageplatform.kit.openapi.OneOf;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * The {@code payment} resource: money taken from a customer ({@code direction: payment}) or paid back to them
 * ({@code direction: refund}, a payment of its own naming the one it pays back in {@code refund_of}). Every figure
 * is an integer of minor units in {@code currency}.
 *
 * @param contactId              the customer who pays (or is paid back)
 * @param invoiceId              the invoice the money is against, or null
 * @param subscriptionId         the invoice's plan, or null
 * @param orderId                commerce's order this payment pays (its invoice billing issued), or null
 * @param direction              {@code payment}, or {@code refund} for money paid back
 * @param refundOf               on a refund, the payment it pays back; null otherwise
 * @param creditNoteId           on a refund paid out at the desk for a shop return, its credit note; null otherwise
 * @param offlineMethod          rail {@code offline} only: {@code card_terminal}, {@code standing_order} or
 *                               {@code other}
 * @param reference              what identifies an offline payment (required for {@code other}), or null
 * @param reason                 on a refund, why the money was paid back; null otherwise
 * @param status                 see docs/api/billing.md, "Payment statuses"; a Direct Debit {@code succeeded} is not
 *                               final
 * @param paymentMethodId        the customer's card that was charged, or null (offline, Direct Debit, a one-off
 *                               card token)
 * @param mandateId              the Direct Debit mandate collected on, or null
 * @param provider               {@code stripe} (card) or {@code gocardless} (Direct Debit); null for offline
 * @param providerPaymentRef     the provider's own reference of the payment (or of the refund)
 * @param providerChargeDate     a Direct Debit's day the provider debits the customer; null on card and offline
 * @param bankSubmittedAt        when a Direct Debit was submitted to the bank; null until then and on card and
 *                               offline payments
 * @param chargedAt              when the money was taken: for a Direct Debit the provider's confirmation moment
 * @param failureCode            the provider's code for a failure (a decline code, a Bacs return reason), or null
 * @param nextAction             what the customer must do for a {@code requires_action} payment, else null
 * @param supersededByOperatorAt when the operator stopped waiting on the payment; null until then
 * @param amountRefundedMinor    how much of this payment has been paid back (refunds in progress included)
 * @param closedAt               a failed collection attempt closed by a void of its invoice; null otherwise
 */
public record Payment(UUID id, String object, UUID contactId, @Nullable UUID invoiceId, @Nullable UUID subscriptionId,
        @Nullable UUID orderId, @OneOf("DIRECTIONS") String direction, @Nullable UUID refundOf,
        @Nullable UUID creditNoteId, @OneOf("RAILS") String rail, @OneOf("OFFLINE_METHODS") String offlineMethod,
        @Nullable String reference, String description, @Nullable String reason, long amountMinor, String currency,
        @OneOf("STATUSES") String status, @Nullable UUID paymentMethodId, @Nullable UUID mandateId,
        @Nullable String provider, String providerPaymentRef, @Nullable LocalDate providerChargeDate,
        @Nullable Instant bankSubmittedAt, Instant chargedAt, @Nullable String failureCode, String failureMessage,
        @Nullable NextAction nextAction, @Nullable Instant supersededByOperatorAt, long amountRefundedMinor,
        @Nullable Instant closedAt, Instant createdAt, Instant updatedAt) {

    public static final String OBJECT = "payment";

    public static final String PAYMENT = "payment";
    public static final String REFUND = "refund";
    public static final List<String> DIRECTIONS = List.of(PAYMENT, REFUND);

    public static final String CARD = "card";
    public static final String BACS_DD = "bacs_dd";
    public static final String OFFLINE = "offline";
    public static final List<String> RAILS = List.of(CARD, BACS_DD, OFFLINE);

    public static final String OTHER = "other";
    public static final List<String> OFFLINE_METHODS = List.of("card_terminal", "standing_order", OTHER);

    public static final String PENDING = "pending";
    public static final String REQUIRES_ACTION = "requires_action";
    public static final String SUCCEEDED = "succeeded";
    public static final String FAILED = "failed";
    public static final String PAID_OUT = "paid_out";
    public static final String LATE_FAILURE_SETTLED = "late_failure_settled";
    public static final String CHARGEBACK_SETTLED = "chargeback_settled";
    public static final String CANCELLED = "cancelled";
    public static final List<String> STATUSES = List.of(PENDING, REQUIRES_ACTION, SUCCEEDED, FAILED, PAID_OUT,
            LATE_FAILURE_SETTLED, CHARGEBACK_SETTLED, CANCELLED);
    /** The statuses money can be paid back from. */
    public static final List<String> REFUNDABLE = List.of(SUCCEEDED, PAID_OUT);
    /** The statuses an operator may stop waiting on. */
    public static final List<String> AWAITED = List.of(PENDING, REQUIRES_ACTION);

    /**
     * The step the customer must take.
     *
     * @param type        {@code redirect}
     * @param redirectUrl where to send the customer to authenticate the card payment
     */
    @Schema(name = "PaymentNextAction")
    public record NextAction(@OneOf("TYPES") String type, String redirectUrl) {

        public static final List<String> TYPES = List.of("redirect");

        static NextAction redirect(String url) {
            return url == null ? null : new NextAction("redirect", url);
        }
    }

    /** What is left to pay back. */
    long refundableMinor() {
        return amountMinor - amountRefundedMinor;
    }
}
