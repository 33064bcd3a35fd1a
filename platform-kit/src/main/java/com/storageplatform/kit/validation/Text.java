package com.storageplatform.kit.validation;

/** How request text is tidied before it is judged and stored, and what text may be stored: the same everywhere. */
public final class Text {

    private static final int ZERO_WIDTH_NON_JOINER = 0x200C;
    private static final int ZERO_WIDTH_JOINER = 0x200D;

    private Text() {
    }

    /** Without leading and trailing white space (Unicode's, as {@link String#strip} sees it); null stays null. */
    public static String strip(String value) {
        return value == null ? null : value.strip();
    }

    /** As {@link #strip}, and null when nothing is left: an optional text sent blank is no text. */
    public static String blankToNull(String value) {
        String stripped = strip(value);
        return stripped == null || stripped.isEmpty() ? null : stripped;
    }

    /**
     * Whether every character of {@code text} can be shown, the platform's one meaning of printable. Refused: control
     * characters (C0, DEL and C1, such as NUL, BEL, escape and U+0085), except tab, carriage return and line feed
     * where {@code lineBreaks}; the line and paragraph separators (U+2028, U+2029); invisible format characters
     * (zero-width space, byte order mark, bidirectional overrides, soft hyphen), which can make two texts look
     * alike or reverse what is displayed; private-use, unassigned and unpaired surrogate code points, which no
     * one can read. The zero-width non-joiner and joiner (U+200C, U+200D) are the exception among format
     * characters: the spelling of words in Persian and Indic scripts needs them, and they join emoji sequences.
     * Letters, marks, digits, punctuation, symbols and spaces of any script are fine.
     */
    public static boolean isPrintable(String text, boolean lineBreaks) {
        return text.codePoints().allMatch(cp -> switch (Character.getType(cp)) {
            case Character.CONTROL -> lineBreaks && (cp == '\t' || cp == '\n' || cp == '\r');
            case Character.FORMAT -> cp == ZERO_WIDTH_NON_JOINER || cp == ZERO_WIDTH_JOINER;
            case Character.LINE_SEPARATOR, Character.PARAGRAPH_SEPARATOR, Character.PRIVATE_USE, Character.SURROGATE,
                    Character.UNASSIGNED -> false;
            default -> true;
        });
    }
}
