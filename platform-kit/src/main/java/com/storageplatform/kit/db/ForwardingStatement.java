package com.storageplatform.kit.db;

import io.r2dbc.spi.Result;
import io.r2dbc.spi.Statement;
import org.reactivestreams.Publisher;

/**
 * A statement that passes everything to another and answers for itself, so a chain of binds stays on it: the base
 * of the kit's statements that change one thing ({@link UntoldConnection}'s, the test support's statement capture).
 */
public abstract class ForwardingStatement implements Statement {

    protected final Statement delegate;

    protected ForwardingStatement(Statement delegate) {
        this.delegate = delegate;
    }

    @Override
    public Statement add() {
        delegate.add();
        return this;
    }

    @Override
    public Statement bind(int index, Object value) {
        delegate.bind(index, value);
        return this;
    }

    @Override
    public Statement bind(String name, Object value) {
        delegate.bind(name, value);
        return this;
    }

    @Override
    public Statement bindNull(int index, Class<?> type) {
        delegate.bindNull(index, type);
        return this;
    }

    @Override
    public Statement bindNull(String name, Class<?> type) {
        delegate.bindNull(name, type);
        return this;
    }

    @Override
    public Statement returnGeneratedValues(String... columns) {
        delegate.returnGeneratedValues(columns);
        return this;
    }

    @Override
    public Statement fetchSize(int rows) {
        delegate.fetchSize(rows);
        return this;
    }

    @Override
    public Publisher<? extends Result> execute() {
        return delegate.execute();
    }
}
