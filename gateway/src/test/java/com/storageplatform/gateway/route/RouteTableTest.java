package com.storageplatform.gateway.route;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RouteTableTest {

    @Test
    void everyCollectionOfTheScopeTableHasItsFamily() {
        assertThat(RouteTable.match("/v1/payments").orElseThrow().scopeFor("GET")).isEqualTo("billing:read");
        assertThat(RouteTable.match("/v1/payments").orElseThrow().scopeFor("POST")).isEqualTo("billing:write");
        assertThat(RouteTable.match("/v1/widgets/abc").orElseThrow().scopeFamily()).isEqualTo("sites");
        assertThat(RouteTable.match("/v1/availability").orElseThrow().scopeFamily()).isEqualTo("units");
        assertThat(RouteTable.match("/v1/coverage-products/x").orElseThrow().scopeFamily()).isEqualTo("catalogue");
        assertThat(RouteTable.match("/v1/orders").orElseThrow().scopeFamily()).isEqualTo("reservations");
        assertThat(RouteTable.match("/v1/subscriptions").orElseThrow().scopeFamily()).isEqualTo("agreements");
        assertThat(RouteTable.match("/v1/integration-connections").orElseThrow().scopeFamily()).isEqualTo("integrations");
        assertThat(RouteTable.match("/v1/hardware-devices").orElseThrow().scopeFamily()).isEqualTo("access");
        assertThat(RouteTable.match("/v1/events").orElseThrow().readOnly()).isTrue();
        assertThat(RouteTable.match("/v1/reports/conversion").orElseThrow().service()).isEqualTo("crm");
        assertThat(RouteTable.match("/v1/test-helpers/payments/x/confirm").orElseThrow().service()).isEqualTo("billing");
    }

    @Test
    void aPrefixIsNotAMatch() {
        assertThat(RouteTable.match("/v1/sitesx")).isEmpty();
        assertThat(RouteTable.match("/v1/reports/unknown")).isEmpty();
        assertThat(RouteTable.match("/v2/sites")).isEmpty();
        assertThat(RouteTable.match("/v1/")).isEmpty();
    }

    @Test
    void collectionsAreUnique() {
        Set<String> paths = new HashSet<>();
        RouteTable.ENTRIES.forEach(entry -> assertThat(paths.add(entry.path())).as(entry.path()).isTrue());
    }
}
