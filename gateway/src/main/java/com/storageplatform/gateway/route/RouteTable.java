package com.storageplatform.gateway.route;

import com.storageplatform.kit.caller.Scopes;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The one table of the public API: each collection under {@code /v1}, the service that owns it and the scope
 * family that guards it ({@link Scopes#required}: {@code GET} needs {@code <family>:read}, other methods
 * {@code <family>:write}). Adding a collection is adding one line here.
 */
public final class RouteTable {

    /** A collection; {@code readOnly} ones refuse every method but GET. */
    public record Entry(String path, String service, String scopeFamily, boolean readOnly) {

        static Entry of(String path, String service, String scopeFamily) {
            return new Entry(path, service, scopeFamily, false);
        }

        static Entry readOnly(String path, String service, String scopeFamily) {
            return new Entry(path, service, scopeFamily, true);
        }

        /** The scope a request with this method needs. */
        public String scopeFor(String method) {
            return Scopes.required(scopeFamily, method);
        }
    }

    public static final List<Entry> ENTRIES = List.of(
            Entry.of("sites", "catalogue", "sites"),
            Entry.readOnly("widgets", "catalogue", "sites"),
            Entry.of("unit-types", "catalogue", "units"),
            Entry.of("units", "catalogue", "units"),
            Entry.readOnly("availability", "catalogue", "units"),
            Entry.of("products", "catalogue", "catalogue"),
            Entry.of("coverage-products", "catalogue", "catalogue"),
            Entry.of("coupons", "catalogue", "catalogue"),
            Entry.of("rate-plans", "catalogue", "catalogue"),
            Entry.of("price-rules", "catalogue", "catalogue"),
            Entry.of("contacts", "commerce", "contacts"),
            Entry.of("reservations", "commerce", "reservations"),
            Entry.of("orders", "commerce", "reservations"),
            Entry.of("agreements", "commerce", "agreements"),
            Entry.of("imports", "commerce", "imports"),
            // Recurring plans sit beside their invoices (ADR 0027); the agreement's scope family guards them.
            Entry.of("subscriptions", "billing", "agreements"),
            Entry.of("invoices", "billing", "billing"),
            Entry.of("credit-notes", "billing", "billing"),
            Entry.of("payments", "billing", "billing"),
            Entry.of("payment-methods", "billing", "billing"),
            Entry.of("mandates", "billing", "billing"),
            // Reports answer where their data lives (ARCHITECTURE.md): occupancy and revenue from billing's plans.
            Entry.readOnly("reports/delinquency", "billing", "reports"),
            Entry.readOnly("reports/occupancy", "billing", "reports"),
            Entry.readOnly("reports/revenue", "billing", "reports"),
            // Arrears and what follows them (docs/api/collections.md), and the accounting sync: billing's.
            Entry.readOnly("collections-cases", "billing", "billing"),
            Entry.of("dunning-ladder", "billing", "billing"),
            Entry.of("overlocks", "billing", "billing"),
            Entry.of("sale-processes", "billing", "billing"),
            Entry.readOnly("accounting-syncs", "billing", "billing"),
            // Price increases of existing plans, guarded like the plans themselves.
            Entry.of("price-increases", "billing", "agreements"),
            Entry.of("test-helpers/mandates", "billing", "billing"),
            Entry.of("test-helpers/payments", "billing", "billing"),
            Entry.of("deals", "crm", "crm"),
            Entry.of("pipelines", "crm", "crm"),
            Entry.of("tasks", "crm", "crm"),
            Entry.of("notes", "crm", "crm"),
            Entry.of("messages", "crm", "messages"),
            Entry.of("message-templates", "crm", "messages"),
            Entry.of("test-helpers/messages", "crm", "messages"),
            Entry.of("integration-connections", "crm", "integrations"),
            Entry.readOnly("reports/conversion", "crm", "reports"),
            Entry.of("contracts", "compliance", "compliance"),
            Entry.of("contract-templates", "compliance", "compliance"),
            Entry.of("identity-verifications", "compliance", "compliance"),
            Entry.of("identity-requirements", "compliance", "compliance"),
            Entry.of("test-helpers/identity-verifications", "compliance", "compliance"),
            Entry.of("access-credentials", "compliance", "access"),
            Entry.of("access-events", "compliance", "access"),
            Entry.of("hardware-devices", "compliance", "access"),
            Entry.of("test-helpers/access-events", "compliance", "access"),
            // Plays the lock system's answer to an overlock (docs/api/access.md).
            Entry.of("test-helpers/overlocks", "compliance", "access"),
            Entry.of("webhooks", "webhooks", "webhooks"),
            Entry.of("test-helpers/events", "webhooks", "webhooks"),
            Entry.readOnly("events", "webhooks", "events"));

    private RouteTable() {
    }

    private static final Map<String, Entry> BY_PATH = ENTRIES.stream()
            .collect(Collectors.toUnmodifiableMap(Entry::path, Function.identity()));

    /** The entry whose collection the path is in ({@code /v1/sites}, {@code /v1/sites/{id}/...}). */
    public static Optional<Entry> match(String path) {
        if (!path.startsWith("/v1/")) {
            return Optional.empty();
        }
        String rest = path.substring(4);
        int first = rest.indexOf('/');
        if (first < 0) {
            return Optional.ofNullable(BY_PATH.get(rest));
        }
        // Two-segment collections (reports/occupancy, test-helpers/payments) before one-segment ones.
        int second = rest.indexOf('/', first + 1);
        Entry twoSegments = BY_PATH.get(second < 0 ? rest : rest.substring(0, second));
        return Optional.ofNullable(twoSegments != null ? twoSegments : BY_PATH.get(rest.substring(0, first)));
    }
}
