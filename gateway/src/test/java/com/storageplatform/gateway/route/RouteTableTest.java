package com.storageplatform.gateway.route;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RouteTableTest {

    /**
     * Every collection conventions.md lists ("Paths and resource names", with the four reports of
     * {@code /v1/reports/{name}}, and the test helpers), the service that owns it (ARCHITECTURE.md) and its family
     * in the spec's scope table; read-only ones refuse writes.
     */
    @ParameterizedTest(name = "/v1/{0} -> {1}, {2}, read-only {3}")
    @CsvSource({
            "sites, catalogue, sites, false",
            "widgets, catalogue, sites, true",
            "unit-types, catalogue, units, false",
            "units, catalogue, units, false",
            "availability, catalogue, units, true",
            "products, catalogue, catalogue, false",
            "coverage-products, catalogue, catalogue, false",
            "coupons, catalogue, catalogue, false",
            "rate-plans, catalogue, catalogue, false",
            "price-rules, catalogue, catalogue, false",
            "contacts, commerce, contacts, false",
            "reservations, commerce, reservations, false",
            "orders, commerce, reservations, false",
            "agreements, commerce, agreements, false",
            "imports, commerce, imports, false",
            // Billing owns recurring plans (ADR 0027); they stay under the agreements family, as the spec says.
            "subscriptions, billing, agreements, false",
            "invoices, billing, billing, false",
            "credit-notes, billing, billing, false",
            "payments, billing, billing, false",
            "payment-methods, billing, billing, false",
            "mandates, billing, billing, false",
            // Reports answer where their data is: occupancy and revenue from billing's plans and units.
            "reports/delinquency, billing, reports, true",
            "reports/occupancy, billing, reports, true",
            "reports/revenue, billing, reports, true",
            "collections-cases, billing, billing, true",
            "dunning-ladder, billing, billing, false",
            "overlocks, billing, billing, false",
            "sale-processes, billing, billing, false",
            "accounting-syncs, billing, billing, true",
            "price-increases, billing, agreements, false",
            "deals, crm, crm, false",
            "pipelines, crm, crm, false",
            "tasks, crm, crm, false",
            "notes, crm, crm, false",
            "messages, crm, messages, false",
            "message-templates, crm, messages, false",
            "test-helpers/messages, crm, messages, false",
            "integration-connections, crm, integrations, false",
            "reports/conversion, crm, reports, true",
            "contracts, compliance, compliance, false",
            "contract-templates, compliance, compliance, false",
            "identity-verifications, compliance, compliance, false",
            "identity-requirements, compliance, compliance, false",
            "access-credentials, compliance, access, false",
            "access-events, compliance, access, false",
            "hardware-devices, compliance, access, false",
            "test-helpers/access-events, compliance, access, false",
            "test-helpers/overlocks, compliance, access, false",
            "webhooks, webhooks, webhooks, false",
            "events, webhooks, events, true",
            // Test helpers (conventions.md "Test mode"): the write scope of the resource they move.
            "test-helpers/mandates, billing, billing, false",
            "test-helpers/payments, billing, billing, false",
            "test-helpers/identity-verifications, compliance, compliance, false",
            // docs/api/webhooks.md: publishes a test event to the account's endpoints.
            "test-helpers/events, webhooks, webhooks, false"
    })
    void everyCollectionGoesToItsServiceUnderItsScopeFamily(String collection, String service, String family,
            boolean readOnly) {
        for (String path : List.of("/v1/" + collection, "/v1/" + collection + "/0190a1b2-0000-7000-8000-000000000001",
                "/v1/" + collection + "/0190a1b2-0000-7000-8000-000000000001/cancel")) {
            RouteTable.Entry entry = RouteTable.match(path).orElseThrow(() -> new AssertionError(path + " is not routed"));
            assertThat(entry.path()).as(path).isEqualTo(collection);
            assertThat(entry.service()).as(path).isEqualTo(service);
            assertThat(entry.readOnly()).as(path).isEqualTo(readOnly);
            assertThat(entry.scopeFor("GET")).isEqualTo(family + ":read");
            assertThat(entry.scopeFor("HEAD")).isEqualTo(family + ":read");
            for (String write : List.of("POST", "PATCH", "DELETE", "PUT")) {
                assertThat(entry.scopeFor(write)).isEqualTo(family + ":write");
            }
        }
    }

    @Test
    void theTableHoldsNothingBeyondTheListedCollections() {
        assertThat(RouteTable.ENTRIES).extracting(RouteTable.Entry::path).containsExactlyInAnyOrder("sites",
                "widgets", "unit-types", "units", "availability", "products", "coverage-products", "coupons",
                "rate-plans", "price-rules", "contacts", "reservations", "orders", "agreements", "subscriptions",
                "imports", "reports/occupancy", "reports/revenue", "invoices", "credit-notes", "payments",
                "payment-methods", "mandates", "reports/delinquency", "collections-cases", "dunning-ladder", "overlocks",
                "sale-processes", "accounting-syncs", "price-increases", "deals", "pipelines", "tasks", "notes",
                "messages", "message-templates", "test-helpers/messages",
                "integration-connections", "reports/conversion", "contracts", "contract-templates",
                "identity-verifications", "identity-requirements",
                "access-credentials", "access-events", "hardware-devices", "webhooks", "events",
                "test-helpers/mandates", "test-helpers/payments", "test-helpers/identity-verifications",
                "test-helpers/access-events", "test-helpers/overlocks",
                "test-helpers/events");
    }

    @Test
    void aPrefixIsNotAMatch() {
        assertThat(RouteTable.match("/v1/sitesx")).isEmpty();
        assertThat(RouteTable.match("/v1/reports/unknown")).isEmpty();
        assertThat(RouteTable.match("/v2/sites")).isEmpty();
        assertThat(RouteTable.match("/v1/")).isEmpty();
        // The public reference sits outside /v1, like /health: never routed to a service, no credential.
        assertThat(RouteTable.match("/openapi.json")).isEmpty();
        assertThat(RouteTable.match("/docs")).isEmpty();
    }

    @Test
    void collectionsAreUnique() {
        Set<String> paths = new HashSet<>();
        RouteTable.ENTRIES.forEach(entry -> assertThat(paths.add(entry.path())).as(entry.path()).isTrue());
    }
}
