package com.storageplatform.catalogue.widget;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.SiteAccess;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.Envelopes;
import java.time.Clock;
import java.util.UUID;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Mono;

/**
 * Widgets of the caller's account, one per site. A site's widget is made with {@link WidgetDefaults} the first
 * time the account's widgets are listed, so clients never create one; a site-restricted caller sees only its
 * sites' widgets (403 {@code site_forbidden} for the others).
 */
@Service
class WidgetService {

    private final WidgetRepository widgets;
    private final Clock clock;

    WidgetService(WidgetRepository widgets, Clock clock) {
        this.widgets = widgets;
        this.clock = clock;
    }

    Mono<Envelopes.ListOf<Widget>> list(Caller caller, UUID siteId, PageRequest page) {
        return Mono.defer(() -> {
            if (siteId != null) {
                SiteAccess.require(caller, siteId);
            }
            return ensureEverySiteHasOne(caller.accountId()).then(widgets.list(caller, siteId, page));
        });
    }

    Mono<Widget> read(Caller caller, UUID id) {
        return widgets.find(caller.accountId(), id)
                .switchIfEmpty(Mono.error(() -> ApiException.notFound("widget")))
                .map(widget -> {
                    SiteAccess.require(caller, widget.siteId());
                    return widget;
                });
    }

    /**
     * Each site without a widget gets one. Usually none is missing, and that costs one query; the widgets are made
     * here rather than in SQL, since their ids (UUIDv7) and embed keys come from {@link WidgetDefaults}.
     */
    private Mono<Void> ensureEverySiteHasOne(UUID accountId) {
        // Read to the end before the inserts: they share the request's transaction, hence its one connection.
        return widgets.sitesWithoutWidget(accountId).collectList()
                .flatMapIterable(missing -> missing)
                .concatMap(site -> widgets.insertIfAbsent(accountId, WidgetDefaults.forSite(site, clock.instant())))
                .then();
    }
}
