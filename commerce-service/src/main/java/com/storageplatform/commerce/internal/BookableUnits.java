package com.storageplatform.commerce.internal;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.SiteAccess;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.FieldIssue;
import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * The unit a reservation, order or agreement books, as the catalogue describes it, and the day it is at its site:
 * the one place that says which units can be booked and what "today" is for a booking.
 */
@Component
public class BookableUnits {

    private final CatalogueRecords catalogue;
    private final AccountSettings settings;
    private final Clock clock;

    BookableUnits(CatalogueRecords catalogue, AccountSettings settings, Clock clock) {
        this.catalogue = catalogue;
        this.settings = settings;
        this.clock = clock;
    }

    /**
     * The unit {@code unitId} as one to book: 422 {@code not_found} on {@code field} when the account has none,
     * 403 {@code site_forbidden} at a site outside a restricted caller's, 409 {@code conflict} when the operator
     * has archived it or taken it out of service.
     */
    public Mono<CatalogueUnit> bookable(Caller caller, UUID unitId, String field) {
        return unit(caller, unitId, field).map(unit -> {
            if (unit.outOfUse()) {
                throw unit.outOfUseConflict("booked");
            }
            return unit;
        });
    }

    /**
     * The unit {@code unitId} whatever the operator has done with it since (a paid order is provisioned on the
     * unit it was sold, {@code outOfUse} or not): 422 {@code not_found} on {@code field} when the account has none,
     * 403 {@code site_forbidden} at a site outside a restricted caller's.
     */
    public Mono<CatalogueUnit> unit(Caller caller, UUID unitId, String field) {
        return catalogue.unit(caller.accountId(), unitId)
                .switchIfEmpty(Mono.error(() -> ApiException.invalid(field, FieldIssue.NOT_FOUND)))
                .doOnNext(unit -> SiteAccess.require(caller, unit.siteId()));
    }

    /** Today in the site's time zone (the operator's when the site names none). */
    public Mono<LocalDate> today(Caller caller, UUID siteId) {
        return zone(caller.accountId(), siteId).map(zone -> LocalDate.now(clock.withZone(zone)));
    }

    /** The site's time zone; the operator's when the site names none (or commerce does not know the site). */
    public Mono<ZoneId> zone(UUID accountId, UUID siteId) {
        Mono<ZoneId> operator = settings.of(accountId).map(AccountSettings.Settings::timezone);
        return catalogue.site(accountId, siteId)
                .flatMap(site -> {
                    try {
                        return Mono.just(ZoneId.of(site.path("timezone").asString("")));
                    } catch (RuntimeException e) {
                        return Mono.empty();
                    }
                })
                .switchIfEmpty(operator);
    }
}
