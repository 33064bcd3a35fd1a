package com.storageplatform.kit.validation;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TextTest {

    @Test
    void textIsStrippedOfUnicodeWhiteSpaceAndBlankOptionalTextIsNone() {
        assertThat(Text.strip("  Unit 4\t")).isEqualTo("Unit 4");
        assertThat(Text.strip("\u2003Unit 4\u2003")).isEqualTo("Unit 4");
        assertThat(Text.strip(null)).isNull();
        assertThat(Text.blankToNull("  a note ")).isEqualTo("a note");
        assertThat(Text.blankToNull(" \u2003\n")).isNull();
        assertThat(Text.blankToNull(null)).isNull();
    }
}
