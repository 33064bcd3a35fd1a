package com.storageplatform.catalogue.coupon;

import com.storageplatform.catalogue.site.Sites;
import com.storageplatform.catalogue.unittype.UnitTypes;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.SiteAccess;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.FieldIssue;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import reactor.util.function.Tuples;

/**
 * The sites and unit types a coupon names, checked through {@link Sites} and {@link UnitTypes}: each must be the
 * account's ({@code not_found} otherwise), a unit type must be at one of the coupon's sites when it names sites, and
 * a site-restricted caller may name only its own sites and their unit types (403 {@code site_forbidden}).
 */
@Component
class CouponReferences {

    private final Sites sites;
    private final UnitTypes types;

    CouponReferences(Sites sites, UnitTypes types) {
        this.sites = sites;
        this.types = types;
    }

    /** Records each unknown or misplaced id on {@code v}; fails with 403 for one outside the caller's sites. */
    Mono<Void> check(Caller caller, Validation v, List<UUID> siteIds, List<UUID> unitTypeIds) {
        // One query after the other: inside the request's transaction they share one connection.
        return sites.existing(caller.accountId(), siteIds).collectList()
                .flatMap(known -> types.sitesOf(caller.accountId(), unitTypeIds).map(found -> Tuples.of(known, found)))
                .doOnNext(found -> {
                    List<UUID> known = found.getT1();
                    Map<UUID, UUID> unitTypeSite = found.getT2();
                    for (UUID site : siteIds) {
                        SiteAccess.require(caller, site);
                    }
                    unitTypeSite.values().forEach(site -> SiteAccess.require(caller, site));
                    for (int i = 0; i < siteIds.size(); i++) {
                        v.check(!known.contains(siteIds.get(i)), "site_ids[" + i + "]", FieldIssue.NOT_FOUND);
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
}
