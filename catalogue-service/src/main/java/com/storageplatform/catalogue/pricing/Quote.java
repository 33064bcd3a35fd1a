package com.storageplatform.catalogue.pricing;

import java.util.List;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * A quoted monthly price: the list price, the rules that moved it, and the result.
 *
 * @param priceMinor     the price to charge, never below 0
 * @param listPriceMinor the rate plan's price in force, else the unit type's {@code price_minor}
 * @param ratePlanId     the rate plan the list price came from, or null for the unit type's own price
 * @param appliedRules   in the order they were applied
 */
public record Quote(long priceMinor, String currency, long listPriceMinor, @Nullable UUID ratePlanId,
        List<AppliedRule> appliedRules) {

    public Quote {
        appliedRules = List.copyOf(appliedRules);
    }

    /**
     * One rule's effect.
     *
     * @param amountMinor what it changed the running price by (signed), after rounding and the floor at 0
     */
    public record AppliedRule(UUID priceRuleId, String name, String kind, String adjustmentKind,
            long adjustmentValue, long amountMinor) {
    }
}
