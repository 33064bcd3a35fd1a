package com.storageplatform.catalogue.quotes;

import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * The quotes projection: commerce's quotes as its {@code quote.*} events tell them, for the other features of the
 * catalogue (coupons). A quote is live while its status is {@code live} and its {@code expires_at} (if any) is
 * still ahead on the platform clock: a quote whose time ran out no longer counts, even before commerce's
 * {@code quote.expired} arrives.
 */
@Component
public class Quotes {

    private final QuoteRepository quotes;

    Quotes(QuoteRepository quotes) {
        this.quotes = quotes;
    }

    /** Whether a live quote of the account carries the coupon. */
    public Mono<Boolean> anyLiveCarrying(UUID accountId, UUID couponId) {
        return quotes.anyLiveCarrying(accountId, couponId);
    }
}
