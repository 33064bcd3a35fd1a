package com.storageplatform.commerce.agreement;

import static com.storageplatform.kit.inbox.EventData.text;

import com.storageplatform.kit.inbox.EventData;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.FieldIssue;
import java.util.UUID;
import tools.jackson.databind.JsonNode;

/**
 * The rules of a cover against its coverage product (docs/api/catalogue.md, Coverage products), pure. A
 * {@code per_thousand} product needs the cover declared within its {@code min_cover_minor} and
 * {@code max_cover_minor}, rounded up to its {@code rounding_step}; a {@code fixed_level} product takes any
 * declared cover, or none.
 */
final class CoverRules {

    static final String PER_THOUSAND = "per_thousand";
    static final String ACTIVE = "active";

    /** What commerce reads of a coverage product. */
    record Product(UUID id, String status, String pricingMode, String currency, Long minCoverMinor,
            Long maxCoverMinor, Long roundingStep) {

        static Product of(JsonNode data) {
            return new Product(EventData.id(data, "id"), text(data, "status"),
                    text(data, "pricing_mode"), text(data, "currency"), number(data, "min_cover_minor"),
                    number(data, "max_cover_minor"), number(data, "rounding_step"));
        }

        boolean perThousand() {
            return PER_THOUSAND.equals(pricingMode);
        }
    }

    private CoverRules() {
    }

    /**
     * Whether a new cover may be taken out under {@code product} for an agreement in {@code currency}: an
     * inactive product is not offered ({@code not_allowed}), one in another currency cannot go with it
     * ({@code invalid}).
     */
    static void offered(Validation v, String field, Product product, String currency) {
        v.check(!ACTIVE.equals(product.status()), field, FieldIssue.NOT_ALLOWED);
        v.check(!currency.equals(product.currency()), field, FieldIssue.INVALID);
    }

    /** Whether {@link #offered} finds nothing wrong. */
    static boolean isOffered(Product product, String currency) {
        Validation v = Validation.start();
        offered(v, "coverage_product_id", product, currency);
        return v.isValid();
    }

    /** The cover to record for {@code declared} under {@code product}: judged, then rounded up. */
    static Long declared(Validation v, String field, Product product, Long declared) {
        if (declared != null && declared < 0) {
            v.add(field, FieldIssue.BELOW_MINIMUM);
            return null;
        }
        if (!product.perThousand()) {
            return declared;
        }
        if (declared == null) {
            v.add(field, FieldIssue.REQUIRED);
            return null;
        }
        v.min(field, declared, product.minCoverMinor() == null ? 0 : product.minCoverMinor());
        v.max(field, declared, product.maxCoverMinor() == null ? Long.MAX_VALUE : product.maxCoverMinor());
        return roundUp(declared, product.roundingStep());
    }

    static long roundUp(long amount, Long step) {
        if (step == null || step <= 0 || amount % step == 0) {
            return amount;
        }
        return (amount / step + 1) * step;
    }

    private static Long number(JsonNode data, String field) {
        JsonNode node = data.get(field);
        return node == null || !node.isIntegralNumber() ? null : node.longValue();
    }
}
