package com.storageplatform.gateway.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.gateway.GatewayProperties;
import org.junit.jupiter.api.Test;

class TokenBucketTest {

    private final GatewayProperties.Limit test = new GatewayProperties.Limit(25, 50);

    @Test
    void aFullBucketAllowsItsBurstThenRefusesUntilItRefills() {
        double tokens = 50;
        long now = 1_000;
        for (int i = 0; i < 50; i++) {
            TokenBucket.State state = TokenBucket.take(tokens, now, now, test);
            assertThat(state.allowed()).isTrue();
            tokens = state.tokens();
        }
        TokenBucket.State refused = TokenBucket.take(tokens, now, now, test);
        assertThat(refused.allowed()).isFalse();
        RateLimiter.Decision decision = TokenBucket.decision(refused, test);
        assertThat(decision.retryAfterSeconds()).isEqualTo(1);
        assertThat(decision.remaining()).isZero();
        assertThat(decision.resetSeconds()).isEqualTo(2);

        TokenBucket.State later = TokenBucket.take(refused.tokens(), now, now + 40, test);
        assertThat(later.allowed()).isTrue();
    }

    @Test
    void refillingNeverExceedsTheBurst() {
        TokenBucket.State state = TokenBucket.take(10, 0, 3_600_000, test);
        assertThat(state.tokens()).isEqualTo(49);
        assertThat(TokenBucket.decision(state, test).limit()).isEqualTo(50);
    }
}
