package com.storageplatform.crm.message;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Links that let whoever holds them act as the customer (a sign-in or magic link, a password reset, a payment or
 * signing page of their own): a URL carrying a credential in its query or fragment, a parameter named
 * {@code token}, or ending in {@code token} ({@code access_token}, {@code reset_token}, {@code magicToken}), or one
 * of {@code auth}, {@code code}, {@code jwt}, {@code key}, {@code magic}, {@code magic_link}, {@code otp},
 * {@code session}, {@code sig} or {@code signature} (any case). A member of staff reads {@link #PLACEHOLDER} in
 * place of each (the spec: staff must not be able to act as the customer); integrations read the text as stored.
 */
final class HiddenLinks {

    static final String PLACEHOLDER = "[hidden link]";

    private static final Pattern URL = Pattern.compile("(?i)\\bhttps?://[^\\s<>\"']+");
    private static final Set<String> CREDENTIALS = Set.of("auth", "code", "jwt", "key", "magic", "magic_link", "otp",
            "session", "sig", "signature");
    /** Sentence punctuation right after a link belongs to the sentence, not to the link. */
    private static final String TRAILING = ".,;:!?)]}";

    private HiddenLinks() {
    }

    /** {@code text} with each link that acts as the customer replaced by the placeholder; null stays null. */
    static String hide(String text) {
        if (text == null) {
            return null;
        }
        Matcher links = URL.matcher(text);
        StringBuilder out = new StringBuilder();
        while (links.find()) {
            String link = links.group();
            int end = link.length();
            while (end > 0 && TRAILING.indexOf(link.charAt(end - 1)) >= 0) {
                end--;
            }
            String url = link.substring(0, end);
            String replaced = actsAsCustomer(url) ? PLACEHOLDER + link.substring(end) : link;
            links.appendReplacement(out, Matcher.quoteReplacement(replaced));
        }
        links.appendTail(out);
        return out.toString();
    }

    /** Whether the URL's query or fragment carries a parameter that is a credential. */
    static boolean actsAsCustomer(String url) {
        int start = url.indexOf('?');
        int fragment = url.indexOf('#');
        if (start < 0 || (fragment >= 0 && fragment < start)) {
            start = fragment;
        }
        if (start < 0) {
            return false;
        }
        for (String pair : url.substring(start + 1).split("[&;#?]")) {
            int eq = pair.indexOf('=');
            String name = (eq < 0 ? pair : pair.substring(0, eq)).toLowerCase(Locale.ROOT);
            if (!name.isEmpty() && (name.endsWith("token") || CREDENTIALS.contains(name))) {
                return true;
            }
        }
        return false;
    }
}
