package com.storageplatform.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.devstack.DevStack;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Unit types, units, availability and pricing through the gateway: the main flows, {@code bookable} once commerce's
 * {@code reservation.created} reaches the catalogue over Kafka, the quoted price, scopes and site restriction.
 */
class CatalogueUnitsE2E {

    private static final List<String> ALL_SCOPES = List.of("sites:read", "sites:write", "units:read", "units:write",
            "catalogue:read", "catalogue:write");

    private final DevStack stack = Stack.get();
    private final Admin admin = new Admin(stack);

    private String url(String path) {
        return stack.gatewayUrl() + path;
    }

    private String created(String key, String path, Map<String, ?> body) {
        Http.Response created = Http.post(url(path), key, body);
        assertThat(created.status()).as(path + " " + created.body()).isEqualTo(201);
        return created.data().path("id").asString();
    }

    private String site(String key, String name) {
        return created(key, "/v1/sites", Map.of("name", name, "timezone", "Europe/London"));
    }

    private String unitType(String key, String site, String name, long price) {
        return created(key, "/v1/unit-types", Map.of("site_id", site, "name", name, "price_minor", price,
                "currency", "GBP", "features", List.of("drive_up")));
    }

    private String unit(String key, String site, String type, String name) {
        return created(key, "/v1/units", Map.of("site_id", site, "unit_type_id", type, "name", name));
    }

    private List<String> ids(String key, String pathAndQuery) {
        Http.Response list = Http.get(url(pathAndQuery), key);
        assertThat(list.status()).as(list.body().toString()).isEqualTo(200);
        List<String> ids = new ArrayList<>();
        list.body().path("data").forEach(item -> ids.add(item.path("id").asString()));
        return ids;
    }

    @Test
    void aReservationEventMakesItsUnitReservedAndBookableOnlyForItself() {
        Admin.Operator operator = admin.newOperator("Units Ltd");
        String key = admin.apiKey(operator, "test", ALL_SCOPES, null).path("key").asString();
        String site = site(key, "Harbour");
        String type = unitType(key, site, "50 sq ft", 5000);
        String held = unit(key, site, type, "A1");
        String free = unit(key, site, type, "A2");
        assertThat(ids(key, "/v1/units?bookable=true&site_id=" + site)).containsExactly(free, held);

        String reservation = CommerceEvents.newId();
        CommerceEvents.publish(stack, "reservation.created", operator.testAccountId(),
                CommerceEvents.reservation(reservation, site, type, held, "active"));

        List<String> bookable = CommerceEvents.eventually(() -> ids(key, "/v1/units?bookable=true"),
                list -> list.size() == 1);
        assertThat(bookable).containsExactly(free);
        assertThat(Http.get(url("/v1/units/" + held), key).data().path("status").asString()).isEqualTo("reserved");
        assertThat(ids(key, "/v1/units?bookable=true&reservation_id=" + reservation)).containsExactly(free, held);
        assertThat(ids(key, "/v1/units?status=reserved")).containsExactly(held);

        Http.Response refused = Http.patch(url("/v1/units/" + held), key, Map.of("status", "out_of_service"));
        assertThat(refused.status()).isEqualTo(409);
        assertThat(refused.errorCode()).isEqualTo("conflict");
        Http.Response badFilter = Http.get(url("/v1/units?bookable=maybe"), key);
        assertThat(badFilter.status()).isEqualTo(400);
        assertThat(badFilter.body().path("error").path("details").get(0).path("field").asString())
                .isEqualTo("bookable");
    }

    @Test
    void availabilityQuotesTheRatePlanAdjustedByPriceRules() {
        Admin.Operator operator = admin.newOperator("Pricing Ltd");
        String key = admin.apiKey(operator, "test", ALL_SCOPES, null).path("key").asString();
        String site = site(key, "Quayside");
        String type = unitType(key, site, "100 sq ft", 10000);
        unit(key, site, type, "B1");
        unit(key, site, type, "B2");
        created(key, "/v1/rate-plans", Map.of("unit_type_id", type, "price_minor", 9000, "currency", "GBP",
                "valid_from", "2027-01-01", "valid_to", "2027-01-31"));
        created(key, "/v1/price-rules", Map.of("name", "Drive-up premium", "kind", "unit_feature",
                "feature", "drive_up", "adjustment_kind", "percent", "adjustment_value", 5));
        Http.Response overlap = Http.post(url("/v1/rate-plans"), key, Map.of("unit_type_id", type,
                "price_minor", 1, "currency", "GBP", "valid_from", "2027-01-31"));
        assertThat(overlap.status()).isEqualTo(409);

        Http.Response availability = Http.get(url("/v1/availability?site_id=" + site + "&date=2027-01-15"), key);
        assertThat(availability.status()).as(availability.body().toString()).isEqualTo(200);
        JsonNode item = availability.body().path("data").get(0);
        assertThat(item.path("unit_type_id").asString()).isEqualTo(type);
        assertThat(item.path("units_total").asLong()).isEqualTo(2);
        assertThat(item.path("units_bookable").asLong()).isEqualTo(2);
        assertThat(item.path("price").path("list_price_minor").asLong()).isEqualTo(9000);
        assertThat(item.path("price").path("price_minor").asLong()).isEqualTo(9450);
        assertThat(item.path("price").path("applied_rules").size()).isEqualTo(1);
        assertThat(availability.body().path("meta").path("limit").asInt()).isEqualTo(20);
    }

