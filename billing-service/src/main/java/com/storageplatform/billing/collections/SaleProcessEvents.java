package com.storageplatform.billing.collections;

import com.storageplatform.billing.collections.SaleProcess.Notice;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.outbox.EventPublisher;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code sale_process.*} on {@code billing.events}, every one INTERNAL: the spec publishes no lien sale event as a
 * webhook, and the kit's EventCatalogue never delivers the family (event log for projections; crm emails the notices
 * from {@code sale_process.notice_due}). Data: the process as {@code GET} answers it; a notice's also has
 * {@code notice}, the notice going out.
 */
@Component
class SaleProcessEvents {

    static final String OPENED = "sale_process.opened";
    static final String NOTICE_DUE = "sale_process.notice_due";
    static final String SOLD = "sale_process.sold";
    static final String CLOSED = "sale_process.closed";

    private final EventPublisher events;
    private final JsonMapper json;

    SaleProcessEvents(EventPublisher events, JsonMapper json) {
        this.events = events;
        this.json = json;
    }

    Mono<SaleProcess> publish(Caller caller, String type, SaleProcess process) {
        return events.publish(caller, type, process.id(), process).thenReturn(process);
    }

    /** A notice of the sale goes out: crm emails the customer the sum owed and the sale date. */
    Mono<Void> noticeDue(Caller caller, SaleProcess process, Notice notice) {
        ObjectNode data = json.valueToTree(process);
        data.set("notice", json.valueToTree(notice));
        return events.publish(caller, NOTICE_DUE, process.id(), data).then();
    }
}
