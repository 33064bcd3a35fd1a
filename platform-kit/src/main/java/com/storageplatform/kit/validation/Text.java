package com.storageplatform.kit.validation;

/** How request text is tidied before it is judged and stored: the same in every resource. */
public final class Text {

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
}
