package com.storageplatform.kit.db;

import io.r2dbc.spi.Batch;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.ConnectionMetadata;
import io.r2dbc.spi.IsolationLevel;
import io.r2dbc.spi.Statement;
import io.r2dbc.spi.TransactionDefinition;
import io.r2dbc.spi.ValidationDepth;
import java.time.Duration;
import org.reactivestreams.Publisher;

/**
 * A connection that passes everything to another: the base of the kit's connections that change one thing (the
 * account setting's {@link UntoldConnection}, the test support's statement capture). It is not {@code Wrapped}: a
 * subclass that may be seen through says so itself.
 */
public abstract class ForwardingConnection implements Connection {

    protected final Connection delegate;

    protected ForwardingConnection(Connection delegate) {
        this.delegate = delegate;
    }

    @Override
    public Publisher<Void> beginTransaction() {
        return delegate.beginTransaction();
    }

    @Override
    public Publisher<Void> beginTransaction(TransactionDefinition definition) {
        return delegate.beginTransaction(definition);
    }

    @Override
    public Publisher<Void> close() {
        return delegate.close();
    }

    @Override
    public Publisher<Void> commitTransaction() {
        return delegate.commitTransaction();
    }

    @Override
    public Batch createBatch() {
        return delegate.createBatch();
    }

    @Override
    public Publisher<Void> createSavepoint(String name) {
        return delegate.createSavepoint(name);
    }

    @Override
    public Statement createStatement(String sql) {
        return delegate.createStatement(sql);
    }

    @Override
    public boolean isAutoCommit() {
        return delegate.isAutoCommit();
    }

    @Override
    public ConnectionMetadata getMetadata() {
        return delegate.getMetadata();
    }

    @Override
    public IsolationLevel getTransactionIsolationLevel() {
        return delegate.getTransactionIsolationLevel();
    }

    @Override
    public Publisher<Void> releaseSavepoint(String name) {
        return delegate.releaseSavepoint(name);
    }

    @Override
    public Publisher<Void> rollbackTransaction() {
        return delegate.rollbackTransaction();
    }

    @Override
    public Publisher<Void> rollbackTransactionToSavepoint(String name) {
        return delegate.rollbackTransactionToSavepoint(name);
    }

    @Override
    public Publisher<Void> setAutoCommit(boolean autoCommit) {
        return delegate.setAutoCommit(autoCommit);
    }

    @Override
    public Publisher<Void> setLockWaitTimeout(Duration timeout) {
        return delegate.setLockWaitTimeout(timeout);
    }

    @Override
    public Publisher<Void> setStatementTimeout(Duration timeout) {
        return delegate.setStatementTimeout(timeout);
    }

    @Override
    public Publisher<Void> setTransactionIsolationLevel(IsolationLevel level) {
        return delegate.setTransactionIsolationLevel(level);
    }

    @Override
    public Publisher<Boolean> validate(ValidationDepth depth) {
        return delegate.validate(depth);
    }
}
