package com.storageplatform.catalogue.product;

import com.storageplatform.kit.inbox.ConsumedEvent;
import com.storageplatform.kit.inbox.EventData;
import com.storageplatform.kit.inbox.EventHandler;
import java.util.Set;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * Moves {@code stock_on_hand} from billing's {@code stock.taken} and {@code stock.returned} on {@code billing.events}
 * (the contract is in docs/api/catalogue.md, "Events the catalogue consumes"). The kit's inbox applies each event id
 * once, in one transaction with the product's change and its {@code product.updated}, so a redelivery moves nothing.
 */
@Component
class StockMovementHandler implements EventHandler {

    static final String TOPIC = "billing.events";

    private static final Logger log = LoggerFactory.getLogger(StockMovementHandler.class);

    private final ProductService products;

    StockMovementHandler(ProductService products) {
        this.products = products;
    }

    @Override
    public String topic() {
        return TOPIC;
    }

    @Override
    public Set<String> types() {
        return Set.of(StockMovement.TAKEN, StockMovement.RETURNED);
    }

    /** A movement without a product id or a quantity from 1 to the most a product holds is logged and passed over. */
    @Override
    public Mono<Void> handle(ConsumedEvent event) {
        JsonNode data = event.data();
        UUID productId = EventData.id(data, "product_id");
        JsonNode quantity = data.path("quantity");
        if (productId == null || !quantity.isIntegralNumber() || !quantity.canConvertToLong()
                || quantity.longValue() < 1 || quantity.longValue() > ProductRules.STOCK_MAX) {
            log.warn("Passing over {} event {}: it names no product_id or no quantity from 1 to {}", event.type(),
                    event.id(), ProductRules.STOCK_MAX);
            return Mono.empty();
        }
        StockMovement movement = new StockMovement(EventData.id(data, "id"), productId, quantity.longValue(),
                EventData.id(data, "invoice_id"), EventData.text(data, "reason"),
                StockMovement.TAKEN.equals(event.type()));
        return products.moveStock(event.actingCaller(), movement);
    }
}
