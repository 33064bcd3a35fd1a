package com.storageplatform.billing.shop;

import com.storageplatform.billing.payment.DeskPayments;
import com.storageplatform.kit.openapi.OneOf;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The body of {@code POST /v1/invoices/{id}/return}: items brought back from a shop sale.
 *
 * @param lines  1 to 100 of the sale's product lines, each at most once
 * @param refund how the money is paid back: required when the return pays money back, refused when it does not
 */
@Schema(requiredProperties = {"lines"})
record ReturnItems(List<Line> lines, Refund refund) {

    /**
     * Units returned of one line of the sale.
     *
     * @param line     the line's place in the invoice's {@code lines}, from 0; a {@code product} line
     * @param quantity at least 1, at most what is left to return of the line ({@code quantity} less
     *                 {@code returned_quantity})
     */
    @Schema(name = "ShopReturnLine", requiredProperties = {"line", "quantity"})
    record Line(Integer line, Integer quantity) {
    }

    /**
     * How the money is paid back at the desk.
     *
     * @param rail          {@code offline} (handed back by the operator: needs an {@code Idempotency-Key}) or
     *                      {@code card} (back to the card the sale was charged to, through the provider)
     * @param offlineMethod rail {@code offline}: {@code card_terminal}, or {@code other} with a {@code reference}
     * @param reference     rail {@code offline}: what identifies the refund, required for {@code other}, at most 200
     *                      characters
     */
    @Schema(name = "ShopReturnRefund", requiredProperties = {"rail"})
    record Refund(@OneOf(value = "RAILS", in = DeskPayments.class) String rail,
            @OneOf(value = "OFFLINE_METHODS", in = DeskPayments.class) String offlineMethod, String reference) {
    }
}
