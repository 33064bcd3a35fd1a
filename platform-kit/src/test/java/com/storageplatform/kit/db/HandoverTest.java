package com.storageplatform.kit.db;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;

/** Who owns the resource when its subscriber cancels: before the handover, and after. */
class HandoverTest {

    private final Sinks.One<String> source = Sinks.one();
    private final AtomicBoolean sourceCancelled = new AtomicBoolean();
    private final List<String> ended = new ArrayList<>();
    private final AtomicReference<String> taken = new AtomicReference<>();

    private Mono<String> source() {
        return source.asMono().doOnCancel(() -> sourceCancelled.set(true));
    }

    /** Subscribes like a {@code flatMap} that holds what it took and never finishes. */
    private Disposable take(Mono<String> handover) {
        return handover.flatMap(resource -> {
            taken.set(resource);
            return Mono.never();
        }).subscribe();
    }

    private Mono<Void> end(String resource) {
        ended.add(resource);
        return Mono.empty();
    }

    @Test
    void aCancelAfterTheHandoverIsKeptFromTheSourceAndTheResourceStaysTheOwners() {
        Disposable owner = take(Handover.cancellableUntilHandedOver(source()));
        source.tryEmitValue("connection");
        owner.dispose();

        assertThat(taken.get()).isEqualTo("connection");
        assertThat(sourceCancelled).isFalse();
    }

    @Test
    void aCancelBeforeTheHandoverReachesASourceThatGivesBackItself() {
        Disposable owner = take(Handover.cancellableUntilHandedOver(source()));
        owner.dispose();
        source.tryEmitValue("connection");

        assertThat(sourceCancelled).isTrue();
        assertThat(taken.get()).isNull();
    }

    @Test
    void aSourceRunToTheEndIsNotCancelledAndWhatItMadeForNobodyIsEnded() {
        Disposable owner = take(Handover.runToTheEnd(source(), this::end));
        owner.dispose();
        assertThat(sourceCancelled).isFalse();

        source.tryEmitValue("transaction");
        assertThat(taken.get()).isNull();
        assertThat(ended).containsExactly("transaction");
    }

    @Test
    void whatTheSourceMadeIsHandedOverWhenNobodyCancels() {
        take(Handover.runToTheEnd(source(), this::end));
        source.tryEmitValue("transaction");

        assertThat(taken.get()).isEqualTo("transaction");
        assertThat(ended).isEmpty();
    }
}
