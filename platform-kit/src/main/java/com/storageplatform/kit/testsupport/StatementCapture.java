package com.storageplatform.kit.testsupport;

import com.storageplatform.kit.db.ForwardingConnection;
import com.storageplatform.kit.db.ForwardingStatement;
import io.r2dbc.postgresql.codec.Interval;
import io.r2dbc.postgresql.codec.Json;
import io.r2dbc.spi.Batch;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.ConnectionFactory;
import io.r2dbc.spi.ConnectionFactoryMetadata;
import io.r2dbc.spi.Parameter;
import io.r2dbc.spi.Result;
import io.r2dbc.spi.Statement;
import io.r2dbc.spi.Wrapped;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.security.CodeSource;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.Supplier;
import org.junit.platform.commons.annotation.Testable;
import org.junit.platform.commons.support.AnnotationSupport;
import org.junit.platform.commons.support.HierarchyTraversalMode;
import org.reactivestreams.Publisher;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.r2dbc.core.PreparedOperation;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Records every statement a {@link PlatformTest} application sends through its connection factory into
 * {@link CapturedStatements}, for {@link QueryPlanAudit}. Installed only by the test support
 * ({@link PlatformTestContextCustomizerFactory}), never in production.
 *
 * <p>It wraps the pool itself, under the kit's {@code AccountConnections}, so the kit's own statements (the
 * account's setting on each connection, the outbox relay, idempotency, the inbox, jobs) are recorded with the
 * service's: they run in production too, and are judged alike (the kit's tables have no {@code account_id}, so
 * none is a tenant table). What is left out is what a test class sends itself, through the same
 * {@link DatabaseClient}, to set up or inspect (a test's {@code SELECT ... WHERE invoice_id = :id}): the service
 * never sends it, so it needs no index.
 */
final class StatementCapture implements BeanPostProcessor {

    /** Set by a statement a test class wrote, read and cleared when the driver's statement is created. */
    private static final ThreadLocal<Boolean> SENT_BY_TEST = new ThreadLocal<>();

    @Override
    public Object postProcessAfterInitialization(Object bean, String name) {
        if (bean instanceof ConnectionFactory pool && !(bean instanceof Recording)) {
            return new Recording(pool);
        }
        if (bean instanceof DatabaseClient client && !(bean instanceof TestStatementsMarked)) {
            return new TestStatementsMarked(client);
        }
        return bean;
    }

    /** Whether the statement being created on this thread was written by a test class (and forgets it). */
    private static boolean sentByTest() {
        boolean byTest = Boolean.TRUE.equals(SENT_BY_TEST.get());
        SENT_BY_TEST.remove();
        return byTest;
    }

    /** The PostgreSQL types r2dbc-postgresql sends values of these classes as (an array as an array of its type). */
    private static final Map<Class<?>, String> TYPES = Map.ofEntries(
            Map.entry(String.class, "varchar"), Map.entry(UUID.class, "uuid"), Map.entry(Boolean.class, "bool"),
            Map.entry(Short.class, "int2"), Map.entry(Integer.class, "int4"), Map.entry(int.class, "int4"),
            Map.entry(Long.class, "int8"), Map.entry(long.class, "int8"), Map.entry(BigDecimal.class, "numeric"),
            Map.entry(Float.class, "float4"), Map.entry(Double.class, "float8"),
            Map.entry(Instant.class, "timestamptz"), Map.entry(OffsetDateTime.class, "timestamptz"),
            Map.entry(ZonedDateTime.class, "timestamptz"), Map.entry(LocalDateTime.class, "timestamp"),
            Map.entry(LocalDate.class, "date"), Map.entry(LocalTime.class, "time"),
            Map.entry(byte[].class, "bytea"), Map.entry(ByteBuffer.class, "bytea"), Map.entry(Json.class, "jsonb"),
            Map.entry(Interval.class, "interval"));

    private static String typeOf(Class<?> type) {
        if (type.isArray() && type != byte[].class) {
            String element = typeOf(type.getComponentType());
            return element.equals(CapturedStatements.UNKNOWN) ? element : element + "[]";
        }
        return TYPES.entrySet().stream().filter(known -> known.getKey().isAssignableFrom(type))
                .map(Map.Entry::getValue).findFirst().orElse(CapturedStatements.UNKNOWN);
    }

    /** A bound value's type: Spring binds an R2DBC {@link Parameter}, which names it even for a null. */
    private static String typeOfValue(Object value) {
        if (value instanceof Parameter parameter) {
            return parameter.getValue() != null ? typeOf(parameter.getValue().getClass())
                    : typeOf(parameter.getType().getJavaType());
        }
        return typeOf(value.getClass());
    }

    /** The pool, whose connections record what they are asked to run. */
    private record Recording(ConnectionFactory pool) implements ConnectionFactory, Wrapped<ConnectionFactory> {

        @Override
        public Publisher<? extends Connection> create() {
            return Mono.from(pool.create()).map(RecordingConnection::new);
        }

        @Override
        public ConnectionFactoryMetadata getMetadata() {
            return pool.getMetadata();
        }

        @Override
        public ConnectionFactory unwrap() {
            return pool;
        }
    }

    /**
     * A pooled connection that records its statements. {@link Wrapped}, so the kit still reaches the physical
     * connection under it (AccountConnections remembers each one's account).
     */
    private static final class RecordingConnection extends ForwardingConnection implements Wrapped<Connection> {

        RecordingConnection(Connection connection) {
            super(connection);
        }

        @Override
        public Statement createStatement(String sql) {
            Statement statement = delegate.createStatement(sql);
            if (sql.startsWith("BEGIN")) {
                // The kit's transaction begun with the account's setting (UntoldConnection): no query to explain.
                return statement;
            }
            if (sentByTest()) {
                CapturedStatements.leaveOut(sql);
                return statement;
            }
            return new RecordingStatement(sql, statement, new ArrayList<>());
        }

        @Override
        public Batch createBatch() {
            Batch batch = delegate.createBatch();
            return new Batch() {
                @Override
                public Batch add(String sql) {
                    if (sentByTest()) {
                        CapturedStatements.leaveOut(sql);
                    } else {
                        CapturedStatements.record(sql, List.of());
                    }
                    batch.add(sql);
                    return this;
                }

                @Override
                public Publisher<? extends Result> execute() {
                    return batch.execute();
                }
            };
        }

        @Override
        public Connection unwrap() {
            return delegate;
        }
    }

    /** A statement that records its text and the types bound to it when it is executed. */
    private static final class RecordingStatement extends ForwardingStatement {

        private final String sql;
        private final List<String> types;

        RecordingStatement(String sql, Statement statement, List<String> types) {
            super(statement);
            this.sql = sql;
            this.types = types;
        }

        private void typed(int index, String type) {
            while (types.size() <= index) {
                types.add(CapturedStatements.UNKNOWN);
            }
            types.set(index, type);
        }

        /** The index of a {@code $1} placeholder named as such, or -1. */
        private static int index(String name) {
            return name.matches("\\$[1-9][0-9]*") ? Integer.parseInt(name.substring(1)) - 1 : -1;
        }

        @Override
        public Statement bind(int index, Object value) {
            typed(index, typeOfValue(value));
            return super.bind(index, value);
        }

        @Override
        public Statement bind(String name, Object value) {
            if (index(name) >= 0) {
                typed(index(name), typeOfValue(value));
            }
            return super.bind(name, value);
        }

        @Override
        public Statement bindNull(int index, Class<?> type) {
            typed(index, typeOf(type));
            return super.bindNull(index, type);
        }

        @Override
        public Statement bindNull(String name, Class<?> type) {
            if (index(name) >= 0) {
                typed(index(name), typeOf(type));
            }
            return super.bindNull(name, type);
        }

        @Override
        public Publisher<? extends Result> execute() {
            CapturedStatements.record(sql, types);
            return super.execute();
        }
    }

    /**
     * The application's {@link DatabaseClient}, which tells the statements a test class writes from the service's.
     * Who wrote a statement shows where it is put together ({@code db.sql(...)}, on the caller's thread), not where
     * it runs (often another thread). The nearest class of ours on the stack that decides: a test class (one with
     * test methods, or inside one) or the kit's test support, or a class of the application. Passed over are the
     * kit's statement builders and the other classes of a module's tests (a test's helpers, the kit's sample
     * application), which write for whoever calls them. Spring asks for the text just before it creates the driver's
     * statement, on the thread that creates it, which is when the mark is set.
     */
    private record TestStatementsMarked(DatabaseClient client) implements DatabaseClient {

        private enum Writer { TEST, APPLICATION, WHOEVER_CALLS }

        private static final Set<String> BUILDERS = Set.of("com.storageplatform.kit.db.AccountStatement",
                "com.storageplatform.kit.paging.ListQuery");
        private static final StackWalker STACK = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE);
        private static final ClassValue<Writer> WRITER = new ClassValue<>() {
            @Override
            protected Writer computeValue(Class<?> type) {
                if (!type.getName().startsWith("com.storageplatform.") || BUILDERS.contains(type.getName())
                        || type == TestStatementsMarked.class) {
                    return Writer.WHOEVER_CALLS;
                }
                CodeSource source = type.getProtectionDomain().getCodeSource();
                boolean testCode = source != null && source.getLocation() != null
                        && source.getLocation().getPath().endsWith("/test-classes/");
                if (!testCode) {
                    return type.getPackageName().equals(StatementCapture.class.getPackageName())
                            ? Writer.TEST : Writer.APPLICATION;
                }
                for (Class<?> enclosing = type; enclosing != null; enclosing = enclosing.getEnclosingClass()) {
                    if (!AnnotationSupport.findAnnotatedMethods(enclosing, Testable.class,
                            HierarchyTraversalMode.TOP_DOWN).isEmpty()) {
                        return Writer.TEST;
                    }
                }
                return Writer.WHOEVER_CALLS;
            }
        };

        @Override
        public GenericExecuteSpec sql(String sql) {
            return writtenByTest() ? client.sql(marked(() -> sql)) : client.sql(sql);
        }

        @Override
        public GenericExecuteSpec sql(Supplier<String> sqlSupplier) {
            // Spring binds a PreparedOperation itself: it must reach the client as it is.
            return writtenByTest() && !(sqlSupplier instanceof PreparedOperation<?>)
                    ? client.sql(marked(sqlSupplier)) : client.sql(sqlSupplier);
        }

        private static Supplier<String> marked(Supplier<String> sql) {
            return () -> {
                SENT_BY_TEST.set(true);
                return sql.get();
            };
        }

        private static boolean writtenByTest() {
            return STACK.walk(frames -> frames.map(frame -> WRITER.get(frame.getDeclaringClass()))
                    .filter(writer -> writer != Writer.WHOEVER_CALLS).findFirst()).orElse(Writer.APPLICATION)
                    == Writer.TEST;
        }

        @Override
        public ConnectionFactory getConnectionFactory() {
            return client.getConnectionFactory();
        }

        @Override
        public <T> Mono<T> inConnection(Function<Connection, Mono<T>> action) {
            return client.inConnection(action);
        }

        @Override
        public <T> Flux<T> inConnectionMany(Function<Connection, Flux<T>> action) {
            return client.inConnectionMany(action);
        }
    }
}
