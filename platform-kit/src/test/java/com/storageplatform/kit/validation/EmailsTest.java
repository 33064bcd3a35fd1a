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
        assertThat(Emails.isPlausible("a@" + "b".repeat(62) + "." + "c".repeat(62) + "." + "d".repeat(62) + "."
                + "e".repeat(62) + ".uk")).isFalse();
        assertThat(Emails.isPlausible(null)).isFalse();
    }
}
