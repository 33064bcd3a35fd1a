package com.storageplatform.crm.message;

import com.storageplatform.kit.inbox.ConsumedEvent;
import com.storageplatform.kit.inbox.EventData;
import com.storageplatform.kit.inbox.EventHandler;
import java.time.Clock;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * The dunning emails from billing's public events about a collections case (data: the case, with
 * {@code contact_id}, {@code currency}, {@code amount_overdue_minor} and the {@code step} it reached):
 * {@code dunning.advanced} of a {@code reminder} step queues the reminder (template {@code dunning_reminder}), of a
 * {@code final_notice} step the final notice ({@code dunning_final_notice}), to the case's customer, about the case;
 * one per case and step, however often the event arrives. The other steps (a late fee, an overlock) write nothing
 * here. {@code dunning.resolved} records the case closed: an email about it still waiting when its turn comes is
 * then {@code blocked: no_longer_due} ({@link MessageSender}), as the invoice void's rule 5 withdraws waiting
 * reminders; one handed over already stays as it is.
 */
@Component
class DunningEmails implements EventHandler {

    static final String ADVANCED = "dunning.advanced";
    static final String RESOLVED = "dunning.resolved";
    static final Map<String, String> TEMPLATE_OF_STEP = Map.of("reminder", Message.DUNNING_REMINDER,
            "final_notice", Message.DUNNING_FINAL_NOTICE);

    private static final Logger log = LoggerFactory.getLogger(DunningEmails.class);

    private final TransactionalEmails emails;
    private final ClosedCasesRepository closed;
    private final Clock clock;

    DunningEmails(TransactionalEmails emails, ClosedCasesRepository closed, Clock clock) {
        this.emails = emails;
        this.closed = closed;
        this.clock = clock;
    }

    @Override
    public String topic() {
        return "billing.events";
    }

    @Override
    public Set<String> types() {
        return Set.of(ADVANCED, RESOLVED);
    }

    /** Whether a template is a dunning email's, which is no longer due once its case closed. */
    static boolean isDunning(String template) {
        return template != null && TEMPLATE_OF_STEP.containsValue(template);
    }

    /** Whether the case a dunning email is about is still open. */
    Mono<Boolean> stillDue(UUID accountId, UUID caseId) {
        return closed.isClosed(accountId, caseId).map(isClosed -> !isClosed);
    }

    @Override
    public Mono<Void> handle(ConsumedEvent event) {
        JsonNode collectionsCase = event.data();
        UUID caseId = EventData.id(collectionsCase, "id");
        if (event.accountId() == null || caseId == null) {
            log.warn("Event {} ({}) names no account or collections case; nothing to do", event.id(), event.type());
            return Mono.empty();
        }
        if (RESOLVED.equals(event.type())) {
            return closed.close(event.accountId(), caseId, event.time() == null ? clock.instant() : event.time());
        }
        JsonNode step = collectionsCase.path("step");
        String template = TEMPLATE_OF_STEP.get(EventData.text(step, "action"));
        UUID contactId = EventData.id(collectionsCase, "contact_id");
        if (template == null || contactId == null || !step.path("index").isNumber()) {
            return Mono.empty();
        }
        Map<String, String> values = Map.of(
                "amount_overdue", PaymentReceipts.amount(collectionsCase.path("amount_overdue_minor").asLong(0),
                        EventData.text(collectionsCase, "currency")),
                "days_overdue", String.valueOf(step.path("days_after_due").asInt(0)));
        return emails.queue(event, contactId, template, "collections_case", caseId,
                "step " + step.path("index").asInt(), values, clock.instant());
    }
}
