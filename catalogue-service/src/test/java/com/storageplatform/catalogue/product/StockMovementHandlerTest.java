package com.storageplatform.catalogue.product;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.catalogue.Outbox;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.TestEvents;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Billing's {@code stock.taken} and {@code stock.returned} on {@code billing.events}, published to Kafka as billing's
 * outbox would, move {@code stock_on_hand} of a product with {@code track_stock} and publish {@code product.updated};
 * a redelivered event id moves nothing, and a product without {@code track_stock} is left as it is.
 */
@PlatformTest
class StockMovementHandlerTest {

    static final String TOPIC = "billing.events";
    static final Duration WAIT = Duration.ofSeconds(30);

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    CatalogueApi api;
    final Caller caller = CatalogueApi.newAccount();

    @BeforeEach
    void setUp() {
        api = new CatalogueApi(client, json, "/v1/products");
    }

    private String boxes(long stock) {
        return api.createId(caller, """
                {"name": "Archive box", "price_mode": "per_unit", "unit_label": "box", "unit_price_e4": 34500,
                 "currency": "GBP", "track_stock": true, "stock_on_hand": %d}
                """.formatted(stock));
    }

    private UUID publish(String type, String productId, long quantity) {
        return publish(Ids.newId(), type, caller.accountId(), productId, quantity);
    }

    private UUID publish(UUID eventId, String type, UUID accountId, String productId, long quantity) {
        return TestEvents.publish(TOPIC, eventId, type, accountId, Map.of("object", "stock_movement",
                "id", Ids.newId().toString(), "product_id", productId, "quantity", quantity,
                "invoice_id", Ids.newId().toString(),
                "reason", "stock.taken".equals(type) ? "shop_sale" : "shop_return"));
    }

    private long stock(String product) {
        return api.read(caller, product).get("stock_on_hand").asLong();
    }

    /** The {@code stock_on_hand} of each {@code product.updated} about the product, oldest first. */
    private List<Long> updatedStocks(String product) {
        return Outbox.about(db, json, product).stream()
                .filter(event -> "product.updated".equals(event.get("type").asString()))
                .map(event -> event.get("data").get("stock_on_hand").asLong())
                .toList();
    }

    /** Waits until the inbox has applied the event (its id recorded, in the same transaction as the change). */
    private void awaitApplied(UUID eventId) {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (System.nanoTime() < deadline) {
            Long seen = db.sql("SELECT count(*) AS n FROM inbox_events WHERE event_id = :id").bind("id", eventId)
                    .map(row -> row.get("n", Long.class)).one().block();
            if (seen != null && seen > 0) {
                return;
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
        throw new AssertionError("event " + eventId + " was not applied within " + WAIT);
    }

    @Test
    void aSaleTakesItsQuantityOffTheStockAndPublishesProductUpdated() {
        String product = boxes(40);
        JsonNode before = api.read(caller, product);

        awaitApplied(publish("stock.taken", product, 3));

        JsonNode after = api.read(caller, product);
        assertThat(after.get("stock_on_hand").asLong()).isEqualTo(37);
        assertThat(after.get("updated_at").asString()).isNotEqualTo(before.get("updated_at").asString());
        assertThat(Outbox.types(db, json, product)).containsExactly("product.created", "product.updated");
        JsonNode event = Outbox.about(db, json, product).get(1);
        assertThat(event.get("data")).isEqualTo(after);
        assertThat(event.get("accountid").asString()).isEqualTo(caller.accountId().toString());
    }

    @Test
    void aReturnPutsItsQuantityBack() {
        String product = boxes(40);

        publish("stock.taken", product, 5);
        awaitApplied(publish("stock.returned", product, 2));

        assertThat(stock(product)).isEqualTo(37);
        assertThat(updatedStocks(product)).containsExactly(35L, 37L);
    }

    @Test
    void aRedeliveredMovementMovesNothing() {
        String product = boxes(40);
        UUID sale = publish(Ids.newId(), "stock.taken", caller.accountId(), product, 3);
        awaitApplied(sale);

        publish(sale, "stock.taken", caller.accountId(), product, 3);
        // Events of one account come in order: once the next is applied, the redelivery has been passed over.
        awaitApplied(publish("stock.returned", product, 1));

        assertThat(stock(product)).isEqualTo(38);
        assertThat(updatedStocks(product)).containsExactly(37L, 38L);
    }

    @Test
    void aSaleBeyondTheStockTakesItToZeroNeverBelow() {
        String product = boxes(4);

        awaitApplied(publish("stock.taken", product, 6));
        assertThat(stock(product)).isZero();

        // A further sale from an empty stock leaves the product as it was: no change, no event.
        awaitApplied(publish("stock.taken", product, 1));
        assertThat(stock(product)).isZero();
        assertThat(updatedStocks(product)).containsExactly(0L);
    }

    @Test
    void aProductWithoutTrackStockIsLeftAsItIs() {
        JsonNode padlock = api.create(caller, """
                {"name": "Disc padlock", "price_mode": "fixed", "unit_price_e4": 129900, "currency": "GBP"}
                """);
        String product = padlock.get("id").asString();

        awaitApplied(publish("stock.taken", product, 2));
        awaitApplied(publish("stock.returned", product, 1));

        assertThat(api.read(caller, product)).isEqualTo(padlock);
        assertThat(Outbox.types(db, json, product)).containsExactly("product.created");
    }

    @Test
    void aMovementOfAnotherAccountLeavesTheProductAsItIs() {
        String product = boxes(40);
        Caller other = CatalogueApi.newAccount();

        awaitApplied(publish(Ids.newId(), "stock.taken", other.accountId(), product, 3));

        assertThat(stock(product)).isEqualTo(40);
        assertThat(Outbox.types(db, json, product)).containsExactly("product.created");
    }

    @Test
    void aMovementWithoutAWholePositiveQuantityIsPassedOver() {
        String product = boxes(40);

        awaitApplied(TestEvents.publish(TOPIC, "stock.taken", caller.accountId(), Map.of("object", "stock_movement",
                "id", Ids.newId().toString(), "product_id", product, "quantity", 0)));
        awaitApplied(TestEvents.publish(TOPIC, "stock.taken", caller.accountId(), Map.of("object", "stock_movement",
                "id", Ids.newId().toString(), "product_id", product, "quantity", "3")));

        assertThat(stock(product)).isEqualTo(40);
    }
}
