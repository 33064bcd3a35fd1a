package com.storageplatform.gateway.ratelimit;

import com.storageplatform.gateway.GatewayProperties;

/**
 * The token-bucket arithmetic both limiters share (the Redis script mirrors it): a bucket refills continuously
 * at {@code perSecond} up to {@code burst}; a request takes one token or is refused.
 */
final class TokenBucket {

    private TokenBucket() {
    }

    /** State after a request: the tokens left and whether the request was allowed. */
    record State(double tokens, long atMillis, boolean allowed) {
    }

    static State take(double tokens, long lastMillis, long nowMillis, GatewayProperties.Limit limit) {
        double elapsedSeconds = Math.max(0, nowMillis - lastMillis) / 1000.0;
        double refilled = Math.min(limit.burst(), tokens + elapsedSeconds * limit.perSecond());
        if (refilled >= 1) {
            return new State(refilled - 1, nowMillis, true);
        }
        return new State(refilled, nowMillis, false);
    }

    static RateLimiter.Decision decision(State state, GatewayProperties.Limit limit) {
        int remaining = (int) Math.floor(state.tokens());
        long reset = (long) Math.ceil((limit.burst() - state.tokens()) / limit.perSecond());
        long retryAfter = state.allowed() ? 0 : Math.max(1, (long) Math.ceil((1 - state.tokens()) / limit.perSecond()));
        return new RateLimiter.Decision(state.allowed(), limit.burst(), remaining, Math.max(0, reset), retryAfter);
    }
}
