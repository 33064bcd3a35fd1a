package com.storageplatform.kit.testsupport;

import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * The JUnit 5 side of the test infrastructure: starts PostgreSQL and Kafka once per test JVM (before the
 * class's first test) and hands the class a clean schema of its own. {@link PlatformTest} applies it; a test
 * without Spring uses it directly and takes a {@link TestSchema} or {@link PlatformInfrastructure} parameter.
 */
public class PlatformInfrastructureExtension implements BeforeAllCallback, ParameterResolver {

    private static final ExtensionContext.Namespace NAMESPACE =
            ExtensionContext.Namespace.create(PlatformInfrastructureExtension.class);

    /** A schema created empty for one test class. */
    public record TestSchema(String name, PlatformInfrastructure infrastructure) {
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        schemaOf(context);
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        Class<?> type = parameter.getParameter().getType();
        return type == TestSchema.class || type == PlatformInfrastructure.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        TestSchema schema = schemaOf(context);
        return parameter.getParameter().getType() == TestSchema.class ? schema : schema.infrastructure();
    }

    private static TestSchema schemaOf(ExtensionContext context) {
        Class<?> testClass = context.getRequiredTestClass();
        ExtensionContext.Store store = context.getRoot().getStore(NAMESPACE);
        return store.computeIfAbsent(testClass.getName(), name -> {
            PlatformInfrastructure infrastructure = PlatformInfrastructure.get();
            String schema = schemaFor(testClass);
            if (!PlatformTestContextCustomizerFactory.isPlatformTest(testClass)) {
                infrastructure.recreateSchema(schema);
            }
            return new TestSchema(schema, infrastructure);
        }, TestSchema.class);
    }

    /** The schema a test class gets: stable for the class, distinct between classes. */
    public static String schemaFor(Class<?> testClass) {
        return PlatformTestContextCustomizerFactory.schemaFor(testClass);
    }
}
