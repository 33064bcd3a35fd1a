package com.storageplatform.kit.consumer;

import com.storageplatform.kit.db.DatabaseFailures;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.NestedExceptionUtils;
import reactor.core.Disposable;
import reactor.core.Exceptions;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.util.retry.Retry;

/**
 * Works on up to {@code depth} items at once and finishes them in the order they were submitted: an item's
 * {@code finished} callback runs only after every earlier item's has. So a poll's offsets, committed when it is
 * finished, never pass work that is not done yet, and yet the next item's transaction need not wait for the
 * previous one to commit (a depth of 1 works on one item at a time, in order). A failed item is tried again as
 * the {@link FailurePolicy} says (0.5 s, 1 s, 2 s ... then every 30 s, for example), holding back the items after
 * it; if the policy gives up, the consumer is told ({@code gaveUp}) and the item is finished all the same. While
 * {@code depth} items are unfinished the source is asked to pause, and to resume once one finishes.
 *
 * @param <T> what is submitted: a unit of a poll's work, and the means to acknowledge the poll
 */
public final class InOrderPipeline<T> {

    private static final Logger log = LoggerFactory.getLogger(InOrderPipeline.class);

    /** Stops and restarts the source of items (the Kafka listener container). */
    public interface Valve {
        void pause();

        void resume();
    }

    private final int depth;
    private final Valve valve;
    private final Sinks.Many<T> items = Sinks.many().unicast().onBackpressureBuffer();
    private final Disposable loop;
    private int unfinished;
    private boolean paused;

    /** {@code name} says in the log whose work failed. */
    public InOrderPipeline(String name, int depth, FailurePolicy failures, Function<T, Mono<Void>> work,
            Consumer<T> finished, BiConsumer<T, Throwable> gaveUp, Valve valve) {
        this.depth = depth;
        this.valve = valve;
        Retry retries = Retry.backoff(failures.maxRetries(), failures.firstBackoff()).maxBackoff(failures.maxBackoff())
                .doBeforeRetry(signal -> log.warn("{} could not handle its work; it is tried again{}: {}", name,
                        failures.retriesForever() ? " until it succeeds" : " (retry " + (signal.totalRetries() + 1)
                                + " of " + failures.maxRetries() + ")",
                        NestedExceptionUtils.getMostSpecificCause(signal.failure()).getMessage()));
        // The database being away says nothing about the item: waited out without end, never counted against it,
        // so an outage longer than the policy's retries passes nothing over.
        Retry outages = Retry.backoff(Long.MAX_VALUE, failures.firstBackoff()).maxBackoff(failures.maxBackoff())
                .filter(DatabaseFailures::isOutage)
                .doBeforeRetry(signal -> log.warn("{} cannot reach its database; its work waits for it: {}", name,
                        NestedExceptionUtils.getMostSpecificCause(signal.failure()).getMessage()));
        this.loop = items.asFlux()
                .flatMapSequential(item -> Mono.defer(() -> work.apply(item))
                        .timeout(failures.attemptTimeout())
                        .retryWhen(outages)
                        .retryWhen(retries)
                        .onErrorResume(failure -> {
                            gaveUp.accept(item, lastFailure(failure));
                            return Mono.empty();
                        })
                        .thenReturn(item), depth, 1)
                .subscribe(item -> {
                    try {
                        finished.accept(item);
                    } catch (RuntimeException failure) {
                        // Thrown on, it would end the loop for good; the item's records come again.
                        log.warn("{} could not acknowledge finished work: {}", name, failure.getMessage());
                    } finally {
                        oneFinished();
                    }
                }, failure -> log.error("The {} pipeline stopped", name, failure));
    }

    /** Called by one thread at a time (the consumer's). */
    public void submit(T item) {
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
    public void close() {
        loop.dispose();
    }

    /** The last failure, not Reactor's "retries exhausted" wrapper around it. */
    private static Throwable lastFailure(Throwable failure) {
        return Exceptions.isRetryExhausted(failure) && failure.getCause() != null ? failure.getCause() : failure;
    }
}
