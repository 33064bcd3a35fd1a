package com.storageplatform.commerce.contact;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.validation.Validation;
import org.junit.jupiter.api.Test;

/** The field rules of a contact that need no database. */
class ContactRulesTest {

    @Test
    void anEmailIsStoredTrimmedAndInLowerCase() {
        Validation v = Validation.start();
        assertThat(ContactRules.email(v, "  Ada@Example.COM ")).isEqualTo("ada@example.com");
        assertThat(ContactRules.email(v, "   ")).isNull();
        assertThat(v.isValid()).isTrue();
    }

    @Test
    void aPhoneHasDigitsSpacesPlusMinusAndParenthesesOnly() {
        Validation v = Validation.start();
        assertThat(ContactRules.phone(v, " +44 (0)1603 123-456 ")).isEqualTo("+44 (0)1603 123-456");
        assertThat(v.isValid()).isTrue();
        ContactRules.phone(v, "01603 ext. 12");
        assertThat(v.has("phone")).isTrue();
        Validation noDigits = Validation.start();
        ContactRules.phone(noDigits, "( - )");
        assertThat(noDigits.has("phone")).isTrue();
    }

    @Test
    void anAddressWithEveryPartBlankIsNoAddress() {
        Validation v = Validation.start();
        assertThat(ContactRules.address(v, new Contact.Address(" ", null, "", null, null))).isNull();
        assertThat(ContactRules.address(v, new Contact.Address(null, null, null, null, "GB")))
                .isEqualTo(new Contact.Address(null, null, null, null, "GB"));
        ContactRules.address(v, new Contact.Address(null, null, null, null, "gb"));
        assertThat(v.has("address.country")).isTrue();
    }
}
