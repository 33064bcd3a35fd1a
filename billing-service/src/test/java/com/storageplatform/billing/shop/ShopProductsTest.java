package com.storageplatform.billing.shop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.storageplatform.billing.support.Accounts;
import com.storageplatform.billing.support.BillingApi;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.TestEvents;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.FieldIssue;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Billing's projection of the catalogue's products, fed by {@code product.*} on {@code catalogue.events} as the
 * catalogue's outbox publishes them, read through {@link ShopProducts}; and the stock movements it publishes.
 */
@PlatformTest
class ShopProductsTest {

    static final String TOPIC = "catalogue.events";
    static final Duration WAIT = Duration.ofSeconds(30);

    @Autowired
    ShopProducts shop;

    @Autowired
    DatabaseClient db;

    @Autowired
    JsonMapper json;

    @Autowired
    TransactionalOperator tx;

    Accounts accounts;
    final Caller caller = BillingApi.newAccount();

    @BeforeEach
    void setUp() {
        accounts = new Accounts(db, json);
    }

    /** A product in the catalogue's REST shape (docs/api/catalogue.md), as its events carry it. */
    static Map<String, Object> boxes(UUID id) {
        Map<String, Object> product = new LinkedHashMap<>();
        product.put("id", id.toString());
        product.put("object", "product");
        product.put("name", "Archive box");
        product.put("description", "Double-walled, 45 litres.");
        product.put("sku", "BOX-L");
        product.put("accounting_code", "4010");
        product.put("usable_website", true);
        product.put("usable_shop", true);
        product.put("track_stock", true);
        product.put("stock_on_hand", 40);
        product.put("price_mode", "per_unit");
        product.put("unit_label", "box");
        product.put("unit_price_e4", 34500);
        product.put("currency", "GBP");
        product.put("standard_rate_above_per_day", null);
        product.put("vat_treatment", "standard_20");
        product.put("status", "active");
        product.put("created_at", "2026-11-21T11:07:11.632239Z");
        product.put("updated_at", "2026-11-21T11:07:11.632239Z");
        return product;
    }

    static Map<String, Object> with(Map<String, Object> product, String field, Object value) {
        Map<String, Object> changed = new LinkedHashMap<>(product);
        changed.put(field, value);
        return changed;
    }

    private UUID publish(String type, Map<String, Object> product) {
        return TestEvents.publish(TOPIC, type, caller.accountId(), product);
    }

