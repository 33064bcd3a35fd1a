package com.storageplatform.kit.db;

import org.springframework.transaction.ReactiveTransaction;
import org.springframework.transaction.ReactiveTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.TransactionException;
import reactor.core.publisher.Mono;

/**
 * The service's transaction manager, with every transaction it begins ended. Spring's R2DBC transaction manager
 * leaves the connection it acquired with nobody to give it back when its begin is cancelled (a request cancelled
 * while waiting for {@code BEGIN}): the connection was lost to the pool, or worse (see {@link Handover}). Here a begin
 * is never cancelled: it runs to its end, and a transaction begun for a caller who has left is rolled back, which gives
 * its connection back.
 */
public final class EndedTransactions implements ReactiveTransactionManager {

    private final ReactiveTransactionManager delegate;

    public EndedTransactions(ReactiveTransactionManager delegate) {
        this.delegate = delegate;
    }

    @Override
    public Mono<ReactiveTransaction> getReactiveTransaction(TransactionDefinition definition)
            throws TransactionException {
        return Handover.runToTheEnd(delegate.getReactiveTransaction(definition), delegate::rollback);
    }

    @Override
    public Mono<Void> commit(ReactiveTransaction transaction) throws TransactionException {
        return delegate.commit(transaction);
    }

    @Override
    public Mono<Void> rollback(ReactiveTransaction transaction) throws TransactionException {
        return delegate.rollback(transaction);
    }
}
