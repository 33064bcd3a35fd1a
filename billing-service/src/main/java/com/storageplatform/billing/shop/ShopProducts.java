package com.storageplatform.billing.shop;

import com.storageplatform.billing.internal.Records;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.outbox.EventPublisher;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.FieldIssue;
import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * What a shop sale needs of the catalogue's products (docs/api/billing.md): the product as billing knows it
 * from the catalogue's events, whether the desk may sell it, and the stock movements billing tells the catalogue
 * of, which own nothing here: the catalogue keeps {@code stock_on_hand}.
 */
@Component
public class ShopProducts {

    private final Records products;
    private final EventPublisher events;

    ShopProducts(Records products, EventPublisher events) {
        this.products = products;
        this.events = events;
    }

    /** The account's product; empty when billing has not heard of it (or another account has it) or it was deleted. */
    public Mono<SaleProduct> forSale(UUID accountId, UUID productId) {
        return products.product(accountId, productId).map(SaleProduct::of);
    }

    /**
     * The product, when the desk may sell it; otherwise 422 {@code validation_error} on {@code field} (the request's
     * path to the product id, {@code lines[0].product_id}): {@code not_found} for a product unknown to billing,
     * else the product's {@link SaleProduct#refusal}, with a message saying why.
     */
    public Mono<SaleProduct> sellable(UUID accountId, UUID productId, String field) {
        return forSale(accountId, productId)
                .switchIfEmpty(Mono.error(() -> ApiException.invalid(field, FieldIssue.NOT_FOUND,
                        "No product " + productId + " in this account.")))
                .flatMap(product -> product.refusal()
                        .<Mono<SaleProduct>>map(why -> Mono.error(ApiException.invalid(field, why.issue(),
                                why.message())))
                        .orElseGet(() -> Mono.just(product)));
    }

    /**
     * Tells the catalogue that the sale {@code invoiceId} handed over {@code quantity} units of the product:
     * {@code stock.taken}, written through the outbox in the caller's transaction, so it leaves only if the sale
     * commits. Call it for every product line: the catalogue applies it only to a product that tracks stock.
     */
    public Mono<StockMovement> take(Caller caller, UUID invoiceId, UUID productId, int quantity) {
        return move(caller, StockMovement.TAKEN, StockMovement.SHOP_SALE, invoiceId, productId, quantity);
    }

    /** A return of the sale {@code invoiceId} brought {@code quantity} units back: {@code stock.returned}, as above. */
    public Mono<StockMovement> putBack(Caller caller, UUID invoiceId, UUID productId, int quantity) {
        return move(caller, StockMovement.RETURNED, StockMovement.SHOP_RETURN, invoiceId, productId, quantity);
    }

    private Mono<StockMovement> move(Caller caller, String type, String reason, UUID invoiceId, UUID productId,
            int quantity) {
        return Mono.defer(() -> {
            // The sale's rules refuse a quantity below 1 before anything is written; this is a caller's bug.
            if (quantity < 1) {
                throw new IllegalArgumentException("A stock movement moves at least 1 unit, not " + quantity);
            }
            StockMovement movement = new StockMovement(Ids.newId(), StockMovement.OBJECT, productId, quantity,
                    invoiceId, reason);
            return events.publish(caller, type, movement.id(), movement).thenReturn(movement);
        });
    }
}
