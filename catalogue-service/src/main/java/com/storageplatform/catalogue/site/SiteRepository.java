package com.storageplatform.catalogue.site;

import static com.storageplatform.kit.db.Bindings.nullable;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.db.AccountStatement;
import com.storageplatform.kit.paging.ListQuery;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.web.Envelopes;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.r2dbc.core.DatabaseClient.GenericExecuteSpec;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** The {@code sites} table. Every statement is bound to an account: no query can reach another tenant's row. */
@Repository
class SiteRepository {

    private static final String COLUMNS = """
            id, name, description, status, timezone, amenities, phone, email,
            address_line1, address_line2, address_city, address_postcode, address_country, created_at, updated_at
            """;

    private final DatabaseClient db;

    SiteRepository(DatabaseClient db) {
        this.db = db;
    }

    Mono<Void> insert(UUID accountId, Site site) {
        GenericExecuteSpec insert = AccountStatement.sql(db, accountId, """
                INSERT INTO sites (account_id, %s)
                VALUES (:account_id, :id, :name, :description, :status, :timezone, :amenities, :phone, :email,
                        :address_line1, :address_line2, :address_city, :address_postcode, :address_country,
                        :created_at, :updated_at)
                """.formatted(COLUMNS))
                .bind("created_at", site.createdAt());
        return bindValues(insert, site).then();
    }

    Mono<Void> update(UUID accountId, Site site) {
        GenericExecuteSpec update = AccountStatement.sql(db, accountId, """
                UPDATE sites SET name = :name, description = :description, status = :status, timezone = :timezone,
                    amenities = :amenities, phone = :phone, email = :email,
                    address_line1 = :address_line1, address_line2 = :address_line2, address_city = :address_city,
                    address_postcode = :address_postcode, address_country = :address_country,
                    updated_at = :updated_at
                WHERE account_id = :account_id AND id = :id
                """);
        return bindValues(update, site).then();
    }

    Mono<Site> find(UUID accountId, UUID id) {
        return findBy(accountId, id, "");
    }

    /** The site, locked until the transaction ends, so concurrent updates apply one after the other. */
    Mono<Site> findForUpdate(UUID accountId, UUID id) {
        return findBy(accountId, id, " FOR UPDATE");
    }

    /** Newest first; a site-restricted caller sees only its own sites. */
    Mono<Envelopes.ListOf<Site>> list(Caller caller, String status, PageRequest page) {
        return ListQuery.from("SELECT " + COLUMNS + " FROM sites", caller.accountId())
                .withinSites(caller, "id")
                .where("status = :status", "status", status)
                .page(db, page, SiteRepository::toSite);
    }

    /** The site's status, or empty when the account has no such site. */
    Mono<String> status(UUID accountId, UUID id) {
        return AccountStatement.sql(db, accountId,
                        "SELECT status FROM sites WHERE account_id = :account_id AND id = :id")
                .bind("id", id)
                .mapValue(String.class)
                .one();
    }

    Flux<Sites.Named> named(UUID accountId) {
        return AccountStatement.sql(db, accountId, "SELECT id, name, status FROM sites WHERE account_id = :account_id")
                .map(row -> new Sites.Named(row.get("id", UUID.class), row.get("name", String.class),
                        row.get("status", String.class)))
                .all();
    }

    /** Of {@code ids}, those that are the account's sites. */
    Flux<UUID> existing(UUID accountId, Collection<UUID> ids) {
        return AccountStatement.sql(db, accountId,
                        "SELECT id FROM sites WHERE account_id = :account_id AND id = ANY(:ids)")
                .bind("ids", ids.toArray(UUID[]::new))
                .mapValue(UUID.class)
                .all();
    }

    private Mono<Site> findBy(UUID accountId, UUID id, String lock) {
        return AccountStatement.sql(db, accountId,
                        "SELECT " + COLUMNS + " FROM sites WHERE account_id = :account_id AND id = :id" + lock)
                .bind("id", id)
                .map(SiteRepository::toSite)
                .one();
    }

    private static GenericExecuteSpec bindValues(GenericExecuteSpec spec, Site site) {
        Site.Address address = site.address();
        spec = spec.bind("id", site.id())
                .bind("name", site.name())
                .bind("status", site.status())
                .bind("timezone", site.timezone())
                .bind("amenities", site.amenities().toArray(String[]::new))
                .bind("updated_at", site.updatedAt());
        spec = nullable(spec, "description", site.description(), String.class);
        spec = nullable(spec, "phone", site.phone(), String.class);
        spec = nullable(spec, "email", site.email(), String.class);
        spec = nullable(spec, "address_line1", address == null ? null : address.line1(), String.class);
        spec = nullable(spec, "address_line2", address == null ? null : address.line2(), String.class);
        spec = nullable(spec, "address_city", address == null ? null : address.city(), String.class);
        spec = nullable(spec, "address_postcode", address == null ? null : address.postcode(), String.class);
        return nullable(spec, "address_country", address == null ? null : address.country(), String.class);
    }

    private static Site toSite(Readable row) {
        String line1 = row.get("address_line1", String.class);
        Site.Address address = line1 == null ? null
                : new Site.Address(line1, row.get("address_line2", String.class),
                        row.get("address_city", String.class), row.get("address_postcode", String.class),
                        row.get("address_country", String.class));
        String[] amenities = row.get("amenities", String[].class);
        return new Site(row.get("id", UUID.class), Site.OBJECT, row.get("name", String.class),
                row.get("description", String.class), row.get("status", String.class),
                row.get("timezone", String.class), amenities == null ? List.of() : List.of(amenities), address,
                row.get("phone", String.class), row.get("email", String.class),
                row.get("created_at", Instant.class), row.get("updated_at", Instant.class));
    }
}
