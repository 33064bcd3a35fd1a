package com.storageplatform.billing.shop;

import com.storageplatform.billing.payment.DeskPayments;
import com.storageplatform.kit.openapi.OneOf;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The body of {@code POST /v1/invoices/shop-sales}: products sold at the desk to a customer or to the account's
 * walk-in sales record, paid at once, and (for a customer) their outstanding invoices taken into the sale to be paid
 * with it.
 *
 * @param contactId  a customer, or the account's walk-in sales record
 * @param currency   ISO 4217; every product's price and every invoice taken in must be in it
 * @param items      1 to 100 products sold
 * @param invoiceIds up to 100 outstanding invoices of the same customer (never the walk-in record), each paid in
 *                   full with the sale
 * @param payment    how the customer pays
 */
@Schema(requiredProperties = {"contact_id", "currency", "items", "payment"})
record CreateShopSale(String contactId, String currency, List<Item> items, List<String> invoiceIds,
        Payment payment) {

    /**
     * A product sold.
     *
     * @param productId a product of the account's catalogue that the desk sells ({@code usable_shop}, active)
     * @param quantity  1 to 10 000 of it; its price (of a unit, or of one for a {@code fixed} price) times this
     */
    @Schema(name = "ShopSaleItem", requiredProperties = {"product_id", "quantity"})
    record Item(String productId, Integer quantity) {
    }

    /**
     * How the customer pays at the desk.
     *
     * @param rail            {@code offline} (money the operator took: needs an {@code Idempotency-Key}) or
     *                        {@code card} (charged through the card provider)
     * @param offlineMethod   rail {@code offline}: {@code card_terminal}, or {@code other} with a {@code reference}
     * @param reference       rail {@code offline}: what identifies the payment (a receipt or cheque number),
     *                        required for {@code other}, at most 200 characters
     * @param paymentMethodId rail {@code card}: the customer's saved card (by default their default card)
     * @param cardToken       rail {@code card}: a card presented once and saved nowhere, instead of a card on file
     *                        (on test accounts {@code test_card_visa}, {@code test_card_declined},
     *                        {@code test_card_requires_action})
     */
    @Schema(name = "ShopSalePayment", requiredProperties = {"rail"})
    record Payment(@OneOf(value = "RAILS", in = DeskPayments.class) String rail,
            @OneOf(value = "OFFLINE_METHODS", in = DeskPayments.class) String offlineMethod, @Nullable String reference,
            @Nullable String paymentMethodId, String cardToken) {
    }
}
