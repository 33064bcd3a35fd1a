package com.storageplatform.commerce.order;

import static com.storageplatform.kit.inbox.EventData.text;

import com.storageplatform.commerce.order.OrderPricing.CouponTerms;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.FieldIssue;
import java.net.URI;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/** The pure checks of an order: each rule here has a unit test or an API test naming it. */
final class OrderRules {

    static final int MAX_PRODUCTS = 50;
    static final long MIN_QUANTITY = 1;
    static final long MAX_QUANTITY = 100;
    /** What the payment provider collects at least in one payment (platform-api.md), in minor units. */
    static final long CARD_MINIMUM = 30;
    static final long BACS_DD_MINIMUM = 100;

    private OrderRules() {
    }

    /** A product asked for in a body. */
    record ProductRequest(String productId, @Nullable Long quantity) {
    }


    /** The coupon code sent, trimmed; blank is none. */
    static String code(String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        return value.strip();
    }

    /**
     * The products of a body: each needs a product id and a quantity from 1 to 100; a product named twice is
     * {@code duplicate} on the later entry.
     */
    static List<Order.ProductLine> products(Validation v, List<ProductRequest> requested) {
        if (requested == null) {
            return List.of();
        }
        v.check(requested.size() > MAX_PRODUCTS, "products", FieldIssue.ABOVE_MAXIMUM);
        List<Order.ProductLine> lines = new ArrayList<>();
        Set<UUID> seen = new HashSet<>();
        for (int i = 0; i < requested.size(); i++) {
            ProductRequest item = requested.get(i);
            String at = "products[" + i + "]";
            if (item == null) {
                v.add(at, FieldIssue.REQUIRED);
                continue;
            }
            UUID id = v.requiredId(at + ".product_id", item.productId());
            v.require(at + ".quantity", item.quantity());
            v.min(at + ".quantity", item.quantity(), MIN_QUANTITY).max(at + ".quantity", item.quantity(),
                    MAX_QUANTITY);
            if (id != null && !seen.add(id)) {
                v.add(at + ".product_id", FieldIssue.DUPLICATE);
            }
            if (id != null && item.quantity() != null && item.quantity() >= MIN_QUANTITY
                    && item.quantity() <= MAX_QUANTITY) {
                lines.add(new Order.ProductLine(id, item.quantity().intValue()));
            }
        }
        return lines;
    }

    /**
     * Whether a coupon can be used on this order, as catalogue.md defines it: active; {@code online: false} only
     * off the storefront; {@code site_ids} / {@code unit_type_ids} empty or naming the order's; today (the site's
     * date) within {@code valid_from}..{@code valid_to}; a fixed amount in the order's currency.
     */
    static boolean couponUsable(JsonNode coupon, String source, UUID siteId, UUID unitTypeId, LocalDate today,
            String currency) {
        if (!"active".equals(text(coupon, "status"))) {
            return false;
        }
        if (Order.STOREFRONT.equals(source) && !coupon.path("online").asBoolean(true)) {
            return false;
        }
        if (!names(coupon.path("site_ids"), siteId) || !names(coupon.path("unit_type_ids"), unitTypeId)) {
            return false;
        }
        LocalDate from = dateOf(coupon, "valid_from");
        LocalDate to = dateOf(coupon, "valid_to");
        if (from != null && today.isBefore(from) || to != null && today.isAfter(to)) {
            return false;
        }
        return !"fixed_amount".equals(text(coupon, "discount_kind")) || currency.equals(text(coupon, "currency"));
    }

    /** The coupon's terms as the catalogue published them; {@code applies_to} read, never derived. */
    static CouponTerms terms(JsonNode coupon) {
        List<String> appliesTo = new ArrayList<>();
        coupon.path("applies_to").forEach(item -> appliesTo.add(item.asString()));
        JsonNode months = coupon.get("duration_months");
        return new CouponTerms(Ids.parse(text(coupon, "id")).orElseThrow(), text(coupon, "code"),
                text(coupon, "discount_kind"), coupon.path("discount_value").asLong(0), text(coupon, "currency"),
                text(coupon, "duration"), months == null || months.isNull() ? null : months.asInt(), appliesTo);
    }

