package com.storageplatform.catalogue.availability;

import com.storageplatform.catalogue.pricing.PriceList;
import com.storageplatform.catalogue.pricing.PriceRule;
import com.storageplatform.catalogue.pricing.Quote;
import com.storageplatform.catalogue.unit.Unit;
import com.storageplatform.catalogue.unit.Units;
import com.storageplatform.catalogue.unittype.UnitTypes;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.SiteAccess;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.web.Envelopes;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Availability figures and quoted prices, one item per active unit type at the caller's sites; or, for one unit
 * ({@code unit_id}), its unit type's item priced for that unit's own features too: the one way other services and
 * the storefront get a price.
 */
@Service
class AvailabilityService {

    private final AvailabilityRepository counts;
    private final UnitTypes types;
    private final Units units;
    private final PriceList prices;
    private final Clock clock;

    AvailabilityService(AvailabilityRepository counts, UnitTypes types, Units units, PriceList prices,
            Clock clock) {
        this.counts = counts;
        this.types = types;
        this.units = units;
        this.prices = prices;
        this.clock = clock;
    }

    /**
     * {@code date} null prices each item on today's date in its site's timezone. With {@code unitId}, the item of
     * that unit's type, priced for the unit; a unit the account does not have, or one the other filters exclude,
     * answers an empty list like any filter that matches nothing, and a unit at another site of a restricted
     * caller is 403.
     */
    Mono<Envelopes.ListOf<Availability>> list(Caller caller, UUID siteId, UUID unitTypeId, UUID unitId,
            LocalDate date, PageRequest page) {
        Mono<Void> filtersAllowed = types.requireFilterAccess(caller, siteId, unitTypeId);
        if (unitId == null) {
            return filtersAllowed.then(priced(caller, siteId, unitTypeId, null, date, page));
        }
        return filtersAllowed.then(units.find(caller.accountId(), unitId))
                .flatMap(unit -> {
                    SiteAccess.require(caller, unit.siteId());
                    boolean excluded = (siteId != null && !siteId.equals(unit.siteId()))
                            || (unitTypeId != null && !unitTypeId.equals(unit.unitTypeId()));
                    return excluded ? Mono.<Envelopes.ListOf<Availability>>empty()
                            : priced(caller, unit.siteId(), unit.unitTypeId(), unit, date, page);
                })
                .switchIfEmpty(Mono.fromSupplier(() -> nothing(page)));
    }

    private Mono<Envelopes.ListOf<Availability>> priced(Caller caller, UUID siteId, UUID unitTypeId, Unit unit,
            LocalDate date, PageRequest page) {
        return counts.page(caller, siteId, unitTypeId, page)
                .flatMap(counted -> prices.activeRules(caller.accountId())
                        .flatMap(rules -> Flux.fromIterable(counted.data())
                                .concatMap(item -> priced(caller, item, unit, date, rules))
                                .collectList())
                        .map(items -> new Envelopes.ListOf<>(items, counted.meta())));
    }

    private Mono<Availability> priced(Caller caller, AvailabilityRepository.Counted item, Unit unit,
            LocalDate date, List<PriceRule> rules) {
        LocalDate on = date != null ? date : LocalDate.now(clock.withZone(ZoneId.of(item.timezone())));
        Set<String> unitFeatures = unit == null ? Set.of() : new HashSet<>(unit.features());
        return prices.planInForce(caller.accountId(), item.type().id(), on).map(plan -> {
            Quote quote = PriceList.quote(item.type(), plan, rules, on, item.unitsOccupied(), item.unitsTotal(),
                    unitFeatures);
            return new Availability(Availability.OBJECT, item.type().siteId(), item.type().id(), item.type().name(),
                    unit == null ? null : unit.id(), on, item.unitsTotal(), item.unitsBookable(),
                    percent(item.unitsOccupied(), item.unitsTotal()), quote);
        });
    }

    private static Envelopes.ListOf<Availability> nothing(PageRequest page) {
        return new Envelopes.ListOf<>(List.of(),
                new Envelopes.ListMeta(page.limit(), new Envelopes.CursorMeta(null, false)));
    }

    static BigDecimal percent(long part, long whole) {
        if (whole == 0) {
            return BigDecimal.ZERO.setScale(1);
        }
        return BigDecimal.valueOf(part * 100).divide(BigDecimal.valueOf(whole), 1, RoundingMode.HALF_UP);
    }
}
