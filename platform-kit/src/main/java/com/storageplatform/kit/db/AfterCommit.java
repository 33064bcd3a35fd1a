package com.storageplatform.kit.db;

import org.springframework.transaction.NoTransactionException;
import org.springframework.transaction.reactive.TransactionSynchronization;
import org.springframework.transaction.reactive.TransactionSynchronizationManager;
import reactor.core.publisher.Mono;

/** Runs something once the current reactive transaction has committed (never if it rolls back). */
public final class AfterCommit {

    private AfterCommit() {
    }

    /** Registers {@code action} with the current transaction; outside one, runs it at once. */
    public static Mono<Void> run(Runnable action) {
        return TransactionSynchronizationManager.forCurrentTransaction()
                .doOnNext(sync -> sync.registerSynchronization(new TransactionSynchronization() {
                    @Override
                    public Mono<Void> afterCompletion(int status) {
                        if (status == STATUS_COMMITTED) {
                            action.run();
                        }
                        return Mono.empty();
                    }
                }))
                .onErrorResume(NoTransactionException.class, outsideTransaction -> {
                    action.run();
                    return Mono.empty();
                })
                .then();
    }
}
