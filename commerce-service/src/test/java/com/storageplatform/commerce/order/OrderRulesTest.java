package com.storageplatform.commerce.order;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The pure rules of an order: return URLs, coupons where they may be used, sellable cover, minimums. */
class OrderRulesTest {

    static final JsonMapper JSON = JsonMapper.builder().build();
    static final UUID SITE = UUID.fromString("019aa5b2-1a2b-7c3d-8e4f-5a6b7c8d9e0f");
    static final UUID TYPE = UUID.fromString("019aa5b2-3c4d-7e5f-a061-7c8d9e0f1a2b");
    static final LocalDate TODAY = LocalDate.of(2026, 11, 25);

    static JsonNode json(Map<String, Object> fields) {
        return JSON.valueToTree(fields);
    }

    @Test
    void aReturnUrlIsAnHttpsPageAtOrBelowAPublishedWebsite() {
        List<String> published = List.of("https://acme.example/shop", "https://www.acme.example/");
        assertThat(OrderRules.returnUrlAllowed("https://acme.example/shop", published)).isTrue();
        assertThat(OrderRules.returnUrlAllowed("https://acme.example/shop/checkout/done?o=1", published)).isTrue();
        assertThat(OrderRules.returnUrlAllowed("https://ACME.example:443/shop/done", published)).isTrue();
        assertThat(OrderRules.returnUrlAllowed("https://www.acme.example/anything", published)).isTrue();
        assertThat(OrderRules.returnUrlAllowed("https://acme.example/shopping", published)).isFalse();
        assertThat(OrderRules.returnUrlAllowed("https://acme.example/", published)).isFalse();
        assertThat(OrderRules.returnUrlAllowed("http://acme.example/shop/done", published)).isFalse();
        assertThat(OrderRules.returnUrlAllowed("https://acme.example:8443/shop/done", published)).isFalse();
        assertThat(OrderRules.returnUrlAllowed("https://evil@acme.example/shop/done", published)).isFalse();
        assertThat(OrderRules.returnUrlAllowed("https://acme.example.evil.example/shop", published)).isFalse();
        assertThat(OrderRules.returnUrlAllowed("/shop/done", published)).isFalse();
        assertThat(OrderRules.returnUrlAllowed("not a url", published)).isFalse();
        assertThat(OrderRules.returnUrlAllowed("https://acme.example/shop", List.of())).isFalse();
        assertThat(OrderRules.returnUrlAllowed("https://acme.example/shop", List.of("http://acme.example/shop")))
                .isFalse();
    }

    @Test
    void aCouponIsUsableOnlyWhereAndWhenTheCatalogueSays() {
        Map<String, Object> base = Map.of("status", "active", "online", true, "site_ids", List.of(),
                "unit_type_ids", List.of(), "discount_kind", "percent");
        assertThat(OrderRules.couponUsable(json(base), "storefront", SITE, TYPE, TODAY, "GBP")).isTrue();
        assertThat(usable(base, Map.of("status", "archived"), "api")).isFalse();
        assertThat(usable(base, Map.of("online", false), "storefront")).isFalse();
        assertThat(usable(base, Map.of("online", false), "backoffice")).isTrue();
        assertThat(usable(base, Map.of("site_ids", List.of(UUID.randomUUID().toString())), "api")).isFalse();
        assertThat(usable(base, Map.of("site_ids", List.of(SITE.toString())), "api")).isTrue();
        assertThat(usable(base, Map.of("unit_type_ids", List.of(UUID.randomUUID().toString())), "api")).isFalse();
        assertThat(usable(base, Map.of("valid_from", "2026-11-26"), "api")).isFalse();
        assertThat(usable(base, Map.of("valid_from", "2026-11-25", "valid_to", "2026-11-25"), "api")).isTrue();
        assertThat(usable(base, Map.of("valid_to", "2026-11-24"), "api")).isFalse();
        assertThat(usable(base, Map.of("discount_kind", "fixed_amount", "currency", "EUR"), "api")).isFalse();
        assertThat(usable(base, Map.of("discount_kind", "fixed_amount", "currency", "GBP"), "api")).isTrue();
    }

    private static boolean usable(Map<String, Object> base, Map<String, Object> change, String source) {
        Map<String, Object> coupon = new java.util.HashMap<>(base);
        coupon.putAll(change);
        return OrderRules.couponUsable(json(coupon), source, SITE, TYPE, TODAY, "GBP");
    }

    @Test
    void onlyAnActiveFixedLevelMonthlyWaiverNotNamedAsInsuranceIsSoldAtCheckout() {
        Map<String, Object> waiver = Map.of("name", "Damage waiver", "kind", "waiver", "pricing_mode", "fixed_level",
                "billing_cycle", "monthly", "status", "active", "price_minor", 500, "currency", "GBP");
        assertThat(OrderRules.coverSellable(json(waiver), "GBP")).isTrue();
        assertThat(OrderRules.coverSellable(json(waiver), "EUR")).isFalse();
        for (Map<String, Object> change : List.<Map<String, Object>>of(Map.of("kind", "insurance"),
                Map.of("pricing_mode", "per_thousand"), Map.of("billing_cycle", "yearly"),
                Map.of("status", "inactive"), Map.of("name", "Contents INSURANCE"), Map.of("name", "Reinsured cover"))) {
            Map<String, Object> product = new java.util.HashMap<>(waiver);
            product.putAll(change);
            assertThat(OrderRules.coverSellable(json(product), "GBP")).as(change.toString()).isFalse();
        }
        Map<String, Object> unpriced = new java.util.HashMap<>(waiver);
        unpriced.put("price_minor", null);
        assertThat(OrderRules.coverSellable(json(unpriced), "GBP")).isFalse();
    }

    @Test
    void theMinimumIsTheRails() {
        assertThat(OrderRules.minimumOf("card")).isEqualTo(30);
        assertThat(OrderRules.minimumOf("bacs_dd")).isEqualTo(100);
    }
}
