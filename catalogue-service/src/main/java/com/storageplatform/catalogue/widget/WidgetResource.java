package com.storageplatform.catalogue.widget;

import com.storageplatform.kit.openapi.FilteredBy;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.paging.ListFilters;
import com.storageplatform.kit.web.Envelopes;
import java.util.UUID;
import com.storageplatform.kit.openapi.ScopeFamily;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * {@code /v1/widgets} (scope {@code sites:read}, at the gateway): read-only, so every other method is 405 (the
 * gateway answers it; this service maps no write either).
 */
@RestController
@ScopeFamily("sites")
class WidgetResource {

    private final WidgetService widgets;

    WidgetResource(WidgetService widgets) {
        this.widgets = widgets;
    }

    @GetMapping("/v1/widgets/{id}")
    Mono<Envelopes.Data<Widget>> read(Caller caller, @PathVariable String id) {
        return widgets.read(caller, Ids.fromPath(id)).map(Envelopes::data);
    }

    /** Newest first; filter {@code site_id}. */
    @FilteredBy("site_id")
    @GetMapping("/v1/widgets")
    Mono<Envelopes.ListOf<Widget>> list(Caller caller, @RequestParam MultiValueMap<String, String> query) {
        ListFilters filters = ListFilters.of(query);
        UUID siteId = filters.id("site_id");
        return widgets.list(caller, siteId, filters.page());
    }
}
