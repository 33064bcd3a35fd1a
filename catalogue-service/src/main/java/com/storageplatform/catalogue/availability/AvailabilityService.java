package com.storageplatform.catalogue.availability;

import com.storageplatform.catalogue.pricing.PriceList;
import com.storageplatform.catalogue.pricing.PriceRule;
import com.storageplatform.catalogue.pricing.Quote;
import com.storageplatform.catalogue.unittype.UnitTypeService;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.web.Envelopes;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** Availability figures and quoted prices, one item per active unit type at the caller's sites. */
@Service
class AvailabilityService {

    private final AvailabilityRepository counts;
    private final UnitTypeService types;
    private final PriceList prices;
    private final Clock clock;

    AvailabilityService(AvailabilityRepository counts, UnitTypeService types, PriceList prices, Clock clock) {
        this.counts = counts;
        this.types = types;
        this.prices = prices;
        this.clock = clock;
    }

    /** {@code date} null prices each item on today's date in its site's timezone. */
    Mono<Envelopes.ListOf<Availability>> list(Caller caller, UUID siteId, UUID unitTypeId, LocalDate date,
            PageRequest page) {
        return types.requireFilterAccess(caller, siteId, unitTypeId)
                .then(counts.page(caller, siteId, unitTypeId, page))
                .flatMap(counted -> prices.activeRules(caller.accountId())
                        .flatMap(rules -> Flux.fromIterable(counted.data())
                                .concatMap(item -> priced(caller, item, date, rules))
                                .collectList())
                        .map(items -> new Envelopes.ListOf<>(items, counted.meta())));
    }

    private Mono<Availability> priced(Caller caller, AvailabilityRepository.Counted item, LocalDate date,
            List<PriceRule> rules) {
        LocalDate on = date != null ? date : LocalDate.now(clock.withZone(ZoneId.of(item.timezone())));
        return prices.planInForce(caller.accountId(), item.type().id(), on).map(plan -> {
            Quote quote = PriceList.quote(item.type(), plan, rules, on, item.unitsOccupied(), item.unitsTotal(),
                    Set.of());
            return new Availability(Availability.OBJECT, item.type().siteId(), item.type().id(), item.type().name(),
                    on, item.unitsTotal(), item.unitsBookable(), percent(item.unitsOccupied(), item.unitsTotal()),
                    quote);
        });
    }

    static BigDecimal percent(long part, long whole) {
        if (whole == 0) {
            return BigDecimal.ZERO.setScale(1);
        }
        return BigDecimal.valueOf(part * 100).divide(BigDecimal.valueOf(whole), 1, RoundingMode.HALF_UP);
    }
}
