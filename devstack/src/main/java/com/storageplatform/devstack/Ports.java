package com.storageplatform.devstack;

/**
 * Every port of the stack, fixed relative to one base port so a second stack (the e2e suite's) can run
 * beside a developer's by moving the base alone.
 */
public record Ports(int base) {

    public static final int DEFAULT_BASE = 8080;
    static final int POSTGRES_OFFSET = 20;
    static final int KAFKA_OFFSET = 30;
    static final int KAFKA_CONTROLLER_OFFSET = 31;
    /** Keycloak, for operator sign-in (ADR 0023). */
    static final int KEYCLOAK_OFFSET = 40;
    /** Each service's management port (Prometheus metrics): base+50 and up, in the order of the service ports. */
    static final int MANAGEMENT_OFFSET = 50;
    static final int HIGHEST_OFFSET = MANAGEMENT_OFFSET + 7;

    public Ports {
        if (base < 1024 || base + HIGHEST_OFFSET > 65535) {
            throw new IllegalArgumentException(
                    "base port must be between 1024 and " + (65535 - HIGHEST_OFFSET) + ", not " + base);
        }
    }

    public int service(Service service) {
        return base + service.portOffset();
    }

    /** The service's management port, where {@code /internal/prometheus} is served (ADR 0022). */
    public int management(Service service) {
        return base + MANAGEMENT_OFFSET + service.portOffset();
    }

    public int gateway() {
        return base;
    }

    public int postgres() {
        return base + POSTGRES_OFFSET;
    }

    public int kafka() {
        return base + KAFKA_OFFSET;
    }

    public int kafkaController() {
        return base + KAFKA_CONTROLLER_OFFSET;
    }

    public int keycloak() {
        return base + KEYCLOAK_OFFSET;
    }
}
