package com.storageplatform.catalogue.pricing;

import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** The body of {@code POST /v1/price-rules}, and of a rule as changed by a PATCH before it is judged whole. */
@Schema(requiredProperties = {"name", "kind", "adjustment_kind", "adjustment_value"})
record CreatePriceRule(String name, String kind, String status, @Nullable Long priority, String adjustmentKind,
        Long adjustmentValue, String currency, String occupancyComparison, @Nullable Long thresholdPercent,
        @Nullable String startsOn, String endsOn, String feature, List<String> siteIds, List<String> unitTypeIds) {
}
