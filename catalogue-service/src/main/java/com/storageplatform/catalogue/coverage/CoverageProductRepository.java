package com.storageplatform.catalogue.coverage;

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

/** The {@code coverage_products} table, every statement bound to an account. */
@Repository
class CoverageProductRepository {

    private static final String COLUMNS = """
            id, name, description, kind, insurer_name, pricing_mode, price_minor, rate_per_thousand_minor, currency,
            min_cover_minor, max_cover_minor, rounding_step, billing_cycle, regulatory_basis_ref, status,
            created_at, updated_at
            """;

    private final DatabaseClient db;

    CoverageProductRepository(DatabaseClient db) {
        this.db = db;
    }

    Mono<Void> insert(UUID accountId, CoverageProduct product) {
        GenericExecuteSpec insert = AccountStatement.sql(db, accountId, """
                INSERT INTO coverage_products (account_id, %s)
                VALUES (:account_id, :id, :name, :description, :kind, :insurer_name, :pricing_mode, :price_minor,
                        :rate_per_thousand_minor, :currency, :min_cover_minor, :max_cover_minor, :rounding_step,
                        :billing_cycle, :regulatory_basis_ref, :status, :created_at, :updated_at)
                """.formatted(COLUMNS))
                .bind("created_at", product.createdAt());
        return bindValues(insert, product).then();
    }

    Mono<Void> update(UUID accountId, CoverageProduct product) {
        GenericExecuteSpec update = AccountStatement.sql(db, accountId, """
                UPDATE coverage_products SET name = :name, description = :description, kind = :kind,
                    insurer_name = :insurer_name, pricing_mode = :pricing_mode, price_minor = :price_minor,
                    rate_per_thousand_minor = :rate_per_thousand_minor, currency = :currency,
                    min_cover_minor = :min_cover_minor, max_cover_minor = :max_cover_minor,
                    rounding_step = :rounding_step, billing_cycle = :billing_cycle,
                    regulatory_basis_ref = :regulatory_basis_ref, status = :status, updated_at = :updated_at
                WHERE account_id = :account_id AND id = :id
                """);
        return bindValues(update, product).then();
    }

    Mono<Void> delete(UUID accountId, UUID id) {
        return AccountStatement.sql(db, accountId,
                        "DELETE FROM coverage_products WHERE account_id = :account_id AND id = :id")
                .bind("id", id)
                .then();
    }

    Mono<CoverageProduct> find(UUID accountId, UUID id) {
        return findBy(accountId, id, "");
    }

    /** Locked until the transaction ends, so concurrent changes apply one after the other. */
    Mono<CoverageProduct> findForUpdate(UUID accountId, UUID id) {
        return findBy(accountId, id, " FOR UPDATE");
    }

    Mono<Envelopes.ListOf<CoverageProduct>> list(UUID accountId, String kind, String status, PageRequest page) {
        return ListQuery.from("SELECT " + COLUMNS + " FROM coverage_products", accountId)
                .where("kind = :kind", "kind", kind)
                .where("status = :status", "status", status)
                .page(db, page, CoverageProductRepository::toProduct);
    }

    private Mono<CoverageProduct> findBy(UUID accountId, UUID id, String lock) {
        return AccountStatement.sql(db, accountId,
                        "SELECT " + COLUMNS + " FROM coverage_products WHERE account_id = :account_id AND id = :id"
                        + lock)
                .bind("id", id)
                .map(CoverageProductRepository::toProduct)
                .one();
    }

    private static GenericExecuteSpec bindValues(GenericExecuteSpec spec, CoverageProduct p) {
        spec = spec.bind("id", p.id())
                .bind("name", p.name())
                .bind("kind", p.kind())
                .bind("pricing_mode", p.pricingMode())
                .bind("currency", p.currency())
                .bind("billing_cycle", p.billingCycle())
                .bind("status", p.status())
                .bind("updated_at", p.updatedAt());
        spec = nullable(spec, "description", p.description(), String.class);
        spec = nullable(spec, "insurer_name", p.insurerName(), String.class);
        spec = nullable(spec, "price_minor", p.priceMinor(), Long.class);
        spec = nullable(spec, "rate_per_thousand_minor", p.ratePerThousandMinor(), Long.class);
        spec = nullable(spec, "min_cover_minor", p.minCoverMinor(), Long.class);
        spec = nullable(spec, "max_cover_minor", p.maxCoverMinor(), Long.class);
        spec = nullable(spec, "rounding_step", p.roundingStep(), Long.class);
        return nullable(spec, "regulatory_basis_ref", p.regulatoryBasisRef(), String.class);
    }


    private static CoverageProduct toProduct(Readable row) {
        return new CoverageProduct(row.get("id", UUID.class), CoverageProduct.OBJECT, row.get("name", String.class),
                row.get("description", String.class), row.get("kind", String.class),
                row.get("insurer_name", String.class), row.get("pricing_mode", String.class),
                row.get("price_minor", Long.class), row.get("rate_per_thousand_minor", Long.class),
                row.get("currency", String.class), row.get("min_cover_minor", Long.class),
                row.get("max_cover_minor", Long.class), row.get("rounding_step", Long.class),
                row.get("billing_cycle", String.class), row.get("regulatory_basis_ref", String.class),
                row.get("status", String.class), row.get("created_at", Instant.class),
                row.get("updated_at", Instant.class));
    }
}
