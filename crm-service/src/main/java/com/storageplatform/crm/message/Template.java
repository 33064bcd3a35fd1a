package com.storageplatform.crm.message;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An operator's template of one transactional email crm sends on the owners' events: a subject and a body with
 * {@code {{placeholders}}} filled from the event's data. Each has a sensible default ({@link #defaultOf}).
 *
 * @param name {@code unit_ready} or {@code payment_receipt}
 */
record Template(String name, String subject, String body) {

    private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{\\s*([a-z_]+)\\s*}}");

    /** The placeholders each template may use. */
    static final Map<String, List<String>> PLACEHOLDERS = Map.of(
            Message.UNIT_READY, List.of("first_name", "last_name", "site_name", "unit_type_name", "move_in_date"),
            Message.PAYMENT_RECEIPT, List.of("first_name", "last_name", "amount", "paid_on", "description",
                    "payment_id"));

    static Template defaultOf(String name) {
        return switch (name) {
            case Message.UNIT_READY -> new Template(name, "Your unit at {{site_name}} is ready", """
                    Hello {{first_name}},

                    Your {{unit_type_name}} unit at {{site_name}} is ready for you from {{move_in_date}}. Bring \
                    photo ID when you first visit; we look forward to seeing you.
                    """);
            case Message.PAYMENT_RECEIPT -> new Template(name, "Receipt for your payment of {{amount}}", """
                    Hello {{first_name}},

                    Thank you: we received your payment of {{amount}} on {{paid_on}}.
                    {{description}}

                    Payment reference: {{payment_id}}
                    """);
            default -> throw new IllegalArgumentException("No template " + name);
        };
    }

    /** The subject and body with each placeholder replaced by its value (an unknown or missing one by nothing). */
    Template fill(Map<String, String> values) {
        return new Template(name, fill(subject, values).strip(), fill(body, values).strip());
    }

    private static String fill(String text, Map<String, String> values) {
        Matcher placeholders = PLACEHOLDER.matcher(text);
        StringBuilder out = new StringBuilder();
        while (placeholders.find()) {
            String value = values.get(placeholders.group(1));
            placeholders.appendReplacement(out, Matcher.quoteReplacement(value == null ? "" : value));
        }
        placeholders.appendTail(out);
        return out.toString();
    }

    /** The placeholders of {@code text} the template {@code name} does not know, in order of appearance. */
    static List<String> unknownPlaceholders(String name, String text) {
        List<String> unknown = new ArrayList<>();
        Matcher placeholders = PLACEHOLDER.matcher(text == null ? "" : text);
        while (placeholders.find()) {
            if (!PLACEHOLDERS.get(name).contains(placeholders.group(1))) {
                unknown.add(placeholders.group(1));
            }
        }
        return unknown;
    }
}
