package com.storageplatform.kit.testsupport;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.Source;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import com.tngtech.archunit.lang.syntax.ArchRuleDefinition;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The module boundaries of a service: each direct sub-package of the application's package is a feature
 * ({@code catalogue.site}, {@code catalogue.unittype}; {@code internal} is the wiring they share), and one feature
 * reads another's data only through that feature's public classes, never its tables or repositories:
 * <ul>
 *   <li>no class uses another feature's repository (a class annotated {@code @Repository} or named
 *       {@code *Repository});</li>
 *   <li>each table is written (INSERT, UPDATE, DELETE) by one feature only, which owns it;</li>
 *   <li>no class names another feature's table in its SQL, in a statement, a join or a subquery. A read that
 *       must be one statement (a list filtered on another feature's rows) takes its SQL fragment from a method of
 *       the owner's public class, so the table's name and shape stay with the owner.</li>
 * </ul>
 * Every service's test calls it in one line:
 *
 * <pre>{@code
 * @Test
 * void featuresMeetOnlyThroughTheirPublicClasses() {
 *     FeatureBoundaries.verify(CatalogueApplication.class);
 * }
 * }</pre>
 */
public final class FeatureBoundaries {

    private FeatureBoundaries() {
    }

    /** Checks the service's main classes (those in and below {@code application}'s package). */
    public static void verify(Class<?> application) {
        String root = application.getPackageName();
        JavaClasses classes = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages(root);
        if (!classes.contain(application)) {
            throw new AssertionError("No classes of " + root + " were found to check");
        }
        verify(root, classes);
    }

    /** Checks {@code classes} against the features below {@code root}. */
    static void verify(String root, JavaClasses classes) {
        Map<JavaClass, SqlTables> sql = new HashMap<>();
        Map<String, Set<String>> owners = new TreeMap<>();
        for (JavaClass type : classes) {
            String feature = featureOf(root, type);
            if (feature == null) {
                continue;
            }
            SqlTables tables = type.getSource().map(Source::getUri).map(SqlTables::of).orElse(null);
            if (tables != null) {
                sql.put(type, tables);
                tables.written.forEach(table -> owners.computeIfAbsent(table, t -> new TreeSet<>()).add(feature));
            }
        }
        ArchRuleDefinition.classes()
                .that(inAFeature(root))
                .should(useNoRepositoryOfAnotherFeature(root))
                .andShould(nameOnlyTheirOwnTables(root, sql, owners))
                .allowEmptyShould(true)
                .check(classes);
    }

    private static DescribedPredicate<JavaClass> inAFeature(String root) {
        return DescribedPredicate.describe("are in a feature of " + root, type -> featureOf(root, type) != null);
    }

    private static ArchCondition<JavaClass> useNoRepositoryOfAnotherFeature(String root) {
        return new ArchCondition<>("use no repository of another feature") {
            @Override
            public void check(JavaClass type, ConditionEvents events) {
                String own = featureOf(root, type);
                for (Dependency dependency : type.getDirectDependenciesFromSelf()) {
                    JavaClass target = dependency.getTargetClass().getBaseComponentType();
                    String theirs = featureOf(root, target);
                    if (theirs != null && !theirs.equals(own) && isRepository(target)) {
                        events.add(SimpleConditionEvent.violated(dependency, dependency.getDescription()
                                + ": " + target.getSimpleName() + " is the repository of feature " + theirs
                                + "; go through its public class"));
                    }
                }
            }
        };
    }

    private static ArchCondition<JavaClass> nameOnlyTheirOwnTables(String root, Map<JavaClass, SqlTables> sql,
            Map<String, Set<String>> owners) {
        return new ArchCondition<>("name in their SQL only the tables their own feature writes") {
            @Override
            public void check(JavaClass type, ConditionEvents events) {
                SqlTables tables = sql.get(type);
                if (tables == null) {
                    return;
                }
                String own = featureOf(root, type);
                for (String table : tables.written) {
                    Set<String> writers = owners.get(table);
                    if (writers.size() > 1) {
                        events.add(SimpleConditionEvent.violated(type, type.getName() + " writes table " + table
                                + ", which features " + writers + " all write; one feature owns each table"));
                    }
                }
                for (String table : tables.named) {
                    Set<String> writers = owners.getOrDefault(table, Set.of());
                    if (!writers.isEmpty() && !writers.contains(own)) {
                        events.add(SimpleConditionEvent.violated(type, type.getName() + " names table " + table
                                + " of feature " + String.join(", ", writers) + " in its SQL; read it through "
                                + "that feature's public class"));
                    }
                }
            }
        };
    }

    /** The direct sub-package of {@code root} a class is in, or null for the application's own package. */
    static String featureOf(String root, JavaClass type) {
        String name = type.getPackageName();
        if (!name.startsWith(root + ".")) {
            return null;
        }
        String rest = name.substring(root.length() + 1);
        int dot = rest.indexOf('.');
        return dot < 0 ? rest : rest.substring(0, dot);
    }

    private static boolean isRepository(JavaClass type) {
        return type.isAnnotatedWith("org.springframework.stereotype.Repository")
                || type.getSimpleName().endsWith("Repository");
    }
}
