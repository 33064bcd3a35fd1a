package com.storageplatform.kit.money;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class MoneyTest {

    @Test
    void currenciesAreIso4217UpperCaseCodes() {
        assertThat(Currencies.isValid("GBP")).isTrue();
        assertThat(Currencies.isValid("EUR")).isTrue();
        assertThat(Currencies.isValid("gbp")).isFalse();
        assertThat(Currencies.isValid("XYZ")).isFalse();
        assertThat(Currencies.isValid("GB")).isFalse();
        assertThat(Currencies.isValid(null)).isFalse();
    }

    @Test
    void arithmeticStaysInMinorUnitsAndRefusesToMixCurrencies() {
        assertThat(Money.of(3300, "GBP").plus(Money.of(50, "GBP"))).isEqualTo(Money.of(3350, "GBP"));
        assertThat(Money.of(3300, "GBP").times(3).amountMinor()).isEqualTo(9900);
        assertThat(Money.of(100, "GBP").minus(Money.of(150, "GBP")).isNegative()).isTrue();
        assertThatThrownBy(() -> Money.of(1, "GBP").plus(Money.of(1, "EUR"))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Money.of(1, "ABC")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Money.of(Long.MAX_VALUE, "GBP").plus(Money.of(1, "GBP")))
                .isInstanceOf(ArithmeticException.class);
    }
}