    /** As the catalogue's outbox would send an event written at {@code time} (an older one arriving late). */
    private UUID publishAt(Instant time, String type, Map<String, Object> product) {
        UUID id = Ids.newId();
        Map<String, Object> envelope = new LinkedHashMap<>();
        envelope.put("specversion", "1.0");
        envelope.put("id", id.toString());
        envelope.put("source", "/catalogue");
        envelope.put("type", type);
        envelope.put("time", time.toString());
        envelope.put("datacontenttype", "application/json");
        envelope.put("subject", product.get("id"));
        envelope.put("accountid", caller.accountId().toString());
        envelope.put("environment", "test");
        envelope.put("actortype", "api");
        envelope.put("data", product);
        TestEvents.publishRaw(TOPIC, caller.accountId().toString(), json.writeValueAsString(envelope));
        return id;
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

    private SaleProduct forSale(UUID productId) {
        return shop.forSale(caller.accountId(), productId).block();
    }

    private ApiException refusal(UUID productId) {
        Throwable thrown = catchThrowable(
                () -> shop.sellable(caller.accountId(), productId, "lines[1].product_id").block());
        assertThat(thrown).isInstanceOf(ApiException.class);
        ApiException refused = (ApiException) thrown;
        assertThat(refused.status().value()).isEqualTo(422);
        assertThat(refused.details()).hasSize(1);
        assertThat(refused.details().get(0).field()).isEqualTo("lines[1].product_id");
        return refused;
    }

    @Test
    void aProductTheCatalogueCreatedIsForSaleWithItsPriceInMinorUnits() {
        UUID id = Ids.newId();
        awaitApplied(publish("product.created", boxes(id)));

        assertThat(forSale(id)).isEqualTo(new SaleProduct(id, "Archive box", "per_unit", "box", 34500L, 345L, "GBP",
                "standard_20", true, 40L, true, "active", "4010"));
        assertThat(shop.sellable(caller.accountId(), id, "lines[0].product_id").block()).isEqualTo(forSale(id));
    }

    @Test
    void aNewerEventReplacesTheProductAndAnOlderOneArrivingLateChangesNothing() {
        UUID id = Ids.newId();
        Instant created = Instant.now().minusSeconds(60);
        publishAt(created, "product.created", boxes(id));
        awaitApplied(publishAt(created.plusSeconds(20), "product.updated", with(boxes(id), "stock_on_hand", 37)));
        assertThat(forSale(id).stockOnHand()).isEqualTo(37);

        awaitApplied(publishAt(created.plusSeconds(10), "product.updated", with(boxes(id), "stock_on_hand", 39)));
        assertThat(forSale(id).stockOnHand()).isEqualTo(37);

        awaitApplied(publish("product.updated", with(boxes(id), "unit_price_e4", 39900)));
        assertThat(forSale(id).unitPriceMinor()).isEqualTo(399);
        assertThat(forSale(id).stockOnHand()).isEqualTo(40);
    }

    @Test
    void anArchivedProductIsRefusedAsNotAllowed() {
        UUID id = Ids.newId();
        publish("product.created", boxes(id));
        awaitApplied(publish("product.archived", with(boxes(id), "status", "archived")));

        assertThat(forSale(id).status()).isEqualTo("archived");
        ApiException refused = refusal(id);
        assertThat(refused.details().get(0).issue()).isEqualTo(FieldIssue.NOT_ALLOWED);
        assertThat(refused.getMessage()).contains("archived");
    }

    @Test
    void aProductNotUsableShopIsRefusedAsNotAllowed() {
        UUID id = Ids.newId();
        awaitApplied(publish("product.created", with(boxes(id), "usable_shop", false)));

        ApiException refused = refusal(id);
        assertThat(refused.details().get(0).issue()).isEqualTo(FieldIssue.NOT_ALLOWED);
        assertThat(refused.getMessage()).contains("usable_shop is false");
    }

    @Test
    void aPriceNotInWholeMinorUnitsIsRefusedAsInvalid() {
        UUID id = Ids.newId();
        awaitApplied(publish("product.created", with(boxes(id), "unit_price_e4", 34567)));

        assertThat(forSale(id).unitPriceMinor()).isNull();
        ApiException refused = refusal(id);
        assertThat(refused.details().get(0).issue()).isEqualTo(FieldIssue.INVALID);
        assertThat(refused.getMessage()).contains("3.4567 GBP");
    }

    @Test
    void anUnknownProductIsEmptyAndRefusedAsNotFound() {
        UUID id = Ids.newId();

        assertThat(forSale(id)).isNull();
        assertThat(refusal(id).details().get(0).issue()).isEqualTo(FieldIssue.NOT_FOUND);
    }

    @Test
    void anotherAccountsProductIsUnknown() {
        UUID id = Ids.newId();
        Caller other = BillingApi.newAccount();
        awaitApplied(TestEvents.publish(TOPIC, "product.created", other.accountId(), boxes(id)));

        assertThat(shop.forSale(other.accountId(), id).block()).isNotNull();
        assertThat(forSale(id)).isNull();
        assertThat(refusal(id).details().get(0).issue()).isEqualTo(FieldIssue.NOT_FOUND);
    }

    @Test
    void aDeletedProductIsGoneForGood() {
        UUID id = Ids.newId();
        publish("product.created", boxes(id));
        awaitApplied(publish("product.deleted", boxes(id)));
        assertThat(forSale(id)).isNull();

        awaitApplied(publish("product.updated", boxes(id)));
        assertThat(forSale(id)).isNull();
    }

    @Test
    void takingStockPublishesStockTakenForTheCatalogue() {
        UUID invoice = Ids.newId();
        UUID product = Ids.newId();

        StockMovement movement = tx.transactional(shop.take(caller, invoice, product, 3)).block();

        List<JsonNode> events = accounts.events(movement.id());
        assertThat(events).hasSize(1);
        JsonNode event = events.get(0);
        assertThat(event.get("type").asString()).isEqualTo("stock.taken");
        assertThat(event.get("accountid").asString()).isEqualTo(caller.accountId().toString());
        assertThat(json.writeValueAsString(event.get("data"))).isEqualTo("""
                {"id":"%s","object":"stock_movement","product_id":"%s","quantity":3,"invoice_id":"%s",\
                "reason":"shop_sale"}""".formatted(movement.id(), product, invoice));
        assertThat(Ids.parse(movement.id().toString())).isPresent();
    }

    @Test
    void puttingStockBackPublishesStockReturned() {
        UUID invoice = Ids.newId();
        UUID product = Ids.newId();

        StockMovement movement = tx.transactional(shop.putBack(caller, invoice, product, 2)).block();

        JsonNode event = accounts.events(movement.id()).get(0);
        assertThat(event.get("type").asString()).isEqualTo("stock.returned");
        assertThat(event.get("data").get("quantity").asInt()).isEqualTo(2);
        assertThat(event.get("data").get("reason").asString()).isEqualTo("shop_return");
        assertThat(event.get("data").get("invoice_id").asString()).isEqualTo(invoice.toString());
    }

    @Test
    void aMovementRolledBackWithItsSaleIsNeverPublished() {
        UUID invoice = Ids.newId();
        UUID[] written = new UUID[1];

        assertThatThrownBy(() -> tx.transactional(shop.take(caller, invoice, Ids.newId(), 1)
                        .doOnNext(movement -> written[0] = movement.id())
                        .then(Mono.error(new IllegalStateException("the sale failed after taking stock"))))
                .block()).hasMessageContaining("the sale failed");

        assertThat(written[0]).isNotNull();
        assertThat(accounts.events(written[0])).isEmpty();
    }

    @Test
    void aMovementOfLessThanOneUnitIsACallersBug() {
        assertThatThrownBy(() -> shop.take(caller, Ids.newId(), Ids.newId(), 0).block())
                .isInstanceOf(IllegalArgumentException.class);
    }
}