    /**
     * Whether a coverage product can be taken at checkout: an active {@code fixed_level} {@code waiver} billed
     * {@code monthly}, with a price, in the order's currency, whose name does not say insurance ({@code insur} in
     * any case: a waiver is not insurance and is not sold as if it were).
     */
    static boolean coverSellable(JsonNode product, String currency) {
        return "active".equals(text(product, "status")) && "waiver".equals(text(product, "kind"))
                && "fixed_level".equals(text(product, "pricing_mode"))
                && "monthly".equals(product.path("billing_cycle").asString("monthly"))
                && !saysInsurance(text(product, "name"))
                && product.get("price_minor") != null && !product.get("price_minor").isNull()
                && currency.equals(text(product, "currency"));
    }

    static boolean saysInsurance(String name) {
        return name != null && name.toLowerCase(Locale.ROOT).contains("insur");
    }

    /** A product can be sold on the order: active, sold online for a storefront order, in the order's currency. */
    static String productIssue(JsonNode product, String source, String currency) {
        if (!"active".equals(text(product, "status")) || !currency.equals(text(product, "currency"))) {
            return FieldIssue.NOT_ALLOWED;
        }
        if (Order.STOREFRONT.equals(source) && !product.path("usable_website").asBoolean(false)) {
            return FieldIssue.NOT_ALLOWED;
        }
        return null;
    }

    /** The least a rail collects in one payment. */
    static long minimumOf(String rail) {
        return Order.Payment.BACS_DD.equals(rail) ? BACS_DD_MINIMUM : CARD_MINIMUM;
    }

    /**
     * Whether {@code returnUrl} is a checkout confirmation page of the operator's website: an {@code https} URL
     * whose origin (scheme, host, port) equals that of one of the operator's {@code published_website_urls} and
     * whose path starts with that URL's path (a published {@code https://acme.example/shop} admits
     * {@code https://acme.example/shop/checkout/done}, not {@code https://acme.example/other}). No user info.
     */
    static boolean returnUrlAllowed(String returnUrl, List<String> published) {
        URI url = uri(returnUrl);
        if (url == null || !"https".equalsIgnoreCase(url.getScheme()) || url.getHost() == null
                || url.getRawUserInfo() != null) {
            return false;
        }
        for (String site : published) {
            URI base = uri(site);
            if (base == null || base.getHost() == null || !"https".equalsIgnoreCase(base.getScheme())) {
                continue;
            }
            if (base.getHost().equalsIgnoreCase(url.getHost()) && port(base) == port(url)
                    && pathWithin(url.getRawPath(), base.getRawPath())) {
                return true;
            }
        }
        return false;
    }

    private static boolean pathWithin(String path, String basePath) {
        String p = path == null || path.isEmpty() ? "/" : path;
        String b = basePath == null || basePath.isEmpty() ? "/" : basePath;
        if (!b.endsWith("/")) {
            return p.equals(b) || p.startsWith(b + "/");
        }
        return p.startsWith(b);
    }

    private static int port(URI uri) {
        return uri.getPort() == -1 ? 443 : uri.getPort();
    }

    private static URI uri(String text) {
        try {
            URI uri = new URI(text);
            return uri.isAbsolute() ? uri : null;
        } catch (java.net.URISyntaxException | NullPointerException e) {
            return null;
        }
    }

    private static boolean names(JsonNode ids, UUID id) {
        if (ids == null || !ids.isArray() || ids.isEmpty()) {
            return true;
        }
        for (JsonNode item : ids) {
            if (id.toString().equals(item.asString())) {
                return true;
            }
        }
        return false;
    }

    private static LocalDate dateOf(JsonNode node, String field) {
        String value = text(node, field);
        return value == null ? null : com.storageplatform.kit.time.Dates.parseDate(value).orElse(null);
    }
}
