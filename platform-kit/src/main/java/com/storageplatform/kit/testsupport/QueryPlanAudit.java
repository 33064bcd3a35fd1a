package com.storageplatform.kit.testsupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.storageplatform.kit.db.KitMigrations;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * Each service's audit of its query plans (issue 22: the time a request takes stays flat as operators grow): every
 * statement the module's {@link PlatformTest} classes made the service send ({@link CapturedStatements}) must find its
 * rows of a tenant table through an index condition ({@link QueryPlans}). It explains them in a schema of its own,
 * migrated as the service migrates, as the service's role.
 *
 * <p>A service's subclass runs after every other test class of its module (its {@code junit-platform.properties}
 * orders classes by {@code @Order}, and the subclass has {@code @Order(Integer.MAX_VALUE)}), and lists its
 * exemptions in {@link #exemptions()}. It runs only when every {@code PlatformTest} class surefire runs in the module
 * has run in this JVM, and is skipped (an assumption that names the missing classes) when only some have, as with
 * {@code -Dtest=}: a part of the suite sends only part of the statements, and would find exemptions unmatched.
 */
@ExtendWith(PlatformInfrastructureExtension.class)
public abstract class QueryPlanAudit {

    /** The test classes surefire runs by default ({@code Test*}, {@code *Test}, {@code *Tests}, {@code *TestCase}). */
    private static final Pattern SUREFIRE_RUNS = Pattern.compile("(Test[^.$]*|[^.$]*(Test|Tests|TestCase))\\.class");

    /** The statements allowed to read a whole tenant table, each with its reason; none by default. */
    protected List<QueryPlans.Exemption> exemptions() {
        return List.of();
    }

    @Test
    void everyStatementTheServiceSentFindsItsTenantRowsThroughAnIndex(PlatformInfrastructureExtension.TestSchema schema)
            throws SQLException {
        List<String> notRun = platformTestsOfThisModule().stream()
                .filter(name -> !PlatformTestContextCustomizerFactory.platformTestsRun().contains(name)).toList();
        assumeTrue(notRun.isEmpty(), () -> "The query plan audit explains what the module's other test classes made"
                + " the service send, so it runs with all of them (the module's whole test run). Not run here: "
                + notRun.size() + " " + notRun.stream().limit(5).toList());
        List<CapturedStatements.Sent> statements = CapturedStatements.all();
        assertThat(statements).as("statements captured from the service's connections").isNotEmpty();

        migrate(schema);
        QueryPlans.Findings findings;
        try (Connection connection = QueryPlans.connect(schema.infrastructure(), schema.name())) {
            findings = QueryPlans.audit(statements, connection, exemptions());
        }
        writeReads(findings);
        System.out.println("[query-plans] " + statements.size() + " statements captured ("
                + CapturedStatements.leftOut() + " that test classes sent themselves left out), " + findings.summary());
        if (!exemptions().isEmpty()) {
            System.out.println("[query-plans] exemptions:\n" + QueryPlans.describe(exemptions()));
        }
        assertThat(findings.clean()).as(findings::failures).isTrue();
    }

    /** Every statement explained and how its plan reads each table, in {@code target/query-plans.txt}. */
    private static void writeReads(QueryPlans.Findings findings) {
        Path target = Path.of("target");
        if (!Files.isDirectory(target)) {
            return;
        }
        StringBuilder text = new StringBuilder();
        findings.reads().forEach((sql, reads) -> {
            text.append(sql).append('\n');
            reads.forEach(read -> text.append("    ").append(read).append('\n'));
        });
        try {
            Files.writeString(target.resolve("query-plans.txt"), text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The schema as the service's own start leaves it: the kit's tables, the service's migrations, the walls. */
    private static void migrate(PlatformInfrastructureExtension.TestSchema schema) {
        PlatformInfrastructure infrastructure = schema.infrastructure();
        new KitMigrations().migrate(Flyway.configure()
                .dataSource("jdbc:postgresql://localhost:" + infrastructure.databasePort() + "/postgres",
                        infrastructure.databaseUsername(), infrastructure.databasePassword())
                .schemas(schema.name())
                .defaultSchema(schema.name())
                .load());
    }

    /** The concrete {@link PlatformTest} classes of the module (its test classes directory) that surefire runs. */
    private List<String> platformTestsOfThisModule() {
        Path classes;
        try {
            classes = Path.of(getClass().getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        Set<String> ignored = Set.of(getClass().getName());
        try (Stream<Path> files = Files.walk(classes)) {
            return files.filter(file -> SUREFIRE_RUNS.matcher(file.getFileName().toString()).matches())
                    .map(file -> classes.relativize(file).toString().replace(file.getFileSystem().getSeparator(), ".")
                            .replaceFirst("\\.class$", ""))
                    .filter(name -> !ignored.contains(name))
                    .filter(this::runsAsPlatformTest)
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private boolean runsAsPlatformTest(String name) {
        Class<?> type;
        try {
            type = Class.forName(name, false, getClass().getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
        return !Modifier.isAbstract(type.getModifiers()) && PlatformTestContextCustomizerFactory.isPlatformTest(type)
                && !AnnotationSupport.isAnnotated(type, Disabled.class);
    }
}
