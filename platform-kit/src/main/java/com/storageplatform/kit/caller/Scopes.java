package com.storageplatform.kit.caller;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Every scope of the spec's scope table: {@code <family>:read} and {@code <family>:write}, except the read-only
 * families (events, reports). The gateway checks them exactly (no implication: write does not grant read); the
 * auth service refuses to issue anything else.
 */
public final class Scopes {

    /** Family name → whether it has a write scope. */
    private static final Map<String, Boolean> FAMILIES = familyTable();

    public static final Set<String> ALL = FAMILIES.entrySet().stream()
            .flatMap(family -> family.getValue()
                    ? List.of(family.getKey() + ":read", family.getKey() + ":write").stream()
                    : List.of(family.getKey() + ":read").stream())
            .collect(Collectors.toUnmodifiableSet());

    private Scopes() {
    }

    private static Map<String, Boolean> familyTable() {
        Map<String, Boolean> families = new LinkedHashMap<>();
        for (String family : List.of("sites", "units", "catalogue", "contacts", "reservations", "agreements",
                "billing", "crm", "compliance", "access", "integrations", "messages", "webhooks", "imports")) {
            families.put(family, true);
        }
        families.put("events", false);
        families.put("reports", false);
        return Map.copyOf(families);
    }

    public static boolean isKnown(String scope) {
        return ALL.contains(scope);
    }

    public static Set<String> families() {
        return FAMILIES.keySet();
    }

    public static boolean hasWrite(String family) {
        return FAMILIES.getOrDefault(family, false);
    }

    /**
     * The scope a request with {@code method} needs on a collection of {@code family}: {@code GET} and {@code HEAD}
     * need {@code <family>:read}, every other method {@code <family>:write}. The gateway enforces it, the API
     * description states it and its checks hold the description to it.
     */
    public static String required(String family, String method) {
        return family + ("GET".equals(method) || "HEAD".equals(method) ? ":read" : ":write");
    }
}
