package com.storageplatform.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.devstack.DevStack;
import java.net.URI;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Products, coverage products, coupons and widgets through the gateway: the product filter, the coverage rules and
 * {@code cover_in_force} from commerce's {@code cover.started} until its {@code cover.ended} (over Kafka), the
 * advertised coupon rule and the live-quote 409, read-only widgets, and the catalogue scopes.
 */
class CatalogueProductsE2E {

    private final DevStack stack = Stack.get();
    private final Admin admin = new Admin(stack);

    private String url(String path) {
        return stack.gatewayUrl() + path;
    }

    /** A test-mode key of a new operator with every catalogue, site and unit scope, and the operator. */
    private record Tenant(Admin.Operator operator, String key) {
    }

    private Tenant tenant(String name) {
        Admin.Operator operator = admin.newOperator(name);
        return new Tenant(operator, admin.apiKey(operator, "test", "catalogue:read", "catalogue:write",
                "sites:read", "sites:write", "units:read", "units:write"));
    }

    private void publish(Tenant tenant, String type, Map<String, ?> data) {
        CommerceEvents.publish(stack, type, tenant.operator().testAccountId(), data);
    }

    private String created(String key, String path, Map<String, ?> body) {
        Http.Response created = Http.post(url(path), key, body);
        assertThat(created.status()).as(path + " " + created.body()).isEqualTo(201);
        return created.data().path("id").asString();
    }

    private static List<String> issues(Http.Response response) {
        assertThat(response.status()).as(response.body().toString()).isEqualTo(422);
        List<String> issues = new ArrayList<>();
        response.body().path("error").path("details").forEach(d -> issues.add(d.path("field").asString() + " "
                + d.path("issue").asString()));
        return issues;
    }

    private static List<String> ids(Http.Response list) {
        assertThat(list.status()).as(list.body().toString()).isEqualTo(200);
        List<String> ids = new ArrayList<>();
        list.body().path("data").forEach(item -> ids.add(item.path("id").asString()));
        return ids;
    }

    @Test
    void productsFilterOnUsableWebsiteAndRefuseABadFilterValue() {
        Tenant tenant = tenant("Products Ltd");
        String online = created(tenant.key(), "/v1/products", Map.of("name", "Padlock", "price_mode", "fixed",
                "unit_price_e4", 129900, "currency", "GBP", "usable_website", true));
        String counter = created(tenant.key(), "/v1/products", Map.of("name", "Boxes", "price_mode", "per_unit",
                "unit_label", "box", "unit_price_e4", 34500, "currency", "GBP", "vat_treatment", "reduced_5"));

        assertThat(ids(Http.get(url("/v1/products?usable_website=true"), tenant.key()))).containsExactly(online);
        assertThat(ids(Http.get(url("/v1/products?usable_website=false"), tenant.key()))).containsExactly(counter);
        Http.Response bad = Http.get(url("/v1/products?usable_website=yes"), tenant.key());
        assertThat(bad.status()).isEqualTo(400);
        assertThat(bad.body().path("error").path("details").get(0).path("field").asString())
                .isEqualTo("usable_website");
        assertThat(issues(Http.post(url("/v1/products"), tenant.key(), Map.of("name", "Fee", "price_mode",
                "per_unit", "unit_price_e4", 100, "currency", "GBP")))).containsExactly("unit_label required");

        Http.Response delete = Http.send(HttpRequest.newBuilder(URI.create(url("/v1/products/" + online)))
                .header("Authorization", "Bearer " + tenant.key()).DELETE());
        assertThat(delete.status()).isEqualTo(405);
    }

    @Test
    void coverageProductsFollowTheSpecsRulesAndRefuseChangesWhileCoverIsInForceUntilItEnds() {
        Tenant tenant = tenant("Coverage Ltd");
        Map<String, Object> waiver = new HashMap<>(Map.of("name", "Damage waiver", "kind", "waiver",
                "pricing_mode", "fixed_level", "price_minor", 599, "currency", "GBP"));

        Map<String, Object> bad = new HashMap<>(Map.of("name", "Contents insurance", "kind", "waiver",
                "pricing_mode", "per_thousand", "rate_per_thousand_minor", 100001, "currency", "GBP",
                "billing_cycle", "weekly", "regulatory_basis_ref", "FCA\u0007"));
        assertThat(issues(Http.post(url("/v1/coverage-products"), tenant.key(), bad))).containsExactlyInAnyOrder(
                "name not_allowed", "rate_per_thousand_minor above_maximum", "billing_cycle invalid",
                "regulatory_basis_ref invalid");

        String product = created(tenant.key(), "/v1/coverage-products", waiver);
        Map<String, Object> cover = Map.of("object", "cover", "id", CommerceEvents.newId(),
                "coverage_product_id", product, "agreement_id", CommerceEvents.newId(),
                "contact_id", CommerceEvents.newId(), "cover_minor", 1000000, "currency", "GBP");
        publish(tenant, "cover.started", cover);
        // PATCHed before the projection had the cover, the change would simply succeed: wait for it first.
        CommerceEvents.Marker marker = new CommerceEvents.Marker(stack, tenant.key(),
                tenant.operator().testAccountId());
        marker.awaitApplied();

        Http.Response refused = Http.patch(url("/v1/coverage-products/" + product), tenant.key(),
                Map.of("price_minor", 699));
        assertThat(refused.status()).as(refused.body().toString()).isEqualTo(409);
        assertThat(refused.errorCode()).isEqualTo("cover_in_force");
        Http.Response renamed = Http.patch(url("/v1/coverage-products/" + product), tenant.key(),
                Map.of("name", "Damage waiver plus"));
        assertThat(renamed.status()).as(renamed.body().toString()).isEqualTo(200);
        Http.Response delete = Http.delete(url("/v1/coverage-products/" + product), tenant.key());
        assertThat(delete.status()).isEqualTo(409);
        assertThat(delete.errorCode()).isEqualTo("cover_in_force");

        publish(tenant, "cover.ended", cover);
        marker.awaitApplied();
        Http.Response changed = Http.patch(url("/v1/coverage-products/" + product), tenant.key(),
                Map.of("price_minor", 699));
        assertThat(changed.status()).as(changed.body().toString()).isEqualTo(200);
        assertThat(changed.data().path("price_minor").asLong()).isEqualTo(699);
        Http.Response deleted = Http.delete(url("/v1/coverage-products/" + product), tenant.key());
        assertThat(deleted.status()).as(deleted.body().toString()).isEqualTo(200);
        assertThat(deleted.data().path("deleted").asBoolean()).isTrue();
        assertThat(Http.get(url("/v1/coverage-products/" + product), tenant.key()).status()).isEqualTo(404);
    }

