package com.storageplatform.billing.shop;

import java.util.List;
import java.util.UUID;

/**
 * The {@code data} of billing's internal {@code stock.taken} and {@code stock.returned} (docs/api/billing.md):
 * units of a product that a shop sale handed over, or that a return of it brought back. The catalogue moves the
 * product's {@code stock_on_hand} by {@code quantity} when it tracks stock.
 *
 * @param id       the movement, a UUIDv7; the event's subject
 * @param quantity units moved, at least 1
 * @param reason   {@code shop_sale} or {@code shop_return}
 */
public record StockMovement(UUID id, String object, UUID productId, int quantity, UUID invoiceId,
        String reason) {

    public static final String OBJECT = "stock_movement";
    public static final String TAKEN = "stock.taken";
    public static final String RETURNED = "stock.returned";
    public static final String SHOP_SALE = "shop_sale";
    public static final String SHOP_RETURN = "shop_return";
    public static final List<String> REASONS = List.of(SHOP_SALE, SHOP_RETURN);
}
