package com.storageplatform.kit.validation;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class EmailsTest {

    @Test
    void plausibleAddressesHaveALocalPartAndADomainOfTwoLabels() {
        assertThat(Emails.isPlausible("ada@example.com")).isTrue();
        assertThat(Emails.isPlausible("Ada.Lovelace+storage@mail.example.co.uk")).isTrue();
        assertThat(Emails.isPlausible("ada@localhost")).isFalse();
        assertThat(Emails.isPlausible("ada@@example.com")).isFalse();
        assertThat(Emails.isPlausible("ada lovelace@example.com")).isFalse();
        assertThat(Emails.isPlausible(".ada@example.com")).isFalse();
        assertThat(Emails.isPlausible("ada..l@example.com")).isFalse();
        assertThat(Emails.isPlausible("@example.com")).isFalse();
        assertThat(Emails.isPlausible("ada@-example.com")).isFalse();
        assertThat(Emails.isPlausible("a".repeat(65) + "@example.com")).isFalse();
        assertThat(Emails.isPlausible("a@" + "b".repeat(60) + "." + "c".repeat(60) + "." + "d".repeat(60) + "."
                + "e".repeat(60) + ".uk")).isFalse();
        assertThat(Emails.isPlausible(null)).isFalse();
    }
}
