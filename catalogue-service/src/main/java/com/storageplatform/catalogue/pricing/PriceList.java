package com.storageplatform.catalogue.pricing;

import com.storageplatform.catalogue.unittype.UnitType;
import java.time.LocalDate;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Mono;

/**
 * Quoting for the other features: loads what {@link PriceQuotes} needs for an account and hands it over.
 * Availability is its one caller, and {@code GET /v1/availability} (with {@code unit_id} for one unit) is how
 * commerce and the storefront get a price, so every price the platform quotes comes from the same function.
 */
@Service
public class PriceList {

    private final RatePlanRepository plans;
    private final PriceRuleRepository rules;

    PriceList(RatePlanRepository plans, PriceRuleRepository rules) {
        this.plans = plans;
        this.rules = rules;
    }

    /** The account's active rules: load once and quote many unit types with them. */
    public Mono<List<PriceRule>> activeRules(UUID accountId) {
        return rules.active(accountId).collectList();
    }

    public Mono<Optional<RatePlan>> planInForce(UUID accountId, UUID unitTypeId, LocalDate date) {
        return plans.inForce(accountId, unitTypeId, date).map(Optional::of).defaultIfEmpty(Optional.empty());
    }

    /** How many rate plans the account's unit type has (a unit type's currency cannot leave theirs). */
    public Mono<Long> ratePlanCount(UUID accountId, UUID unitTypeId) {
        return plans.countForUnitType(accountId, unitTypeId);
    }

    /**
     * The price of {@code type} on {@code date}: the plan in force (else the type's price), then {@code rules}.
     *
     * @param unitFeatures a unit's own features when quoting one unit (the type's always count); empty otherwise
     */
    public static Quote quote(UnitType type, Optional<RatePlan> plan, List<PriceRule> rules, LocalDate date,
            long occupiedUnits, long totalUnits, Set<String> unitFeatures) {
        Set<String> features = new HashSet<>(type.features());
        features.addAll(unitFeatures);
        long listPrice = plan.map(RatePlan::priceMinor).orElse(type.priceMinor());
        QuoteRequest request = new QuoteRequest(type.siteId(), type.id(), listPrice, type.currency(),
                plan.map(RatePlan::id).orElse(null), date, occupiedUnits, totalUnits, features);
        return PriceQuotes.quote(request, rules);
    }
}