    @Test
    void unitsScopesAreExactAndPricingNeedsTheCatalogueScopes() {
        Admin.Operator operator = admin.newOperator("Scopes Ltd");
        String full = admin.apiKey(operator, "test", ALL_SCOPES, null).path("key").asString();
        String readOnly = admin.apiKey(operator, "test", "units:read");
        String writeOnly = admin.apiKey(operator, "test", "units:write");
        String site = site(full, "Scoped");
        String type = unitType(full, site, "Locker", 900);

        assertThat(Http.get(url("/v1/unit-types/" + type), readOnly).status()).isEqualTo(200);
        assertThat(Http.get(url("/v1/availability"), readOnly).status()).isEqualTo(200);
        Http.Response noWrite = Http.post(url("/v1/units"), readOnly,
                Map.of("site_id", site, "unit_type_id", type, "name", "L1"));
        assertThat(noWrite.status()).isEqualTo(403);
        assertThat(noWrite.errorCode()).isEqualTo("insufficient_scope");
        assertThat(Http.get(url("/v1/units"), writeOnly).status()).isEqualTo(403);
        assertThat(Http.post(url("/v1/units"), writeOnly, Map.of("site_id", site, "unit_type_id", type,
                "name", "L1")).status()).isEqualTo(201);
        Http.Response noCatalogue = Http.post(url("/v1/rate-plans"), writeOnly,
                Map.of("unit_type_id", type, "price_minor", 1, "currency", "GBP"));
        assertThat(noCatalogue.status()).isEqualTo(403);
        assertThat(noCatalogue.errorCode()).isEqualTo("insufficient_scope");
    }

    @Test
    void aSiteRestrictedKeyWorksOnlyAtItsSitesAndAListFilterNamingAnotherIsForbidden() {
        Admin.Operator operator = admin.newOperator("Restricted Units Ltd");
        String full = admin.apiKey(operator, "test", ALL_SCOPES, null).path("key").asString();
        String allowed = site(full, "Allowed");
        String other = site(full, "Other");
        String allowedType = unitType(full, allowed, "Small", 2000);
        String otherType = unitType(full, other, "Small", 2000);
        String mine = unit(full, allowed, allowedType, "M1");
        String theirs = unit(full, other, otherType, "T1");
        String restricted = admin.apiKey(operator, "test", ALL_SCOPES, List.of(allowed)).path("key").asString();

        assertThat(ids(restricted, "/v1/units")).containsExactly(mine);
        assertThat(ids(restricted, "/v1/unit-types")).containsExactly(allowedType);
        Http.Response read = Http.get(url("/v1/units/" + theirs), restricted);
        assertThat(read.status()).isEqualTo(403);
        assertThat(read.errorCode()).isEqualTo("site_forbidden");
        Http.Response write = Http.post(url("/v1/units"), restricted,
                Map.of("site_id", allowed, "unit_type_id", otherType, "name", "X1"));
        assertThat(write.status()).isEqualTo(403);
        assertThat(write.errorCode()).isEqualTo("site_forbidden");
        for (String filtered : List.of("/v1/units?site_id=" + other, "/v1/unit-types?site_id=" + other,
                "/v1/units?unit_type_id=" + otherType, "/v1/rate-plans?site_id=" + other,
                "/v1/price-rules?site_id=" + other, "/v1/availability?site_id=" + other)) {
            Http.Response list = Http.get(url(filtered), restricted);
            assertThat(list.status()).as(filtered).isEqualTo(403);
            assertThat(list.errorCode()).as(filtered).isEqualTo("site_forbidden");
        }
        Http.Response stranger = Http.get(url("/v1/units/" + mine),
                admin.apiKey(admin.newOperator("Stranger Ltd"), "test", "units:read"));
        assertThat(stranger.status()).isEqualTo(404);
    }
}