    @Test
    void anAdvertisedCouponMustBeAPlainOfferAndItsTermsFreezeUnderALiveQuote() {
        Tenant tenant = tenant("Coupons Ltd");
        Map<String, Object> offer = new HashMap<>(Map.of("name", "Ten off", "code", "ten-off",
                "discount_kind", "percent", "discount_value", 10, "duration", "repeating", "duration_months", 3,
                "advertised", true));
        assertThat(issues(Http.post(url("/v1/coupons"), tenant.key(), offer))).containsExactly(
                "advertised not_allowed");

        offer.put("duration", "once");
        offer.remove("duration_months");
        Http.Response coupon = Http.post(url("/v1/coupons"), tenant.key(), offer);
        assertThat(coupon.status()).as(coupon.body().toString()).isEqualTo(201);
        String couponId = coupon.data().path("id").asString();
        assertThat(coupon.data().path("code").asString()).isEqualTo("TEN-OFF");
        assertThat(Http.post(url("/v1/coupons"), tenant.key(), offer).errorCode()).isEqualTo("conflict");

        Map<String, Object> quote = new HashMap<>();
        quote.put("object", "quote");
        quote.put("id", CommerceEvents.newId());
        quote.put("coupon_id", couponId);
        quote.put("status", "live");
        quote.put("expires_at", Instant.now().plus(Duration.ofDays(7)).toString());
        publish(tenant, "quote.created", quote);
        // PATCHed before the projection had the quote, the change would simply succeed: wait for it first.
        CommerceEvents.Marker marker = new CommerceEvents.Marker(stack, tenant.key(),
                tenant.operator().testAccountId());
        marker.awaitApplied();

        Http.Response refused = Http.patch(url("/v1/coupons/" + couponId), tenant.key(), Map.of("discount_value", 20));
        assertThat(refused.status()).as(refused.body().toString()).isEqualTo(409);
        assertThat(refused.errorCode()).isEqualTo("conflict");

        publish(tenant, "quote.withdrawn", quote);
        marker.awaitApplied();
        Http.Response changed = Http.patch(url("/v1/coupons/" + couponId), tenant.key(), Map.of("discount_value", 20));
        assertThat(changed.status()).as(changed.body().toString()).isEqualTo(200);
        assertThat(changed.data().path("discount_value").asInt()).isEqualTo(20);
    }

    @Test
    void widgetsAreReadWithSitesReadAndAreReadOnly() {
        Tenant tenant = tenant("Widgets Ltd");
        String site = created(tenant.key(), "/v1/sites", Map.of("name", "North", "timezone", "Europe/London"));

        Http.Response widgets = Http.get(url("/v1/widgets?site_id=" + site), tenant.key());
        assertThat(widgets.status()).as(widgets.body().toString()).isEqualTo(200);
        JsonNode widget = widgets.body().path("data").get(0);
        assertThat(widget.path("object").asString()).isEqualTo("widget");
        assertThat(widget.path("site_id").asString()).isEqualTo(site);
        assertThat(Http.get(url("/v1/widgets/" + widget.path("id").asString()), tenant.key()).status())
                .isEqualTo(200);

        Http.Response post = Http.post(url("/v1/widgets"), tenant.key(), Map.of("site_id", site));
        assertThat(post.status()).isEqualTo(405);
        assertThat(post.errorCode()).isEqualTo("method_not_allowed");
    }

    @Test
    void catalogueReadAndWriteScopesAreExact() {
        Admin.Operator operator = admin.newOperator("Scopes Ltd");
        String reader = admin.apiKey(operator, "test", "catalogue:read");
        String writer = admin.apiKey(operator, "test", "catalogue:write");

        Http.Response readOnlyWrite = Http.post(url("/v1/coupons"), reader, Map.of("name", "Ten off",
                "discount_kind", "percent", "discount_value", 10, "duration", "once"));
        assertThat(readOnlyWrite.status()).isEqualTo(403);
        assertThat(readOnlyWrite.errorCode()).isEqualTo("insufficient_scope");
        String id = created(writer, "/v1/products", Map.of("name", "Padlock", "price_mode", "fixed",
                "unit_price_e4", 129900, "currency", "GBP"));
        Http.Response writeOnlyRead = Http.get(url("/v1/products/" + id), writer);
        assertThat(writeOnlyRead.status()).isEqualTo(403);
        assertThat(writeOnlyRead.errorCode()).isEqualTo("insufficient_scope");
        assertThat(Http.get(url("/v1/products/" + id), reader).status()).isEqualTo(200);
        assertThat(Http.get(url("/v1/widgets"), reader).errorCode()).isEqualTo("insufficient_scope");
        assertThat(Http.get(url("/v1/coverage-products"), reader).status()).isEqualTo(200);
    }
}
