package com.storageplatform.kit.db;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.testsupport.PlatformInfrastructure;
import com.storageplatform.kit.testsupport.PlatformInfrastructureExtension;
import io.r2dbc.postgresql.PostgresqlConnectionConfiguration;
import io.r2dbc.postgresql.PostgresqlConnectionFactory;
import io.r2dbc.spi.Connection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * The cause of the requests that went unanswered while PostgreSQL sat idle (ADR 0016): r2dbc-postgresql up to
 * 1.1.2 could hand a connection's backend messages to a conversation out of order when demand for them arrived
 * on another thread than the connection's event loop (its fast path skipped the drain guard, pgjdbc/r2dbc-postgresql
 * #717). A row could be lost or overtaken; a ReadyForQuery routed past its conversation leaves the next
 * conversation on that connection waiting for ever, which is the hang.
 *
 * <p>This loop makes that interleaving common: results of up to 300 rows (more than the driver's 256-message
 * window, so messages are buffered) read through {@code publishOn} with a prefetch of two, so every refill comes
 * from a parallel thread while the event loop is still delivering. With 1.1.1 it saw lost or reordered rows about
 * five times in 12,000 queries; with the fixed driver never. A query that hangs fails on its five-second bound.
 */
@ExtendWith(PlatformInfrastructureExtension.class)
class DriverMessageOrderTest {

    private static final int CONNECTIONS = 4;
    private static final int QUERIES_PER_CONNECTION = 3_000;
    private static final int MAX_ROWS = 300;

    @Test
    void everyRowArrivesOnceAndInOrderWhenDemandComesFromAnotherThread(PlatformInfrastructure infrastructure) {
        PostgresqlConnectionFactory factory = new PostgresqlConnectionFactory(PostgresqlConnectionConfiguration.builder()
                .host("localhost")
                .port(infrastructure.databasePort())
                .username(infrastructure.databaseUsername())
                .password(infrastructure.databasePassword())
                .database("postgres")
                .build());
        List<String> wrong = new ArrayList<>();
        for (int c = 0; c < CONNECTIONS; c++) {
            Connection connection = Mono.from(factory.create()).block(Duration.ofSeconds(10));
            try {
                for (int i = 0; i < QUERIES_PER_CONNECTION; i++) {
                    int rows = 1 + i % MAX_ROWS;
                    List<Integer> got = series(connection, rows).block(Duration.ofSeconds(5));
                    if (!IntStream.rangeClosed(1, rows).boxed().toList().equals(got)) {
                        wrong.add("connection " + c + ", query " + i + ": " + rows + " rows asked, "
                                + (got == null ? "none" : got.size() + " received out of order or with gaps"));
                    }
                }
            } finally {
                Mono.from(connection.close()).block(Duration.ofSeconds(5));
            }
        }
        assertThat(wrong).isEmpty();
    }

    private static Mono<List<Integer>> series(Connection connection, int rows) {
        return Flux.from(connection.createStatement("SELECT g FROM generate_series(1, $1) g").bind("$1", rows).execute())
                .flatMap(result -> result.map((row, metadata) -> row.get(0, Integer.class)))
                .publishOn(Schedulers.parallel(), 2)
                .collectList();
    }
}
