package com.storageplatform.catalogue.coverage;

import com.storageplatform.kit.inbox.ConsumedEvent;
import com.storageplatform.kit.inbox.EventData;
import com.storageplatform.kit.inbox.EventHandler;
import java.time.Clock;
import java.util.Set;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * Keeps {@link CoverHoldings} from commerce's cover events on {@code commerce.events} (the contract is in
 * docs/api/catalogue.md, Coverage products): {@code cover.started} and {@code cover.changed} put a cover in
 * force, {@code cover.ended} ends it. The kit's inbox applies each event once.
 */
@Component
class CoverEventHandler implements EventHandler {

    static final String TOPIC = "commerce.events";
    static final String STARTED = "cover.started";
    static final String CHANGED = "cover.changed";
    static final String ENDED = "cover.ended";

    private static final Logger log = LoggerFactory.getLogger(CoverEventHandler.class);

    private final CoverHoldings holdings;
    private final Clock clock;

    CoverEventHandler(CoverHoldings holdings, Clock clock) {
        this.holdings = holdings;
        this.clock = clock;
    }

    @Override
    public String topic() {
        return TOPIC;
    }

    @Override
    public Set<String> types() {
        return Set.of(STARTED, CHANGED, ENDED);
    }

    /** An event without a cover id or coverage product id cannot be placed: it is logged and passed over. */
    @Override
    public Mono<Void> handle(ConsumedEvent event) {
        JsonNode data = event.data();
        UUID id = EventData.id(data, "id");
        UUID product = EventData.id(data, "coverage_product_id");
        if (id == null || product == null) {
            log.warn("Passing over {} event {}: it names no cover id or coverage_product_id", event.type(),
                    event.id());
            return Mono.empty();
        }
        CoverHoldings.Cover cover = new CoverHoldings.Cover(id, product,
                EventData.id(data, "agreement_id"), EventData.id(data, "contact_id"),
                data.path("cover_minor").isIntegralNumber() ? data.path("cover_minor").longValue() : null,
                data.path("currency").isString() ? data.path("currency").asString() : null);
        String status = ENDED.equals(event.type()) ? CoverHoldings.ENDED : CoverHoldings.IN_FORCE;
        return holdings.record(event.accountId(), cover, status, event.time(), clock.instant());
    }
}
