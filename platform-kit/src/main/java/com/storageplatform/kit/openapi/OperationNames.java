package com.storageplatform.kit.openapi;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Names derived from an operation's method and path, so they are stable and unique without anyone choosing them:
 * the operation id ({@code GET /v1/coupons/{id}} is {@code getCouponsId}), the tag that groups it in the reference
 * (the collection: "Coupons", "Unit types", "Admin: operators") and, when the handler has no Javadoc, a summary
 * from the handler's name.
 */
final class OperationNames {

    private static final Map<String, String> WORDS = Map.of("api", "API", "oauth", "OAuth", "v1", "");

    private OperationNames() {
    }

    static String id(String method, String path) {
        StringBuilder id = new StringBuilder(method.toLowerCase(Locale.ROOT));
        for (String segment : path.split("/")) {
            if (segment.isEmpty() || segment.equals("v1")) {
                continue;
            }
            String name = segment.replace("{", "").replace("}", "");
            for (String word : name.split("[-_]")) {
                if (!word.isEmpty()) {
                    id.append(Character.toUpperCase(word.charAt(0))).append(word.substring(1));
                }
            }
        }
        return id.toString();
    }

    /** The collection a path belongs to, as readers know it; two segments for reports and test helpers. */
    static String tag(String path) {
        List<String> segments = new ArrayList<>();
        for (String segment : path.split("/")) {
            if (!segment.isEmpty()) {
                segments.add(segment);
            }
        }
        if (segments.isEmpty()) {
            return "Platform";
        }
        String prefix = "";
        int start = 0;
        if (segments.get(0).equals("admin")) {
            prefix = "Admin: ";
            start = 2;
        } else if (segments.get(0).equals("oauth")) {
            return "OAuth";
        } else if (segments.get(0).equals("v1")) {
            start = 1;
        }
        if (segments.size() <= start) {
            return "Platform";
        }
        String collection = segments.get(start);
        if ((collection.equals("test-helpers") || collection.equals("reports")) && segments.size() > start + 1) {
            collection = collection + ": " + segments.get(start + 1);
        }
        String words = humanise(collection);
        return prefix.isEmpty() ? capitalise(words) : prefix + words;
    }

    /**
     * The common handlers read as the action on the resource ("List coupons", "Create a coupon"); any other as its
     * name ({@code rotateSecret} reads "Rotate secret").
     *
     * @param object the resource's {@code object} value, or null when the answer has none (the path names it then)
     */
    static String summary(String handler, String path, String object) {
        if (handler == null) {
            return null;
        }
        String collection = humanise(collection(path));
        String one = article(object != null ? object.replace('_', ' ') : singular(collection));
        return switch (handler) {
            case "list" -> "List " + collection;
            case "read" -> "Retrieve " + one;
            case "create" -> "Create " + one;
            case "update" -> "Update " + one;
            case "delete" -> "Delete " + one;
            default -> capitalise(handler.replaceAll("([a-z])([A-Z])", "$1 $2").toLowerCase(Locale.ROOT));
        };
    }

    /** The collection a path acts on: its last segment, or the one before a trailing id. */
    private static String collection(String path) {
        String[] segments = path.split("/");
        String last = segments[segments.length - 1];
        return last.startsWith("{") && segments.length > 1 ? segments[segments.length - 2] : last;
    }

    private static String singular(String plural) {
        if (plural.endsWith("ies")) {
            return plural.substring(0, plural.length() - 3) + "y";
        }
        return plural.endsWith("s") ? plural.substring(0, plural.length() - 1) : plural;
    }

    private static String article(String noun) {
        if (noun.isEmpty()) {
            return noun;
        }
        // "a unit", "a user", but "an event", "an operator": a leading "u" sounding "you" takes "a".
        boolean vowelSound = "aeiou".indexOf(Character.toLowerCase(noun.charAt(0))) >= 0 && !noun.startsWith("uni") && !noun.startsWith("us");
        return (vowelSound ? "an " : "a ") + noun;
    }

    private static String humanise(String segment) {
        List<String> words = new ArrayList<>();
        for (String word : segment.split("-")) {
            words.add(WORDS.getOrDefault(word, word));
        }
        return String.join(" ", words).trim();
    }

    private static String capitalise(String text) {
        return text.isEmpty() ? text : Character.toUpperCase(text.charAt(0)) + text.substring(1);
    }
}
