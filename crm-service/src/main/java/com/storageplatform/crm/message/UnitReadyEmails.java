package com.storageplatform.crm.message;

import com.storageplatform.crm.internal.Records;
import com.storageplatform.kit.inbox.ConsumedEvent;
import com.storageplatform.kit.inbox.EventData;
import com.storageplatform.kit.inbox.EventHandler;
import java.time.Clock;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * The unit-ready email (template {@code unit_ready}): on commerce's {@code agreement.activated} (public
 * {@code agreement.signed}) of an agreement whose access is not held, or its {@code agreement.access_released}
 * when it was. Never while access is held: an agreement signed into {@code access_held} gets it only on its release,
 * and one whose access is held, or that is terminated, by the time its email's turn comes is
 * {@code blocked: no_longer_due} ({@link MessageSender}).
 */
@Component
class UnitReadyEmails implements EventHandler {

    private final TransactionalEmails emails;
    private final Records records;
    private final Clock clock;

    UnitReadyEmails(TransactionalEmails emails, Records records, Clock clock) {
        this.emails = emails;
        this.records = records;
        this.clock = clock;
    }

    @Override
    public String topic() {
        return "commerce.events";
    }

    @Override
    public Set<String> types() {
        return Set.of("agreement.activated", "agreement.access_released");
    }

    /** Whether an agreement of this status and access status is one to tell the customer their unit is ready. */
    static boolean stillDue(String status, String accessStatus) {
        return !"terminated".equals(status) && !"access_held".equals(accessStatus);
    }

    @Override
    public Mono<Void> handle(ConsumedEvent event) {
        JsonNode agreement = event.data();
        UUID id = EventData.id(agreement, "id");
        UUID contactId = EventData.id(agreement, "contact_id");
        if (event.accountId() == null || id == null || contactId == null
                || !stillDue(EventData.text(agreement, "status"), EventData.text(agreement, "access_status"))) {
            return Mono.empty();
        }
        Map<String, String> values = new HashMap<>();
        values.put("move_in_date", EventData.text(agreement, "move_in_date"));
        Mono<Void> site = name(records.site(event.accountId(), orNone(EventData.id(agreement, "site_id"))),
                "site_name", values);
        Mono<Void> unitType = name(records.unitType(event.accountId(),
                orNone(EventData.id(agreement, "unit_type_id"))), "unit_type_name", values);
        return site.then(unitType).then(Mono.defer(() -> emails.queue(event, contactId, Message.UNIT_READY,
                "agreement", id, values, clock.instant())));
    }

    private static Mono<Void> name(Mono<JsonNode> record, String placeholder, Map<String, String> values) {
        return record.doOnNext(found -> values.put(placeholder, EventData.text(found, "name"))).then();
    }

    /** An id no record has, for a field the event left out: the lookup then finds nothing. */
    private static UUID orNone(UUID id) {
        return id == null ? new UUID(0, 0) : id;
    }
}
