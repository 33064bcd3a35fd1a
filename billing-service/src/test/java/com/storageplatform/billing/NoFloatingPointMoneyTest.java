package com.storageplatform.billing;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noCodeUnits;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noFields;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.conditions.ArchConditions;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Money is an integer of minor units with its currency: no class of billing's payment, invoice or subscription
 * features has a field, a parameter or a method result of a floating-point type ({@code double}, {@code float} or
 * their boxes).
 */
class NoFloatingPointMoneyTest {

    static final Set<String> FLOATING = Set.of("double", "float", Double.class.getName(), Float.class.getName());

    static final DescribedPredicate<JavaClass> FLOATING_POINT = DescribedPredicate.describe("floating point",
            type -> FLOATING.contains(type.getName()));

    static final ArchRule NO_FIELDS = noFields().should().haveRawType(FLOATING_POINT);

    static final ArchRule NO_PARAMETERS_OR_RESULTS = noCodeUnits().should(
            ArchConditions.<JavaCodeUnit>have(DescribedPredicate.describe(
                    "a floating-point parameter or result", unit -> FLOATING_POINT.test(unit.getRawReturnType())
                            || unit.getRawParameterTypes().stream().anyMatch(FLOATING_POINT))));

    static JavaClasses money() {
        return new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("com.storageplatform.billing.payment", "com.storageplatform.billing.invoice",
                        "com.storageplatform.billing.subscription");
    }

    @Test
    void noPaymentOrInvoiceClassHoldsPassesOrAnswersAFloatingPointNumber() {
        JavaClasses classes = money();
        assertThat(classes).isNotEmpty();
        NO_FIELDS.check(classes);
        NO_PARAMETERS_OR_RESULTS.check(classes);
    }

    @Test
    void theRulesCatchADoubleWhereverItIs() {
        JavaClasses fixtures = new ClassFileImporter().importClasses(FieldOfDouble.class, ParameterOfFloat.class,
                ResultOfBoxedDouble.class);
        assertThat(NO_FIELDS.evaluate(fixtures).hasViolation()).isTrue();
        assertThat(NO_PARAMETERS_OR_RESULTS.evaluate(new ClassFileImporter().importClasses(ParameterOfFloat.class))
                .hasViolation()).isTrue();
        assertThat(NO_PARAMETERS_OR_RESULTS.evaluate(new ClassFileImporter().importClasses(ResultOfBoxedDouble.class))
                .hasViolation()).isTrue();
    }

    static final class FieldOfDouble {
        double amount;
    }

    static final class ParameterOfFloat {
        long round(float amount) {
            return (long) amount;
        }
    }

    static final class ResultOfBoxedDouble {
        Double amount() {
            return 1.0;
        }
    }
}
