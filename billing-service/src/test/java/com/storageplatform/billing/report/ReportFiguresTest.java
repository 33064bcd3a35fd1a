package com.storageplatform.billing.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ReportFiguresTest {

    @Test
    void aPercentageHasTwoDecimalsRoundedHalfUp() {
        assertThat(ReportFigures.pct(5, 9)).hasToString("55.56");
        assertThat(ReportFigures.pct(1, 8)).hasToString("12.50");
        assertThat(ReportFigures.pct(1, 800)).hasToString("0.13");
        assertThat(ReportFigures.pct(3, 3)).hasToString("100.00");
    }

    @Test
    void aPercentageOfNothingIsZero() {
        assertThat(ReportFigures.pct(0, 0)).hasToString("0.00");
    }

    @Test
    void squareCentimetresReadAsSquareMetresWithTwoDecimalsRoundedHalfUp() {
        assertThat(ReportFigures.squareMetres(735_000)).hasToString("73.50");
        assertThat(ReportFigures.squareMetres(12_345)).hasToString("1.23");
        assertThat(ReportFigures.squareMetres(12_350)).hasToString("1.24");
        assertThat(ReportFigures.squareMetres(0)).hasToString("0.00");
    }

    @Test
    void revenuePerAvailableUnitIsRoundedHalfUpToWholeMinorUnits() {
        assertThat(ReportFigures.perUnit(64_933, 9)).isEqualTo(7215);
        assertThat(ReportFigures.perUnit(15, 2)).isEqualTo(8);
        assertThat(ReportFigures.perUnit(14, 3)).isEqualTo(5);
    }

    @Test
    void revenuePerAvailableUnitWithoutUnitsIsZero() {
        assertThat(ReportFigures.perUnit(12_000, 0)).isZero();
    }
}
