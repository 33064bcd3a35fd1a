package com.storageplatform.crm.message;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * The body of {@code POST /v1/messages} (conventions.md: message).
 *
 * @param contactId the customer: a contact of the account with an email address (for {@code email}) or a phone
 *                  number (for {@code sms}), never the walk-in sales record
 * @param channel   {@code email} or {@code sms}
 * @param kind      {@code transactional} or {@code marketing}
 * @param subject   required for an email, at most 200 characters on one line; not allowed for an SMS
 * @param body      the text, trimmed: at most 20000 characters for an email, 1600 for an SMS
 */
@Schema(requiredProperties = {"contact_id", "channel", "kind", "body"})
public record CreateMessage(String contactId, String channel, String kind, String subject, String body) {
}
