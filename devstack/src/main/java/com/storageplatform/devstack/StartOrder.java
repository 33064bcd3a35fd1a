package com.storageplatform.devstack;

import java.util.ArrayList;
import java.util.List;

/**
 * Which processes a stack runs and in what order: the infrastructure first (PostgreSQL unless DATABASE_URL
 * names one, Kafka, Keycloak), since the services migrate their schemas, connect to Kafka and provision Keycloak
 * at start; then the selected services, all at once.
 */
record StartOrder(List<String> infrastructure, List<String> services) {

    static StartOrder of(Database database, List<Service> selected) {
        List<String> infrastructure = new ArrayList<>(Services.INFRASTRUCTURE);
        if (database.external()) {
            infrastructure.remove(Services.POSTGRES);
        }
        return new StartOrder(List.copyOf(infrastructure), selected.stream().map(Service::name).toList());
    }

    /** Every process, in start order. */
    List<String> all() {
        List<String> all = new ArrayList<>(infrastructure);
        all.addAll(services);
        return all;
    }
}
