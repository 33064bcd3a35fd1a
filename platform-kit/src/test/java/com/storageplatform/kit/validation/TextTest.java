package com.storageplatform.kit.validation;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
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

    @Test
    void lettersMarksSymbolsAndEmojiOfAnyScriptArePrintableWithTheZeroWidthJoiners() {
        for (String text : List.of(
                "FCA ref 123456",
                "Zoë Brontë-Łukasz, Renée Ørsted",
                "Règlement n° 2016/97 — art. 2",
                "\uD83D\uDCE6 Unit 4",                                   // 📦, one code point of two UTF-16 units
                "\u2764\uFE0F",                                          // ❤️, a heart and its variation selector
                "\uD83D\uDC68\u200D\uD83D\uDC69\u200D\uD83D\uDC67",      // 👨‍👩‍👧, emoji joined by ZWJ
                "\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645",      // می‌خواهم, Persian with a ZWNJ
                "\u0915\u094D\u200D\u0937",                              // क्‍ष, Devanagari's half form by ZWJ
                "\u5C0F\u6797 \u00A0\u0645\u062D\u0645\u062F")) {        // CJK, a no-break space, Arabic
            assertThat(Text.isPrintable(text, false)).as(text).isTrue();
            assertThat(Text.isPrintable(text, true)).as(text).isTrue();
        }
    }

    @Test
    void controlFormatSeparatorPrivateUnassignedAndLoneSurrogateCodePointsAreNeverPrintable() {
        for (String text : List.of(
                "nul\u0000", "bell\u0007", "escape\u001B", "vertical tab\u000B", "delete\u007F",
                "next line\u0085",                                       // C1
                "\uFEFFbyte order mark", "zero\u200Bwidth space", "soft\u00ADhyphen", "rtl\u202Eoverride",
                "line\u2028separator", "paragraph\u2029separator",
                "private\uE000", "unassigned\u0378",
                "lone high \uD83D", "lone low \uDCE6", "reversed \uDCE6\uD83D")) {
            assertThat(Text.isPrintable(text, false)).as(text).isFalse();
            assertThat(Text.isPrintable(text, true)).as(text).isFalse();
        }
    }

    @Test
    void tabAndLineBreaksArePrintableOnlyWhereLineBreaksAre() {
        for (String text : List.of("tab\there", "line\nfeed", "carriage\r\nreturn")) {
            assertThat(Text.isPrintable(text, false)).as(text).isFalse();
            assertThat(Text.isPrintable(text, true)).as(text).isTrue();
        }
    }
}
