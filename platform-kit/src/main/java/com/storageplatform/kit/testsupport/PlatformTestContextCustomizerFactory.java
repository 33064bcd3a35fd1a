package com.storageplatform.kit.testsupport;

import com.storageplatform.kit.db.DatabaseEnvironment;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;
import org.springframework.test.context.ContextConfigurationAttributes;
import org.springframework.test.context.ContextCustomizer;
import org.springframework.test.context.ContextCustomizerFactory;
import org.springframework.test.context.MergedContextConfiguration;

/**
 * Wires a {@link PlatformTest} class's application to the shared infrastructure. The customizer is keyed on
 * the class's own schema, so each test class gets a fresh schema and its own application context.
 */
public class PlatformTestContextCustomizerFactory implements ContextCustomizerFactory {

    /** The {@link PlatformTest} classes this JVM has run (or begun to), by name: whose statements were captured. */
    private static final Set<String> RUN = ConcurrentHashMap.newKeySet();

    @Override
    public ContextCustomizer createContextCustomizer(Class<?> testClass,
            List<ContextConfigurationAttributes> configAttributes) {
        if (!isPlatformTest(testClass)) {
            return null;
        }
        RUN.add(testClass.getName());
        return new SchemaCustomizer(schemaFor(testClass));
    }

    static Set<String> platformTestsRun() {
        return Set.copyOf(RUN);
    }

    static boolean isPlatformTest(Class<?> testClass) {
        return AnnotatedElementUtils.hasAnnotation(testClass, PlatformTest.class);
    }

    static String schemaFor(Class<?> testClass) {
        String name = testClass.getSimpleName().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", "_");
        String hash = Integer.toHexString(testClass.getName().hashCode() & 0xfffffff);
        return ("t_" + (name.length() > 40 ? name.substring(0, 40) : name) + "_" + hash);
    }

    /** What a service under test is configured with: the shared infrastructure, its own schema, the test keys. */
    static Map<String, Object> testProperties(PlatformInfrastructure infrastructure, String schema) {
        Map<String, Object> properties = new HashMap<>();
        properties.put("platform.database.url", infrastructure.databaseUrl());
        properties.put("platform.database.username", infrastructure.databaseUsername());
        properties.put("platform.database.password", infrastructure.databasePassword());
        properties.put("platform.database.schema", schema);
        properties.put("spring.kafka.bootstrap-servers", infrastructure.kafkaBootstrapServers());
        properties.put("platform.caller-token.public-key", TestCallers.publicKeyPem());
        properties.put("platform.service-token.private-key", TestCallers.servicePrivateKeyPem());
        properties.put("platform.service-token.public-key", TestCallers.servicePublicKeyPem());
        properties.put("platform.environment", "development");
        properties.put("platform.jobs.scheduled", "false");
        // Each test class's application consumes other services' events on its own, from the beginning.
        properties.put("platform.inbox.group", schema + "-inbox-" + UUID.randomUUID());
        // Every test class's context closes at the JVM's exit, one after another, and each would wait Reactor Netty's
        // two-second quiet period: a module with many classes would outlast surefire's 30 s at exit.
        properties.put("spring.reactor.netty.shutdown-quiet-period", "0s");
        properties.put("spring.r2dbc.pool.max-size", "6");
        properties.put("spring.r2dbc.pool.initial-size", "1");
        return properties;
    }

    private static final class SchemaCustomizer implements ContextCustomizer {

        private final String schema;

        SchemaCustomizer(String schema) {
            this.schema = schema;
        }

        @Override
        public void customizeContext(ConfigurableApplicationContext context, MergedContextConfiguration merged) {
            PlatformInfrastructure infrastructure = PlatformInfrastructure.get();
            infrastructure.recreateSchema(schema);
            // Test support only: what the application sends is recorded for the module's QueryPlanAudit.
            context.getBeanFactory().addBeanPostProcessor(new StatementCapture());
            ConfigurableEnvironment environment = context.getEnvironment();
            Map<String, Object> properties = testProperties(infrastructure, schema);
            MapPropertySource base = new MapPropertySource("platform-test", properties);
            environment.getPropertySources().addFirst(base);
            environment.getPropertySources().addAfter("platform-test",
                    new MapPropertySource("platform-test-database", DatabaseEnvironment.derive(environment)));
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof SchemaCustomizer customizer && customizer.schema.equals(schema);
        }

        @Override
        public int hashCode() {
            return Objects.hash(schema);
        }
    }
}
