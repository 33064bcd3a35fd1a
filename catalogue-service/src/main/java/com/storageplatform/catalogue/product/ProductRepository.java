package com.storageplatform.catalogue.product;

import static com.storageplatform.kit.db.Bindings.nullable;

import com.storageplatform.kit.db.AccountStatement;
import com.storageplatform.kit.paging.ListQuery;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.web.Envelopes;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.r2dbc.core.DatabaseClient.GenericExecuteSpec;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Mono;

/** The {@code products} table. Every statement is bound to an account: no query can reach another tenant's row. */
@Repository
class ProductRepository {

    private static final String COLUMNS = """
            id, name, description, sku, accounting_code, usable_website, usable_shop, track_stock, stock_on_hand,
            price_mode, unit_label, unit_price_e4, currency, standard_rate_above_per_day, vat_treatment, status,
            created_at, updated_at
            """;

    private final DatabaseClient db;

    ProductRepository(DatabaseClient db) {
        this.db = db;
    }

    Mono<Void> insert(UUID accountId, Product product) {
        GenericExecuteSpec insert = AccountStatement.sql(db, accountId, """
                INSERT INTO products (account_id, %s)
                VALUES (:account_id, :id, :name, :description, :sku, :accounting_code, :usable_website, :usable_shop,
                        :track_stock, :stock_on_hand, :price_mode, :unit_label, :unit_price_e4, :currency,
                        :standard_rate_above_per_day, :vat_treatment, :status, :created_at, :updated_at)
                """.formatted(COLUMNS))
                .bind("created_at", product.createdAt());
        return bindValues(insert, product).then();
    }

    Mono<Void> update(UUID accountId, Product product) {
        GenericExecuteSpec update = AccountStatement.sql(db, accountId, """
                UPDATE products SET name = :name, description = :description, sku = :sku,
                    accounting_code = :accounting_code, usable_website = :usable_website, usable_shop = :usable_shop,
                    track_stock = :track_stock, stock_on_hand = :stock_on_hand, price_mode = :price_mode,
                    unit_label = :unit_label, unit_price_e4 = :unit_price_e4, currency = :currency,
                    standard_rate_above_per_day = :standard_rate_above_per_day, vat_treatment = :vat_treatment,
                    status = :status, updated_at = :updated_at
                WHERE account_id = :account_id AND id = :id
                """);
        return bindValues(update, product).then();
    }

    Mono<Product> find(UUID accountId, UUID id) {
        return findBy(accountId, id, "");
    }

    /** The product, locked until the transaction ends, so concurrent updates apply one after the other. */
    Mono<Product> findForUpdate(UUID accountId, UUID id) {
        return findBy(accountId, id, " FOR UPDATE");
    }

    /** Newest first; each filter applies only when given. */
    Mono<Envelopes.ListOf<Product>> list(UUID accountId, Boolean usableWebsite, Boolean usableShop, String status,
            PageRequest page) {
        return ListQuery.from("SELECT " + COLUMNS + " FROM products", accountId)
                .where("usable_website = :usable_website", "usable_website", usableWebsite)
                .where("usable_shop = :usable_shop", "usable_shop", usableShop)
                .where("status = :status", "status", status)
                .page(db, page, ProductRepository::toProduct);
    }

    private Mono<Product> findBy(UUID accountId, UUID id, String lock) {
        return AccountStatement.sql(db, accountId,
                        "SELECT " + COLUMNS + " FROM products WHERE account_id = :account_id AND id = :id" + lock)
                .bind("id", id)
                .map(ProductRepository::toProduct)
                .one();
    }

    private static GenericExecuteSpec bindValues(GenericExecuteSpec spec, Product p) {
        spec = spec.bind("id", p.id())
                .bind("name", p.name())
                .bind("usable_website", p.usableWebsite())
                .bind("usable_shop", p.usableShop())
                .bind("track_stock", p.trackStock())
                .bind("price_mode", p.priceMode())
                .bind("unit_price_e4", p.unitPriceE4())
                .bind("currency", p.currency())
                .bind("vat_treatment", p.vatTreatment())
                .bind("status", p.status())
                .bind("updated_at", p.updatedAt());
        spec = nullable(spec, "description", p.description(), String.class);
        spec = nullable(spec, "sku", p.sku(), String.class);
        spec = nullable(spec, "accounting_code", p.accountingCode(), String.class);
        spec = nullable(spec, "stock_on_hand", p.stockOnHand(), Long.class);
        spec = nullable(spec, "unit_label", p.unitLabel(), String.class);
        return nullable(spec, "standard_rate_above_per_day", p.standardRateAbovePerDay(), Long.class);
    }


    private static Product toProduct(Readable row) {
        return new Product(row.get("id", UUID.class), Product.OBJECT, row.get("name", String.class),
                row.get("description", String.class), row.get("sku", String.class),
                row.get("accounting_code", String.class), row.get("usable_website", Boolean.class),
                row.get("usable_shop", Boolean.class), row.get("track_stock", Boolean.class),
                row.get("stock_on_hand", Long.class), row.get("price_mode", String.class),
                row.get("unit_label", String.class), row.get("unit_price_e4", Long.class),
                row.get("currency", String.class), row.get("standard_rate_above_per_day", Long.class),
                row.get("vat_treatment", String.class), row.get("status", String.class),
                row.get("created_at", Instant.class), row.get("updated_at", Instant.class));
    }
}
