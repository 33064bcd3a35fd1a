package com.storageplatform.catalogue.site;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.outbox.EventPublisher;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * The events a site change publishes, through the outbox in the request's transaction, with the site's API shape
 * as {@code data}: other services keep their projections of sites from them.
 */
@Component
class SiteEvents {

    static final String CREATED = "site.created";
    static final String UPDATED = "site.updated";

    private final EventPublisher events;

    SiteEvents(EventPublisher events) {
        this.events = events;
    }

    Mono<Void> created(Caller caller, Site site) {
        return events.publish(caller, CREATED, site.id(), site).then();
    }

    /** A change to any field, its status (archiving) included. */
    Mono<Void> updated(Caller caller, Site site) {
        return events.publish(caller, UPDATED, site.id(), site).then();
    }
}
