package com.storageplatform.crm.message;

import com.storageplatform.kit.openapi.OneOf;
import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The {@code message_template} resource: the wording of one transactional email crm sends on the owners' events,
 * the operator's own or the default. Named, not numbered: there is one of each per account.
 *
 * @param name         {@code unit_ready} (the unit is ready to move into), {@code payment_receipt},
 *                     {@code webhook_endpoint_disabled} (the notice to the operator that a webhook endpoint was
 *                     disabled after sustained failure), {@code dunning_reminder} and {@code dunning_final_notice}
 *                     (a customer's overdue debt, on billing's dunning steps), or {@code id_check_link} (the
 *                     customer's link to their
 *                     online ID check, whose body must carry {@code {{link}}})
 * @param subject      the email's subject; {@code {{placeholders}}} are filled from the event
 * @param body         the email's text, with {@code {{placeholders}}}
 * @param placeholders the placeholders this template may use
 * @param isDefault    true while the account uses the default wording
 * @param updatedAt    when the operator last changed it; null for the default
 */
public record MessageTemplate(String object, @OneOf("NAMES") String name, String subject, String body,
        List<String> placeholders, boolean isDefault, @Nullable Instant updatedAt) {

    public static final String OBJECT = "message_template";
    public static final List<String> NAMES = Message.TEMPLATES;
}
