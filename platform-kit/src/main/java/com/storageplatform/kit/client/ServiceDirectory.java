package com.storageplatform.kit.client;

import java.net.URI;
import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Where each service listens: {@code platform.services.<name>.url} ({@code PLATFORM_SERVICES_CATALOGUE_URL}).
 * The names are the services' short names: auth, catalogue, commerce, billing, crm, compliance, webhooks. The
 * gateway routes to them; a service calls its peers through {@link ServiceClients}.
 */
@ConfigurationProperties("platform")
public record ServiceDirectory(Map<String, Service> services) {

    public record Service(URI url) {
    }

    public ServiceDirectory {
        services = services == null ? Map.of() : Map.copyOf(services);
    }

    public URI urlOf(String service) {
        Service entry = services.get(service);
        if (entry == null || entry.url() == null) {
            throw new IllegalStateException("platform.services." + service + ".url is not configured");
        }
        return entry.url();
    }
}
