package com.storageplatform.deploy.support;

import java.util.List;

/** The eight processes the chart deploys, as docs/configuration.md lists them. */
public final class PlatformServices {

    public static final String GATEWAY = "gateway";

    public static final List<String> ALL = List.of(GATEWAY, "auth-service", "catalogue-service", "commerce-service",
            "billing-service", "crm-service", "compliance-service", "webhook-dispatcher");

    /** Every service behind the gateway: each has a database schema and a Kafka topic. */
    public static final List<String> BACKENDS = ALL.subList(1, ALL.size());

    /** The short names: schema, topic {@code <short>.events}, {@code PLATFORM_SERVICES_<SHORT>_URL}. */
    public static final List<String> SHORT_NAMES = List.of("auth", "catalogue", "commerce", "billing", "crm",
            "compliance", "webhooks");

    public static final String WEBHOOK_DISPATCHER = "webhook-dispatcher";

    private PlatformServices() {
    }
}
