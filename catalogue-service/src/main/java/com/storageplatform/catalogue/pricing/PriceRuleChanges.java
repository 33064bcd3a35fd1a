package com.storageplatform.catalogue.pricing;

import com.storageplatform.kit.web.Patch;
import java.util.List;
import java.util.UUID;

/**
 * The body of {@code PATCH /v1/price-rules/{id}}: a field left out stays as it is, {@code null} clears it. The rule
 * that results is judged whole, so a change of {@code kind} must bring that kind's fields and clear the others'.
 */
record PriceRuleChanges(Patch<String> name, Patch<String> kind, Patch<String> status, Patch<Long> priority,
        Patch<String> adjustmentKind, Patch<Long> adjustmentValue, Patch<String> currency,
        Patch<String> occupancyComparison, Patch<Long> thresholdPercent, Patch<String> startsOn,
        Patch<String> endsOn, Patch<String> feature, Patch<List<String>> siteIds,
        Patch<List<String>> unitTypeIds) {

    CreatePriceRule applyTo(PriceRule current) {
        return new CreatePriceRule(
                Patch.apply(name, current.name()),
                Patch.apply(kind, current.kind()),
                Patch.apply(status, current.status()),
                Patch.apply(priority, (long) current.priority()),
                Patch.apply(adjustmentKind, current.adjustmentKind()),
                Patch.apply(adjustmentValue, current.adjustmentValue()),
                Patch.apply(currency, current.currency()),
                Patch.apply(occupancyComparison, current.occupancyComparison()),
                Patch.apply(thresholdPercent,
                        current.thresholdPercent() == null ? null : (long) current.thresholdPercent()),
                Patch.apply(startsOn, current.startsOn() == null ? null : current.startsOn().toString()),
                Patch.apply(endsOn, current.endsOn() == null ? null : current.endsOn().toString()),
                Patch.apply(feature, current.feature()),
                Patch.apply(siteIds, texts(current.siteIds())),
                Patch.apply(unitTypeIds, texts(current.unitTypeIds())));
    }

    private static List<String> texts(List<UUID> ids) {
        return ids.stream().map(UUID::toString).toList();
    }
}
