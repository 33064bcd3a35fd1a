package com.storageplatform.devstack;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The service table of docs/configuration.md, in start order. A new service is one line here.
 */
public final class Services {

    public static final String GATEWAY = "gateway";
    public static final String POSTGRES = "postgres";
    public static final String KAFKA = "kafka";
    public static final String KEYCLOAK = KeycloakProcess.NAME;
    /** Started before the services, in this order, whatever {@code --only} selects. */
    public static final List<String> INFRASTRUCTURE = List.of(POSTGRES, KAFKA, KEYCLOAK);

    public static final List<Service> ALL = List.of(
            new Service(GATEWAY, "gateway", 0, "gateway"),
            new Service("auth-service", "auth-service", 1, "auth"),
            new Service("catalogue-service", "catalogue-service", 2, "catalogue"),
            new Service("commerce-service", "commerce-service", 3, "commerce"),
            new Service("billing-service", "billing-service", 4, "billing"),
            new Service("crm-service", "crm-service", 5, "crm"),
            new Service("compliance-service", "compliance-service", 6, "compliance"),
            new Service("webhook-dispatcher", "webhook-dispatcher", 7, "webhooks"));

    /** Infrastructure first, then the services: the order of {@code status} and of starting. */
    public static final List<String> PROCESS_NAMES = processNames();

    public static boolean isInfrastructure(String name) {
        return INFRASTRUCTURE.contains(name);
    }

    private Services() {
    }

    public static Optional<Service> byName(String name) {
        return ALL.stream().filter(s -> s.name().equals(name)).findFirst();
    }

    /** The services other than the gateway: the ones the gateway routes to. */
    public static List<Service> backends() {
        return ALL.stream().filter(s -> !s.isGateway()).toList();
    }

    /**
     * Resolves a comma-separated selection ({@code --only} / {@code DEVSTACK_SERVICES}) to services in table
     * order. Entries may be process names or short names ({@code catalogue}); {@code postgres},
     * {@code kafka} and {@code keycloak} are accepted and ignored because the infrastructure always starts, so
     * {@code --only postgres,kafka} starts the infrastructure alone.
     *
     * @throws IllegalArgumentException naming the first unknown entry
     */
    public static List<Service> select(String selection) {
        Set<Service> chosen = new LinkedHashSet<>();
        for (String raw : selection.split(",")) {
            String entry = raw.trim().toLowerCase(Locale.ROOT);
            if (entry.isEmpty() || INFRASTRUCTURE.contains(entry) || entry.equals("none")) {
                continue;
            }
            Service service = ALL.stream()
                    .filter(s -> s.name().equals(entry) || s.shortName().equals(entry))
                    .findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("unknown service '" + raw.trim()
                            + "' (known: " + String.join(", ", PROCESS_NAMES) + ")"));
            chosen.add(service);
        }
        return ALL.stream().filter(chosen::contains).collect(Collectors.toList());
    }

    private static List<String> processNames() {
        List<String> names = new ArrayList<>(INFRASTRUCTURE);
        ALL.forEach(s -> names.add(s.name()));
        return List.copyOf(names);
    }
}
