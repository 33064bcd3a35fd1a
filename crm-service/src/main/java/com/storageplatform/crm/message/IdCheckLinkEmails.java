package com.storageplatform.crm.message;

import com.storageplatform.crm.internal.AccountSettings;
import com.storageplatform.kit.inbox.ConsumedEvent;
import com.storageplatform.kit.inbox.EventData;
import com.storageplatform.kit.inbox.EventHandler;
import java.time.Clock;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * The customer's link to their online ID check (template {@code id_check_link}): on compliance's
 * {@code identity_verification.link_issued}, published when an identity verification is requested (data:
 * {@code identity_verification_id}, {@code contact_id}, {@code url}, {@code expires_at}). An email to the contact,
 * about the verification, one per verification (each request is a new verification with a new link). The link lets
 * its holder do the customer's check, so it must be one a member of staff reads as {@link HiddenLinks#PLACEHOLDER}:
 * a link of another form is never written into an email (logged without it). The link itself is never logged.
 */
@Component
class IdCheckLinkEmails implements EventHandler {

    private static final Logger log = LoggerFactory.getLogger(IdCheckLinkEmails.class);

    private final TransactionalEmails emails;
    private final AccountSettings settings;
    private final Clock clock;

    IdCheckLinkEmails(TransactionalEmails emails, AccountSettings settings, Clock clock) {
        this.emails = emails;
        this.settings = settings;
        this.clock = clock;
    }

    @Override
    public String topic() {
        return "compliance.events";
    }

    @Override
    public Set<String> types() {
        return Set.of("identity_verification.link_issued");
    }

    /** Whether staff readers would read the whole link as the placeholder: the only form crm emails. */
    static boolean hiddenFromStaff(String link) {
        return link != null && HiddenLinks.PLACEHOLDER.equals(HiddenLinks.hide(link));
    }

    @Override
    public Mono<Void> handle(ConsumedEvent event) {
        JsonNode data = event.data();
        UUID verificationId = EventData.id(data, "identity_verification_id");
        UUID contactId = EventData.id(data, "contact_id");
        String link = EventData.text(data, "url");
        if (event.accountId() == null || verificationId == null || contactId == null) {
            log.warn("Event {} ({}) names no account, verification or contact; no ID check email", event.id(),
                    event.type());
            return Mono.empty();
        }
        if (!hiddenFromStaff(link)) {
            log.warn("Event {} ({}) carries a link staff would read; no ID check email for verification {}",
                    event.id(), event.type(), verificationId);
            return Mono.empty();
        }
        Instant expiresAt = expiresAt(EventData.text(data, "expires_at"));
        return settings.of(event.accountId()).flatMap(operator -> emails.queue(event, contactId, Message.ID_CHECK_LINK,
                "identity_verification", verificationId, Map.of("link", link, "link_expires_at",
                        expiresAt == null ? "" : WebhookDisabledNotices.WHEN.format(expiresAt.atZone(
                                operator.timezone()))), clock.instant()));
    }

    private static Instant expiresAt(String published) {
        try {
            return published == null ? null : Instant.parse(published);
        } catch (DateTimeParseException unreadable) {
            return null;
        }
    }
}
