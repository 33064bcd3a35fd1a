package com.storageplatform.catalogue.quotes;

import com.storageplatform.kit.inbox.ConsumedEvent;
import com.storageplatform.kit.inbox.EventData;
import com.storageplatform.kit.inbox.EventHandler;
import com.storageplatform.kit.time.Dates;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * Keeps {@link Quotes} from commerce's quote events on {@code commerce.events} (the contract is in
 * docs/api/catalogue.md, Coupons): {@code quote.created} and {@code quote.updated} carry the quote's
 * {@code coupon_id}, {@code status} and {@code expires_at}; {@code quote.accepted}, {@code quote.expired} and
 * {@code quote.withdrawn} end its life. The kit's inbox applies each event once.
 */
@Component
class QuoteEventHandler implements EventHandler {

    static final String TOPIC = "commerce.events";
    static final String CREATED = "quote.created";
    static final String UPDATED = "quote.updated";
    /** The events that close a quote, and the status each leaves it in. */
    static final Map<String, String> CLOSING = Map.of(
            "quote.accepted", "accepted",
            "quote.expired", "expired",
            "quote.withdrawn", "withdrawn");
    private static final Set<String> CLOSED = Set.copyOf(CLOSING.values());

    private static final Logger log = LoggerFactory.getLogger(QuoteEventHandler.class);

    private final QuoteRepository quotes;

    QuoteEventHandler(QuoteRepository quotes) {
        this.quotes = quotes;
    }

    @Override
    public String topic() {
        return TOPIC;
    }

    @Override
    public Set<String> types() {
        return Set.of(CREATED, UPDATED, "quote.accepted", "quote.expired", "quote.withdrawn");
    }

    /** An event that names no quote id is logged and passed over. */
    @Override
    public Mono<Void> handle(ConsumedEvent event) {
        JsonNode data = event.data();
        UUID id = EventData.id(data, "id");
        if (id == null) {
            log.warn("Passing over {} event {}: it names no quote id", event.type(), event.id());
            return Mono.empty();
        }
        String closedAs = CLOSING.get(event.type());
        if (closedAs != null) {
            return quotes.close(event.accountId(), id, closedAs, event.time());
        }
        String status = EventData.text(data, "status");
        if (status != null && CLOSED.contains(status)) {
            return quotes.close(event.accountId(), id, status, event.time());
        }
        Instant expiresAt = Dates.parseDateTime(EventData.text(data, "expires_at")).orElse(null);
        return quotes.record(event.accountId(), id, EventData.id(data, "coupon_id"), QuoteRepository.LIVE,
                expiresAt, event.time());
    }
}
