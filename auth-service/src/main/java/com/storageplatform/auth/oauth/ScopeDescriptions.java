package com.storageplatform.auth.oauth;

import java.util.Map;

/** What each scope lets an app do, in the words the consent page shows the operator. */
final class ScopeDescriptions {

    private static final Map<String, String> FAMILIES = Map.ofEntries(
            Map.entry("sites", "your sites and their widgets"),
            Map.entry("units", "your unit types, units and availability"),
            Map.entry("catalogue", "your products, coverage, coupons, rate plans and price rules"),
            Map.entry("contacts", "your customers' contact records"),
            Map.entry("reservations", "your reservations and orders"),
            Map.entry("agreements", "your licence agreements and subscriptions"),
            Map.entry("billing", "your invoices, credit notes, payments, payment methods and mandates"),
            Map.entry("crm", "your deals, tasks and notes"),
            Map.entry("compliance", "your contracts and identity verifications"),
            Map.entry("access", "your access credentials, access events and hardware devices"),
            Map.entry("integrations", "your integration connections"),
            Map.entry("messages", "the messages you send your customers"),
            Map.entry("webhooks", "your webhook endpoints"),
            Map.entry("events", "your event log"),
            Map.entry("reports", "your reports"),
            Map.entry("imports", "your data imports"));

    private ScopeDescriptions() {
    }

    /** {@code billing:read} is "See your invoices, ..."; {@code billing:write} is "Create and change ...". */
    static String of(String scope) {
        int colon = scope.indexOf(':');
        String what = colon < 0 ? null : FAMILIES.get(scope.substring(0, colon));
        if (what == null) {
            return scope;
        }
        return (scope.endsWith(":read") ? "See " : "Create and change ") + what;
    }
}
