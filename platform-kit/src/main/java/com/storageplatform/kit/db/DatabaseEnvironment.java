package com.storageplatform.kit.db;

import java.net.URI;
import java.util.HashMap;
import java.util.Map;
import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.PropertyResolver;

/**
 * Derives the R2DBC (requests) and JDBC (Flyway migrations) settings of a service from one description of its
 * database, so no service repeats them:
 *
 * <pre>
 * platform.database.url=postgresql://host:5432/platform   (or PLATFORM_DATABASE_URL)
 * platform.database.username / password
 * platform.database.schema   (defaults to platform.service.name)
 * </pre>
 *
 * The service owns its schema: Flyway creates it and R2DBC connections use it as their search path.
 */
public class DatabaseEnvironment implements EnvironmentPostProcessor {

    @Override
    public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
        Map<String, Object> derived = derive(environment);
        if (!derived.isEmpty()) {
            environment.getPropertySources().addLast(new MapPropertySource("platform-database", derived));
        }
    }

    /** The derived {@code spring.r2dbc.*} and {@code spring.flyway.*} settings; empty without a database url. */
    public static Map<String, Object> derive(PropertyResolver properties) {
        String url = properties.getProperty("platform.database.url");
        if (url == null || url.isBlank()) {
            return Map.of();
        }
        URI server = URI.create(url.replaceFirst("^(jdbc:|r2dbc:)", ""));
        String service = properties.getProperty("platform.service.name", "service");
        String schema = properties.getProperty("platform.database.schema", service).replace('-', '_');
        String username = properties.getProperty("platform.database.username", "postgres");
        String password = properties.getProperty("platform.database.password", "");
        String hostAndDb = server.getHost() + ":" + (server.getPort() < 0 ? 5432 : server.getPort()) + server.getPath();

        Map<String, Object> derived = new HashMap<>();
        derived.put("spring.r2dbc.url", "r2dbc:postgresql://" + hostAndDb + "?schema=" + schema
                + "&connectTimeout=PT3S&applicationName=" + service);
        derived.put("spring.r2dbc.username", username);
        derived.put("spring.r2dbc.password", password);
        derived.put("spring.flyway.url", "jdbc:postgresql://" + hostAndDb);
        derived.put("spring.flyway.user", username);
        derived.put("spring.flyway.password", password);
        derived.put("spring.flyway.schemas", schema);
        derived.put("spring.flyway.default-schema", schema);
        return derived;
    }
}
