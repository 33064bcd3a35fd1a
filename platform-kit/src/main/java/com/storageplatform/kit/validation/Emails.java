package com.storageplatform.kit.validation;

import java.util.regex.Pattern;

/** What every service accepts as an email address: one rule, so an address one service takes no other refuses. */
public final class Emails {

    /** RFC 5321's limit on a whole address. */
    public static final int MAX_LENGTH = 254;
    private static final int LOCAL_PART_MAX = 64;
    /**
     * A plausible address: a local part of the characters RFC 5322 allows unquoted (dots not first, last or doubled),
     * {@code @}, and a domain of at least two DNS labels.
     */
    private static final Pattern ADDRESS = Pattern.compile(
            "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*"
                    + "@[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+");

    private Emails() {
    }

    public static boolean isPlausible(String email) {
        if (email == null) {
            return false;
        }
        int at = email.indexOf('@');
        return at > 0 && at <= LOCAL_PART_MAX && email.length() <= MAX_LENGTH && ADDRESS.matcher(email).matches();
    }
}
