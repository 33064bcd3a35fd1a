package com.storageplatform.catalogue.site;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.paging.ListQuery;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.web.Envelopes;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.r2dbc.core.DatabaseClient.GenericExecuteSpec;
import org.springframework.stereotype.Repository;
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
        GenericExecuteSpec insert = db.sql("""
                INSERT INTO sites (account_id, %s)
                VALUES (:account_id, :id, :name, :description, :status, :timezone, :amenities, :phone, :email,
                        :address_line1, :address_line2, :address_city, :address_postcode, :address_country,
                        :created_at, :updated_at)
                """.formatted(COLUMNS))
                .bind("account_id", accountId)
                .bind("created_at", site.createdAt());
        return bindValues(insert, site).then();
    }

    Mono<Void> update(UUID accountId, Site site) {
        GenericExecuteSpec update = db.sql("""
                UPDATE sites SET name = :name, description = :description, status = :status, timezone = :timezone,
                    amenities = :amenities, phone = :phone, email = :email,
                    address_line1 = :address_line1, address_line2 = :address_line2, address_city = :address_city,
                    address_postcode = :address_postcode, address_country = :address_country,
                    updated_at = :updated_at
                WHERE account_id = :account_id AND id = :id
                """)
                .bind("account_id", accountId);
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

    private Mono<Site> findBy(UUID accountId, UUID id, String lock) {
        return db.sql("SELECT " + COLUMNS + " FROM sites WHERE account_id = :account_id AND id = :id" + lock)
                .bind("account_id", accountId)
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
        spec = text(spec, "description", site.description());
        spec = text(spec, "phone", site.phone());
        spec = text(spec, "email", site.email());
        spec = text(spec, "address_line1", address == null ? null : address.line1());
        spec = text(spec, "address_line2", address == null ? null : address.line2());
        spec = text(spec, "address_city", address == null ? null : address.city());
        spec = text(spec, "address_postcode", address == null ? null : address.postcode());
        return text(spec, "address_country", address == null ? null : address.country());
    }

    private static GenericExecuteSpec text(GenericExecuteSpec spec, String name, String value) {
        return value == null ? spec.bindNull(name, String.class) : spec.bind(name, value);
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
