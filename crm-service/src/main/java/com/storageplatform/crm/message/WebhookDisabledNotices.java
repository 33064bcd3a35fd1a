package com.storageplatform.crm.message;

import com.storageplatform.kit.inbox.ConsumedEvent;
import com.storageplatform.kit.inbox.EventData;
import com.storageplatform.kit.inbox.EventHandler;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * The notice to the operator that a webhook endpoint was disabled (template {@code webhook_endpoint_disabled}): on
 * the webhook-dispatcher's {@code webhook_endpoint.disabled}, which it publishes when it disables an endpoint after
 * sustained failure (data: the endpoint). An email to the operator's {@code notification_email}, about the
 * endpoint, one per disablement: keyed on the endpoint's {@code disabled_at}, so a redelivered event adds nothing
 * while the same endpoint disabled again later gets a notice of its own. The dispatcher's own record of the notice
 * (its {@code operator_notifications}, for the console) is kept either way.
 */
@Component
class WebhookDisabledNotices implements EventHandler {

    private static final Logger log = LoggerFactory.getLogger(WebhookDisabledNotices.class);
    /** {@code 2026-11-27 15:10 GMT}: the day and time in the operator's time zone, named. */
    static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm z", Locale.UK);

    private final TransactionalEmails emails;

    WebhookDisabledNotices(TransactionalEmails emails) {
        this.emails = emails;
    }

    @Override
    public String topic() {
        return "webhooks.events";
    }

    @Override
    public Set<String> types() {
        return Set.of("webhook_endpoint.disabled");
    }

    @Override
    public Mono<Void> handle(ConsumedEvent event) {
        JsonNode endpoint = event.data();
        UUID id = EventData.id(endpoint, "id");
        if (id == null) {
            log.warn("Event {} ({}) names no endpoint; no notice", event.id(), event.type());
            return Mono.empty();
        }
        Instant disabledAt = disabledAt(EventData.text(endpoint, "disabled_at"), event.time());
        return emails.notifyOperator(event, Message.WEBHOOK_ENDPOINT_DISABLED, "webhook_endpoint", id,
                disabledAt.toString(), zone -> {
                    Map<String, String> values = new HashMap<>();
                    values.put("endpoint_url", EventData.text(endpoint, "url"));
                    values.put("endpoint_description", EventData.text(endpoint, "description"));
                    values.put("endpoint_id", id.toString());
                    values.put("disabled_at", WHEN.format(disabledAt.atZone(zone)));
                    return values;
                });
    }

    /** When the endpoint was disabled, as the event says; else when the event was made, in the same transaction. */
    private static Instant disabledAt(String published, Instant eventTime) {
        try {
            return published == null ? eventTime : Instant.parse(published);
        } catch (DateTimeParseException notATime) {
            return eventTime;
        }
    }
}
