package com.storageplatform.catalogue.coupon;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.SiteAccess;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.FieldIssue;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import reactor.util.function.Tuples;

/**
 * The sites and unit types a coupon names, checked against the catalogue's own tables: each must be the account's
 * ({@code not_found} otherwise), a unit type must be at one of the coupon's sites when it names sites, and a
 * site-restricted caller may name only its own sites and their unit types (403 {@code site_forbidden}).
 */
@Component
class CouponReferences {

    private final DatabaseClient db;

    CouponReferences(DatabaseClient db) {
        this.db = db;
    }

    /** Records each unknown or misplaced id on {@code v}; fails with 403 for one outside the caller's sites. */
    Mono<Void> check(Caller caller, Validation v, List<UUID> siteIds, List<UUID> unitTypeIds) {
        // One query after the other: inside the request's transaction they share one connection.
        return knownSites(caller.accountId(), siteIds)
                .flatMap(sites -> unitTypeSites(caller.accountId(), unitTypeIds).map(types -> Tuples.of(sites, types)))
                .doOnNext(found -> {
                    List<UUID> sites = found.getT1();
                    Map<UUID, UUID> unitTypeSite = found.getT2();
                    for (UUID site : siteIds) {
                        SiteAccess.require(caller, site);
                    }
                    unitTypeSite.values().forEach(site -> SiteAccess.require(caller, site));
                    for (int i = 0; i < siteIds.size(); i++) {
                        v.check(!sites.contains(siteIds.get(i)), "site_ids[" + i + "]", FieldIssue.NOT_FOUND);
                    }
                    for (int i = 0; i < unitTypeIds.size(); i++) {
                        UUID site = unitTypeSite.get(unitTypeIds.get(i));
                        String field = "unit_type_ids[" + i + "]";
                        if (site == null) {
                            v.add(field, FieldIssue.NOT_FOUND);
                        } else if (!siteIds.isEmpty() && !siteIds.contains(site)) {
                            v.add(field, FieldIssue.NOT_ALLOWED);
                        }
                    }
                })
                .then();
    }

    private Mono<List<UUID>> knownSites(UUID accountId, List<UUID> ids) {
        if (ids.isEmpty()) {
            return Mono.just(List.of());
        }
        return db.sql("SELECT id FROM sites WHERE account_id = :account_id AND id = ANY(:ids)")
                .bind("account_id", accountId)
                .bind("ids", ids.toArray(UUID[]::new))
                .map(row -> row.get("id", UUID.class))
                .all()
                .collectList();
    }

    /** Each of the account's unit types among {@code ids}, with its site. */
    private Mono<Map<UUID, UUID>> unitTypeSites(UUID accountId, List<UUID> ids) {
        if (ids.isEmpty()) {
            return Mono.just(Map.of());
        }
        return db.sql("SELECT id, site_id FROM unit_types WHERE account_id = :account_id AND id = ANY(:ids)")
                .bind("account_id", accountId)
                .bind("ids", ids.toArray(UUID[]::new))
                .map(row -> Map.entry(row.get("id", UUID.class), row.get("site_id", UUID.class)))
                .all()
                .collectMap(Map.Entry::getKey, Map.Entry::getValue);
    }
}
