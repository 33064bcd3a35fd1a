package com.storageplatform.catalogue.product;

import java.util.UUID;

/**
 * One movement of a product's stock that billing published on {@code billing.events} (docs/api/catalogue.md,
 * "Events the catalogue consumes"): {@code stock.taken} by a shop sale, {@code stock.returned} by a return of it.
 * The rule of what it does to {@code stock_on_hand} is pure, here.
 *
 * @param quantity units moved, 1 to {@link ProductRules#STOCK_MAX}
 * @param taken    true for {@code stock.taken}, false for {@code stock.returned}
 */
record StockMovement(UUID id, UUID productId, long quantity, UUID invoiceId, String reason, boolean taken) {

    static final String TAKEN = "stock.taken";
    static final String RETURNED = "stock.returned";

    /**
     * The stock after the movement. A sale beyond the stock on hand takes it to 0, never below: the desk has already
     * handed the goods over, so the count was wrong, and refusing the movement would only leave it more wrong. A
     * return adds what came back, up to the most a product may hold, so the product stays valid under its rules.
     */
    long stockAfter(long onHand) {
        return taken ? Math.max(0, onHand - quantity) : Math.min(ProductRules.STOCK_MAX, onHand + quantity);
    }

    /** The units sold beyond the stock on hand (0 within stock, and for a return). */
    long shortfall(long onHand) {
        return taken ? Math.max(0, quantity - onHand) : 0;
    }
}
