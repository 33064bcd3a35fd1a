package com.storageplatform.kit.testsupport;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A second real service in a test: another application context, on its own port with its own fresh schema,
 * against the same PostgreSQL and Kafka, verifying the JVM's test caller tokens and service tokens. A test
 * points its service's client at {@link #url()} and sees the peer's real behaviour (its idempotency store,
 * validation, transactions).
 */
public final class PlatformPeer implements AutoCloseable {

    private final ConfigurableApplicationContext context;

    private PlatformPeer(ConfigurableApplicationContext context) {
        this.context = context;
    }

    /**
     * Starts {@code application} as a peer named {@code name} (its schema is made from the name).
     *
     * @param properties more settings, as {@code key=value}
     */
    public static PlatformPeer start(Class<?> application, String name, String... properties) {
        PlatformInfrastructure infrastructure = PlatformInfrastructure.get();
        String schema = "peer_" + name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", "_") + "_"
                + UUID.randomUUID().toString().substring(0, 8);
        infrastructure.recreateSchema(schema);
        List<String> arguments = new ArrayList<>();
        for (Map.Entry<String, Object> property : PlatformTestContextCustomizerFactory
                .testProperties(infrastructure, schema).entrySet()) {
            arguments.add("--" + property.getKey() + "=" + property.getValue());
        }
        arguments.add("--server.port=0");
        for (String property : properties) {
            arguments.add("--" + property);
        }
        return new PlatformPeer(new SpringApplication(application).run(arguments.toArray(String[]::new)));
    }

    public String url() {
        return "http://127.0.0.1:" + ((WebServerApplicationContext) context).getWebServer().getPort();
    }

    public <T> T bean(Class<T> type) {
        return context.getBean(type);
    }

    @Override
    public void close() {
        context.close();
    }
}
