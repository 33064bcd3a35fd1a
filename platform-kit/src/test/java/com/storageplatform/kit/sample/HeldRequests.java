package com.storageplatform.kit.sample;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import reactor.core.publisher.Mono;

/**
 * Lets a test hold {@code POST /v1/samples/held} inside its handler (so inside its transaction) until it says
 * go, and know for certain when the handler has been entered: concurrency tests need no sleeps.
 */
public final class HeldRequests {

    private static final Duration SAFETY = Duration.ofSeconds(30);
    private static final Map<String, Hold> HOLDS = new ConcurrentHashMap<>();

    private HeldRequests() {
    }

    /** A hold on the next request whose sample is {@code name}. */
    public static Hold hold(String name) {
        Hold hold = new Hold();
        HOLDS.put(name, hold);
        return hold;
    }

    /** Called by the handler: signals it was entered, then waits for the release (a request without a hold passes). */
    static Mono<Void> pass(String name) {
        Hold hold = name == null ? null : HOLDS.remove(name);
        if (hold == null) {
            return Mono.empty();
        }
        return Mono.fromRunnable(hold.entered::countDown)
                .then(Mono.fromFuture(hold.release))
                .timeout(SAFETY)
                .then();
    }

    public static final class Hold {

        private final CountDownLatch entered = new CountDownLatch(1);
        private final CompletableFuture<Void> release = new CompletableFuture<>();

        /** Waits until the handler runs, which is after the request took its idempotency lock. */
        public void awaitEntered() {
            try {
                if (!entered.await(SAFETY.toSeconds(), TimeUnit.SECONDS)) {
                    throw new AssertionError("The held request never reached its handler");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }

        public void release() {
            release.complete(null);
        }
    }
}
