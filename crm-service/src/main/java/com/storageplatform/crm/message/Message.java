package com.storageplatform.crm.message;

import com.storageplatform.kit.openapi.OneOf;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * The {@code message} resource: an email or SMS to a customer, or a notice emailed to the operator. The body of
 * {@code GET /v1/messages/{id}} and the {@code data} of {@code message.*} events (which carry the stored body).
 *
 * @param contactId         the customer (a contact of the account, never the walk-in sales record); null for a
 *                          notice to the operator (template {@code webhook_endpoint_disabled}), which goes to the
 *                          operator's {@code notification_email}
 * @param channel           {@code email} or {@code sms}
 * @param kind              {@code transactional} (about the customer's own business) or {@code marketing} (an
 *                          offer: refused for a contact whose marketing answer is {@code no})
 * @param template          the operator's template it was written from, for the emails crm sends on the owners'
 *                          events ({@code unit_ready}, {@code payment_receipt}, {@code webhook_endpoint_disabled},
 *                          {@code id_check_link}, {@code sale_notice}); null when sent through the API
 * @param subject           the email's subject; null for an SMS
 * @param body              the text sent. A member of staff reads links that let someone act as the customer
 *                          replaced by a placeholder (docs/api/messages.md, "Hidden links")
 * @param to                the address or number used, from the contact as crm knew it when the message was handed
 *                          to its provider (or stopped); null when the contact had none. A notice's is the
 *                          operator's {@code notification_email} when it was made
 * @param status            {@code queued}, {@code sent}, {@code delivered}, {@code bounced}, {@code blocked} or
 *                          {@code failed}
 * @param blockedReason     why a {@code blocked} message was never handed to a provider: {@code marketing_refused},
 *                          {@code no_longer_due}, {@code address_reserved} or {@code payment_not_received}; null
 *                          otherwise
 * @param provider          who carries it: {@code smtp} (email) or {@code twilio} (SMS), the simulators simulating
 *                          them on test accounts; null until it is handed over
 * @param providerMessageId the provider's own id of the message (an email's Message-ID, Twilio's SID); null until
 *                          the provider accepted it
 * @param failureReason     why a {@code failed} message was not sent, or why a {@code bounced} one was not
 *                          delivered (the provider's words); null otherwise
 * @param relatedObject     the record the message is about ({@code agreement}, {@code payment},
 *                          {@code webhook_endpoint}, {@code identity_verification}, {@code sale_process}), for the
 *                          emails crm sends on the
 *                          owners' events; null otherwise
 * @param relatedId         that record's id; null otherwise
 * @param sentAt            when the provider accepted it ({@code message.sent})
 * @param deliveredAt       when the provider reported it delivered ({@code message.delivered})
 * @param bouncedAt         when the provider reported it undeliverable ({@code message.bounced})
 */
public record Message(UUID id, String object, @Nullable UUID contactId, @OneOf("CHANNELS") String channel,
        @OneOf("KINDS") String kind, @OneOf("TEMPLATES") @Nullable String template, @Nullable String subject,
        String body, @Nullable String to, @OneOf("STATUSES") String status,
        @OneOf("BLOCKED_REASONS") @Nullable String blockedReason, @Nullable String provider,
        @Nullable String providerMessageId, @Nullable String failureReason, @Nullable String relatedObject,
        @Nullable UUID relatedId, Instant sentAt, Instant deliveredAt, Instant bouncedAt, Instant createdAt,
        Instant updatedAt) {

    public static final String OBJECT = "message";

    public static final String EMAIL = "email";
    public static final String SMS = "sms";
    public static final List<String> CHANNELS = List.of(EMAIL, SMS);

    public static final String TRANSACTIONAL = "transactional";
    public static final String MARKETING = "marketing";
    public static final List<String> KINDS = List.of(TRANSACTIONAL, MARKETING);

    public static final String UNIT_READY = "unit_ready";
    public static final String PAYMENT_RECEIPT = "payment_receipt";
    /** The notice to the operator that the webhook-dispatcher disabled one of their endpoints. */
    public static final String WEBHOOK_ENDPOINT_DISABLED = "webhook_endpoint_disabled";
    /** The customer's link to their online ID check, on compliance's {@code identity_verification.link_issued}. */
    public static final String ID_CHECK_LINK = "id_check_link";
    /** A reminder of an overdue debt, on billing's {@code dunning.advanced} of a {@code reminder} step. */
    public static final String DUNNING_REMINDER = "dunning_reminder";
    /** The last notice of an overdue debt, on billing's {@code dunning.advanced} of a {@code final_notice} step. */
    public static final String DUNNING_FINAL_NOTICE = "dunning_final_notice";
    /** The lien sale's notice to the customer, on billing's {@code sale_process.notice_due}. */
    public static final String SALE_NOTICE = "sale_notice";
    public static final List<String> TEMPLATES = List.of(UNIT_READY, PAYMENT_RECEIPT, WEBHOOK_ENDPOINT_DISABLED,
            ID_CHECK_LINK, DUNNING_REMINDER, DUNNING_FINAL_NOTICE, SALE_NOTICE);

    public static final String QUEUED = "queued";
    public static final String SENT = "sent";
    public static final String DELIVERED = "delivered";
    public static final String BOUNCED = "bounced";
    public static final String BLOCKED = "blocked";
    public static final String FAILED = "failed";
    public static final List<String> STATUSES = List.of(QUEUED, SENT, DELIVERED, BOUNCED, BLOCKED, FAILED);

    public static final String MARKETING_REFUSED = "marketing_refused";
    public static final String NO_LONGER_DUE = "no_longer_due";
    public static final String ADDRESS_RESERVED = "address_reserved";
    public static final String PAYMENT_NOT_RECEIVED = "payment_not_received";
    public static final List<String> BLOCKED_REASONS = List.of(MARKETING_REFUSED, NO_LONGER_DUE, ADDRESS_RESERVED,
            PAYMENT_NOT_RECEIVED);

    /** The same message with another body and subject: what a member of staff reads. */
    Message withText(String newSubject, String newBody) {
        return new Message(id, object, contactId, channel, kind, template, newSubject, newBody, to, status,
                blockedReason, provider, providerMessageId, failureReason, relatedObject, relatedId, sentAt,
                deliveredAt, bouncedAt, createdAt, updatedAt);
    }
}
