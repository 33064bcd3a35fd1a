package com.storageplatform.webhooks.event;

import java.time.Duration;
import java.util.function.Consumer;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.NestedExceptionUtils;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.util.retry.Retry;

/**
 * Works on up to {@code depth} items at once and finishes them in the order they were submitted: an item's
 * {@code finished} callback runs only after every earlier item's has. So a poll's offsets, committed when it is
 * finished, never pass a poll that is not stored yet, and yet the next poll's transaction need not wait for the
 * previous one to commit. A failed item is tried again (0.5 s, 1 s, 2 s ... then every 30 s) for as long as it
 * fails, holding back the items after it; while {@code depth} items are unfinished the source is asked to pause,
 * and to resume once one finishes.
 *
 * @param <T> what is submitted: a poll's records and the means to acknowledge them
 */
final class InOrderPipeline<T> {

    private static final Logger log = LoggerFactory.getLogger(InOrderPipeline.class);

    /** Stops and restarts the source of items (the Kafka listener container). */
    interface Valve {
        void pause();

        void resume();
    }

    /** How long one try of an item may take, and the bounds of the wait between tries. */
    record Retries(Duration attemptTimeout, Duration firstBackoff, Duration maxBackoff) {
    }

    private final int depth;
    private final Valve valve;
    private final Sinks.Many<T> items = Sinks.many().unicast().onBackpressureBuffer();
    private final Disposable loop;
    private int unfinished;
    private boolean paused;

    InOrderPipeline(int depth, Retries retries, Function<T, Mono<Void>> work, Consumer<T> finished, Valve valve) {
        this.depth = depth;
        this.valve = valve;
        Retry forever = Retry.backoff(Long.MAX_VALUE, retries.firstBackoff()).maxBackoff(retries.maxBackoff())
                .doBeforeRetry(signal -> log.warn("Could not store a batch of events; it is tried again until it is "
                        + "stored: {}", NestedExceptionUtils.getMostSpecificCause(signal.failure()).getMessage()));
        this.loop = items.asFlux()
                .flatMapSequential(item -> Mono.defer(() -> work.apply(item))
                        .timeout(retries.attemptTimeout())
                        .retryWhen(forever)
                        .thenReturn(item), depth, 1)
                .subscribe(item -> {
                    try {
                        finished.accept(item);
                    } catch (RuntimeException failure) {
                        // Thrown on, it would end the loop for good; the item's records come again.
                        log.warn("Could not acknowledge a stored batch: {}", failure.getMessage());
                    } finally {
                        oneFinished();
                    }
                }, failure -> log.error("The event ingest pipeline stopped", failure));
    }

    /** Called by one thread at a time (the consumer's). */
    void submit(T item) {
        synchronized (this) {
            if (++unfinished >= depth && !paused) {
                paused = true;
                valve.pause();
            }
        }
        items.emitNext(item, Sinks.EmitFailureHandler.FAIL_FAST);
    }

    private void oneFinished() {
        synchronized (this) {
            if (--unfinished < depth && paused) {
                paused = false;
                valve.resume();
            }
        }
    }

    /** Items not finished are dropped; a source that never saw them acknowledged sends them again. */
    void close() {
        loop.dispose();
    }
}
