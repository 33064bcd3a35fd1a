package com.storageplatform.billing.subscription;

import java.math.BigDecimal;
import java.math.RoundingMode;
import tools.jackson.databind.JsonNode;

/**
 * The monthly premium of a customer's cover under a coverage product, exactly as the catalogue defines it
 * (docs/api/catalogue.md, "Coverage products"; the product in its REST shape).
 *
 * <ul>
 * <li>{@code fixed_level}: the product's {@code price_minor}, whatever the cover.</li>
 * <li>{@code per_thousand}: the declared cover in minor units, rounded <b>up</b> to a multiple of
 * {@code rounding_step} when the product has one, × {@code rate_per_thousand_minor} / 100,000 (the rate is per
 * 1,000.00 of cover), in whole minor units rounded half up on exact integers. A cover of 10,000.00 (1,000,000) at
 * rate 150 is 1,500 a month; 2,500.01 with step 100,000 is priced as 3,000.00: 450.</li>
 * <li>A {@code per_thousand} cover without a declared amount, or a product missing the price its mode needs,
 * cannot be priced: {@link IllegalArgumentException}.</li>
 * </ul>
 */
final class CoverPricing {

    /** Minor units in 1,000.00 of cover: the rate is per this much. */
    private static final long PER_THOUSAND_MINOR = 100_000;

    private CoverPricing() {
    }

    /** The monthly premium in minor units of {@code coverMinor} of cover under {@code coverageProduct}. */
    static long monthlyPremium(JsonNode coverageProduct, Long coverMinor) {
        String mode = coverageProduct.path("pricing_mode").asString("");
        return switch (mode) {
            case "fixed_level" -> required(coverageProduct, "price_minor");
            case "per_thousand" -> perThousand(coverageProduct, coverMinor);
            default -> throw new IllegalArgumentException("coverage product pricing_mode must be fixed_level or "
                    + "per_thousand, not " + mode);
        };
    }

    private static long perThousand(JsonNode product, Long coverMinor) {
        if (coverMinor == null || coverMinor < 0) {
            throw new IllegalArgumentException("a per_thousand cover needs a declared cover_minor of 0 or more, not "
                    + coverMinor);
        }
        long rate = required(product, "rate_per_thousand_minor");
        JsonNode step = product.path("rounding_step");
        long cover = coverMinor;
        if (!step.isMissingNode() && !step.isNull()) {
            long by = step.longValue();
            if (by < 1) {
                throw new IllegalArgumentException("rounding_step must be positive, not " + by);
            }
            cover = Math.multiplyExact(-Math.floorDiv(-cover, by), by);
        }
        return BigDecimal.valueOf(cover).multiply(BigDecimal.valueOf(rate))
                .divide(BigDecimal.valueOf(PER_THOUSAND_MINOR), 0, RoundingMode.HALF_UP).longValueExact();
    }

    private static long required(JsonNode product, String field) {
        JsonNode value = product.path(field);
        if (value.isMissingNode() || value.isNull()) {
            throw new IllegalArgumentException("coverage product " + product.path("id").asString("")
                    + " has no " + field + " to price its cover");
        }
        return value.longValue();
    }
}
