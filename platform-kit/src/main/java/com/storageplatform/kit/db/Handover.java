package com.storageplatform.kit.db;

import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import org.reactivestreams.Subscription;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.CoreSubscriber;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Operators;
import reactor.util.context.Context;

/**
 * Hands a resource that must be given back (a pooled connection, a begun transaction) to exactly one owner: the
 * subscriber, or nobody. A cancel that comes after the resource was handed over is ignored, as the subscriber owns it
 * and ends it (a {@code usingWhen}, racing a cancel on another thread with the resource's arrival, may pass the cancel
 * up after it took the resource). A cancel that comes before is either passed up, to a source that gives back what it
 * had not yet handed over ({@link #cancellableUntilHandedOver}), or kept from a source that would not, which then runs
 * to its end and has what it made ended here ({@link #runToTheEnd}).
 *
 * <p>Why: r2dbc-pool takes a connection back on a cancel even after handing it over (r2dbc-pool PR #210, open), and
 * Spring's transaction manager abandons the connection it acquired when its begin is cancelled. A request cancelled
 * while its {@code BEGIN} was on the wire had its connection lent, transaction open, to the next request, whose work
 * was then rolled back or committed with it (seen as {@link AccountConnections}' account setting undone: a request
 * that saw none of its own rows).
 */
final class Handover<T> extends Mono<T> {

    private static final Logger LOG = LoggerFactory.getLogger(Handover.class);
    private static final Object CANCELLED = new Object();

    private final Mono<T> source;
    /** How a resource that arrives after its subscriber left is ended; null when the source ends it itself. */
    private final Function<T, Mono<Void>> end;

    private Handover(Mono<T> source, Function<T, Mono<Void>> end) {
        this.source = source;
        this.end = end;
    }

    /** The resource of a source that gives back, itself, what a cancel reaches before it hands it over. */
    static <T> Mono<T> cancellableUntilHandedOver(Mono<T> source) {
        return new Handover<>(source, null);
    }

    /** The resource of a source that is never cancelled: when its subscriber has left, it is ended by {@code end}. */
    static <T> Mono<T> runToTheEnd(Mono<T> source, Function<T, Mono<Void>> end) {
        return new Handover<>(source, end);
    }

    @Override
    public void subscribe(CoreSubscriber<? super T> owner) {
        source.subscribe(new Subscriber(owner));
    }

    private final class Subscriber implements CoreSubscriber<T>, Subscription {

        private final CoreSubscriber<? super T> owner;
        /** Null until the resource is handed over or the owner cancels; then the resource, or CANCELLED. */
        private final AtomicReference<Object> state = new AtomicReference<>();
        private Subscription upstream;

        Subscriber(CoreSubscriber<? super T> owner) {
            this.owner = owner;
        }

        @Override
        public Context currentContext() {
            return owner.currentContext();
        }

        @Override
        public void onSubscribe(Subscription subscription) {
            if (Operators.validate(upstream, subscription)) {
                upstream = subscription;
                owner.onSubscribe(this);
            }
        }

        @Override
        public void onNext(T resource) {
            if (state.compareAndSet(null, resource)) {
                owner.onNext(resource);
            } else if (end != null) {
                end.apply(resource).contextWrite(owner.currentContext())
                        .subscribe(null, failure -> LOG.warn("A resource nobody took could not be ended", failure));
            }
            // Else the source had the cancel first, and gives the resource back itself.
        }

        @Override
        public void onError(Throwable failure) {
            if (state.get() != CANCELLED) {
                owner.onError(failure);
            }
        }

        @Override
        public void onComplete() {
            if (state.get() != CANCELLED) {
                owner.onComplete();
            }
        }

        @Override
        public void request(long n) {
            upstream.request(n);
        }

        @Override
        public void cancel() {
            if (state.compareAndSet(null, CANCELLED) && end == null) {
                upstream.cancel();
            }
        }
    }
}
