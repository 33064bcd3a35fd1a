package com.storageplatform.billing.payment;

import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The body of {@code POST /v1/payments}.
 *
 * @param contactId       the customer who pays: required without {@code invoice_id}, which otherwise defaults it
 * @param offlineMethod   required for rail {@code offline}, refused on the other rails
 * @param reference       required for {@code offline_method} {@code other}; offline only, at most 200 characters
 * @param paymentMethodId rail {@code card}: the customer's card to charge (by default their default card)
 * @param mandateId       rail {@code bacs_dd}: the mandate to collect on (by default their active one)
 * @param cardToken       rail {@code card}: a card token charged once without being saved, instead of a card on
 *                        file (on test accounts {@code test_card_visa}, {@code test_card_declined},
 *                        {@code test_card_requires_action})
 * @param orderId         commerce's order to be paid: billing issues the order's invoice from {@code lines} and
 *                        {@code deposit_minor} and takes the payment against it (never with {@code invoice_id})
 * @param lines           the order's lines (with {@code order_id} only)
 * @param depositMinor    the order's refundable deposit, billed as a {@code deposit} line (with {@code order_id}
 *                        only)
 * @param returnUrl       where the customer comes back to after a card's step-up ({@code https})
 */
@Schema(requiredProperties = {"rail", "amount_minor", "currency"})
public record CreatePayment(String rail, Long amountMinor, String currency, String contactId, String invoiceId,
        String subscriptionId, String offlineMethod, String reference, String description, String paymentMethodId,
        String mandateId, String cardToken, String orderId, List<OrderLine> lines, @Nullable Long depositMinor,
        String returnUrl) {

    /**
     * One line of commerce's order, as commerce prices it. Billing bills each line at its {@code total_minor} (VAT
     * included) and works the VAT in it out itself; a {@code discount} line (a negative total) reduces the
     * {@code licence_fee} line of the same VAT treatment; {@code deposit} lines are billed from
     * {@code deposit_minor}.
     *
     * @param kind            {@code licence_fee}, {@code product}, {@code cover}, {@code deposit} or {@code discount}
     * @param unitAmountMinor commerce's price of one (not used by billing)
     * @param amountMinor     commerce's net amount (not used by billing)
     * @param vatRate         commerce's VAT rate (not used by billing)
     * @param vatMinor        commerce's VAT (not used by billing)
     * @param totalMinor      the line's total, VAT included
     */
    @Schema(name = "PaymentOrderLine", requiredProperties = {"kind", "description", "quantity", "vat_treatment",
            "total_minor"})
    public record OrderLine(String kind, String description, Integer quantity, @Nullable Long unitAmountMinor,
            @Nullable Long amountMinor, String vatTreatment, @Nullable Integer vatRate, @Nullable Long vatMinor,
            Long totalMinor) {
    }
}
