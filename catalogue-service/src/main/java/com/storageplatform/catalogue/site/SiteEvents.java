package com.storageplatform.catalogue.site;

import com.storageplatform.catalogue.internal.ResourceEvents;
import com.storageplatform.kit.outbox.EventPublisher;
import org.springframework.stereotype.Component;

/**
 * {@code site.created} and {@code site.updated} (any change, archiving included), with the site as {@code data}:
 * other services keep their projections of sites from them.
 */
@Component
class SiteEvents extends ResourceEvents<Site> {

    SiteEvents(EventPublisher events) {
        super(events, Site.OBJECT, Site::id, site -> false);
    }
}
