package com.storageplatform.kit.testsupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.storageplatform.kitfixtures.boundaries.clean.CleanApplication;
import com.storageplatform.kitfixtures.boundaries.leaky.LeakyApplication;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import org.junit.jupiter.api.Test;

/** The module-boundary rule on two small services built for it (fixtures.clean and fixtures.leaky). */
class FeatureBoundariesTest {

    private static JavaClasses of(Class<?> application) {
        return new ClassFileImporter().importPackages(application.getPackageName());
    }

    @Test
    void featuresThatMeetThroughTheirPublicClassesPass() {
        assertThatCode(() -> FeatureBoundaries.verify(CleanApplication.class.getPackageName(),
                of(CleanApplication.class))).doesNotThrowAnyException();
    }

    @Test
    void aFeatureThatUsesAnotherFeaturesRepositoryFails() {
        assertThatThrownBy(() -> FeatureBoundaries.verify(LeakyApplication.class.getPackageName(),
                of(LeakyApplication.class)))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("BetaService")
                .hasMessageContaining("AlphaRepository is the repository of feature alpha");
    }

    @Test
    void aFeatureThatNamesAnotherFeaturesTableFailsAndSoDoesASecondWriter() {
        assertThatThrownBy(() -> FeatureBoundaries.verify(LeakyApplication.class.getPackageName(),
                of(LeakyApplication.class)))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("GammaCounts names table alphas of feature")
                .hasMessageContaining("writes table alphas, which features [alpha, delta] all write")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("names table gammas"));
    }

    @Test
    void theSqlOfAClassIsReadFromItsCompiledConstantsHoweverItIsPutTogether() throws Exception {
        SqlTables tables = SqlTables.of(FeatureBoundariesTest.class.getResource(
                "/com/storageplatform/kitfixtures/boundaries/clean/beta/BetaRepository.class").toURI());
        assertThat(tables.written).containsExactly("betas");
        assertThat(tables.named).containsExactlyInAnyOrder("betas");

        SqlTables alpha = SqlTables.of(FeatureBoundariesTest.class.getResource(
                "/com/storageplatform/kitfixtures/boundaries/clean/alpha/AlphaRepository.class").toURI());
        assertThat(alpha.written).containsExactly("alphas");
        assertThat(alpha.named).containsExactly("alphas");
    }

    @Test
    void aRuleThatFindsNoClassesToCheckFailsRatherThanPassingEmpty() {
        // Test classes are never checked, so this package has none of a service's main classes to find.
        assertThatThrownBy(() -> FeatureBoundaries.verify(FeatureBoundariesTest.class))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("No classes");
    }
}
