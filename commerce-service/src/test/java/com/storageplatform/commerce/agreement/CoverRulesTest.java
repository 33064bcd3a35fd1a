package com.storageplatform.commerce.agreement;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.validation.Validation;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;

/** A cover's declared amount against its coverage product, and its dates. */
class CoverRulesTest {

    private static final CoverRules.Product PER_THOUSAND = new CoverRules.Product(Ids.newId(), "active",
            "per_thousand", "GBP", 100_000L, 5_000_000L, 100_000L);
    private static final CoverRules.Product FIXED = new CoverRules.Product(Ids.newId(), "active", "fixed_level",
            "GBP", null, null, null);

    @Test
    void perThousandCoverIsRoundedUpToTheStep() {
        Validation v = Validation.start();
        assertThat(CoverRules.declared(v, "cover_minor", PER_THOUSAND, 250_001L)).isEqualTo(300_000L);
        assertThat(CoverRules.declared(v, "cover_minor", PER_THOUSAND, 300_000L)).isEqualTo(300_000L);
        assertThat(v.isValid()).isTrue();
    }

    @Test
    void perThousandCoverMustBeDeclaredWithinTheProductsBounds() {
        assertThat(issues(PER_THOUSAND, null)).isEqualTo("[FieldIssue[field=cover_minor, issue=required]]");
        assertThat(issues(PER_THOUSAND, 99_999L)).contains("below_minimum");
        assertThat(issues(PER_THOUSAND, 5_000_001L)).contains("above_maximum");
        assertThat(issues(PER_THOUSAND, -1L)).contains("below_minimum");
    }

    @Test
    void fixedLevelCoverTakesAnyDeclaredAmountOrNone() {
        Validation v = Validation.start();
        assertThat(CoverRules.declared(v, "cover_minor", FIXED, null)).isNull();
        assertThat(CoverRules.declared(v, "cover_minor", FIXED, 123_456L)).isEqualTo(123_456L);
        assertThat(v.isValid()).isTrue();
    }

    @Test
    void onlyAnActiveProductInTheAgreementsCurrencyIsOffered() {
        Validation v = Validation.start();
        CoverRules.offered(v, "coverage_product_id", new CoverRules.Product(Ids.newId(), "inactive",
                "fixed_level", "GBP", null, null, null), "GBP");
        assertThat(v.issues().toString()).contains("not_allowed");
        Validation other = Validation.start();
        CoverRules.offered(other, "coverage_product_id", FIXED, "EUR");
        assertThat(other.issues().toString()).contains("invalid");
    }

    private static String issues(CoverRules.Product product, Long declared) {
        Validation v = Validation.start();
        CoverRules.declared(v, "cover_minor", product, declared);
        return v.issues().toString();
    }

    private static final LocalDate TAKEN_OUT = LocalDate.of(2026, 11, 20);

    private static Cover takenOutFor(LocalDate moveIn) {
        return new Cover(Ids.newId(), FIXED.id(), null, "GBP", Cover.startsOn(moveIn, TAKEN_OUT), null, TAKEN_OUT);
    }

    @Test
    void coverStartsOnTheMoveInDateOrTheDayItIsTakenOutWhenThatIsLater() {
        assertThat(Cover.startsOn(LocalDate.of(2026, 12, 1), TAKEN_OUT)).isEqualTo(LocalDate.of(2026, 12, 1));
        assertThat(Cover.startsOn(LocalDate.of(2026, 11, 2), TAKEN_OUT)).isEqualTo(TAKEN_OUT);
        assertThat(Cover.startsOn(null, TAKEN_OUT)).isEqualTo(TAKEN_OUT);
    }

    @Test
    void coverFollowsTheMoveInDateButNeverStartsBeforeTheDayItWasTakenOut() {
        Cover cover = takenOutFor(LocalDate.of(2026, 12, 1));
        assertThat(cover.following(LocalDate.of(2026, 12, 14)).startsOn()).isEqualTo(LocalDate.of(2026, 12, 14));
        assertThat(cover.following(LocalDate.of(2026, 11, 22)).startsOn()).isEqualTo(LocalDate.of(2026, 11, 22));
        Cover backdated = cover.following(LocalDate.of(2026, 11, 10));
        assertThat(backdated.startsOn()).isEqualTo(TAKEN_OUT);
        // Held back by the day it was taken out, it still follows a later move-in date.
        assertThat(backdated.following(LocalDate.of(2026, 12, 5)).startsOn()).isEqualTo(LocalDate.of(2026, 12, 5));
        assertThat(cover.following(LocalDate.of(2026, 12, 14)).takenOutOn()).isEqualTo(TAKEN_OUT);
    }

    @Test
    void coverEndsOnItsLastDayOrTheDayBeforeItsStartWhenItHadNotStarted() {
        Cover cover = takenOutFor(LocalDate.of(2026, 12, 1));
        assertThat(cover.endedBy(LocalDate.of(2027, 1, 31)).endsOn()).isEqualTo(LocalDate.of(2027, 1, 31));
        assertThat(cover.endedBy(LocalDate.of(2026, 12, 1)).endsOn()).isEqualTo(LocalDate.of(2026, 12, 1));
        assertThat(cover.endedBy(LocalDate.of(2026, 11, 25)).endsOn()).isEqualTo(LocalDate.of(2026, 11, 30));
        assertThat(cover.endedBy(LocalDate.of(2026, 11, 1)).endsOn()).isEqualTo(LocalDate.of(2026, 11, 30));
        assertThat(cover.endedBy(LocalDate.of(2026, 11, 25)).startsOn()).isEqualTo(LocalDate.of(2026, 12, 1));
    }
}
