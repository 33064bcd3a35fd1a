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
 * @param name {@code unit_ready}, {@code payment_receipt}, {@code webhook_endpoint_disabled},
 *             {@code id_check_link}, {@code dunning_reminder}, {@code dunning_final_notice} or
 *             {@code sale_notice}
 */
record Template(String name, String subject, String body) {

    private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{\\s*([a-z_]+)\\s*}}");

    /** The placeholders each template may use. */
    static final Map<String, List<String>> PLACEHOLDERS = Map.of(
            Message.UNIT_READY, List.of("first_name", "last_name", "site_name", "unit_type_name", "move_in_date"),
            Message.PAYMENT_RECEIPT, List.of("first_name", "last_name", "amount", "paid_on", "description",
                    "payment_id"),
            Message.WEBHOOK_ENDPOINT_DISABLED, List.of("endpoint_url", "endpoint_description", "endpoint_id",
                    "disabled_at"),
            Message.ID_CHECK_LINK, List.of("first_name", "last_name", "link", "link_expires_at"),
            Message.DUNNING_REMINDER, List.of("first_name", "last_name", "amount_overdue", "days_overdue"),
            Message.DUNNING_FINAL_NOTICE, List.of("first_name", "last_name", "amount_overdue", "days_overdue"),
            Message.SALE_NOTICE, List.of("first_name", "last_name", "amount_owed", "sale_date", "site_name"));

    /** The placeholder a template's body cannot do without: the email exists to carry it. */
    static final Map<String, String> REQUIRED_IN_BODY = Map.of(Message.ID_CHECK_LINK, "link",
            Message.DUNNING_REMINDER, "amount_overdue", Message.DUNNING_FINAL_NOTICE, "amount_overdue",
            Message.SALE_NOTICE, "sale_date");

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
            // The event says only that the endpoint was disabled; the dispatcher disables one for this reason alone
            // (docs/api/webhooks.md, "Auto-disable").
            case Message.WEBHOOK_ENDPOINT_DISABLED -> new Template(name,
                    "Webhook endpoint disabled: {{endpoint_url}}", """
                    Hello,

                    We disabled your webhook endpoint {{endpoint_url}} on {{disabled_at}}: 50 delivery attempts \
                    in a row failed, and none has succeeded for 7 days. While it is disabled, no events are sent \
                    or queued for it.

                    Once the endpoint answers again, re-enable it in your developer settings (Webhooks, Enable), \
                    or with PATCH /v1/webhooks/{{endpoint_id}} and {"status": "active"}. The events of the \
                    meantime stay in your event feed (GET /v1/events).

                    Endpoint id: {{endpoint_id}}
                    """);
            // The link opens the customer's own online check: crm hides it from staff readers (HiddenLinks).
            case Message.ID_CHECK_LINK -> new Template(name, "Please confirm your identity", """
                    Hello {{first_name}},

                    Please confirm your identity online: it takes a few minutes. Have your passport, driving \
                    licence or identity card to hand, and a phone or computer with a camera for a selfie.

                    Start here: {{link}}

                    This link is yours alone, so please do not share it. It works until {{link_expires_at}}.
                    """);
            case Message.DUNNING_REMINDER -> new Template(name, "Your payment of {{amount_overdue}} is overdue", """
                    Hello {{first_name}},

                    Our records show that {{amount_overdue}} on your storage account is now {{days_overdue}} days \
                    overdue. Please pay it as soon as you can.

                    If you have paid it in the last few days, thank you, and please ignore this email. If you are \
                    finding it hard to pay, please get in touch: we would rather talk it through with you.
                    """);
            case Message.DUNNING_FINAL_NOTICE -> new Template(name,
                    "Final notice: {{amount_overdue}} overdue on your storage account", """
                    Hello {{first_name}},

                    This is our final notice about {{amount_overdue}} on your storage account, now \
                    {{days_overdue}} days overdue. Please pay it in full now.

                    If it stays unpaid, further action may follow, as your licence agreement sets out: this can \
                    include denying you access to your unit.

                    If you have paid it in the last few days, thank you, and please ignore this email. If you are \
                    finding it hard to pay, please contact us straight away.
                    """);
            // The final notice of intention to sell uncollected goods (Torts (Interference with Goods) Act 1977): the
            // sum owed, the date of sale, and how to stop it.
            case Message.SALE_NOTICE -> new Template(name, "Notice of intention to sell the goods in your unit", """
                    Hello {{first_name}},

                    You owe us {{amount_owed}} for your storage at {{site_name}}, and your unit is locked until it \
                    is paid. We have written to you about this debt before.

                    This is formal notice that, unless the full amount is paid, we intend to sell the goods stored \
                    in your unit on or after {{sale_date}}. The money raised will be used to pay what you owe; if \
                    there is anything left over, we will pay it to you, and if it does not cover the debt, you will \
                    still owe us the rest.

                    To stop the sale, please pay {{amount_owed}} before {{sale_date}}: at the site office, by \
                    phone, or with your usual payment method. If you think this is wrong, or cannot pay in full, \
                    contact us as soon as possible.
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

    /** The placeholder the template's body must use and {@code body} does not; null when none is missing. */
    static String missingFromBody(String name, String body) {
        String required = REQUIRED_IN_BODY.get(name);
        if (required == null) {
            return null;
        }
        Matcher placeholders = PLACEHOLDER.matcher(body == null ? "" : body);
        while (placeholders.find()) {
            if (placeholders.group(1).equals(required)) {
                return null;
            }
        }
        return required;
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
