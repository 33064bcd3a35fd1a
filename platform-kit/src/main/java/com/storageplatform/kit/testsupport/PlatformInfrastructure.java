package com.storageplatform.kit.testsupport;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import javax.sql.DataSource;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.test.EmbeddedKafkaKraftBroker;

/**
 * The real PostgreSQL (zonky's embedded binaries) and Kafka (a KRaft broker) of a test JVM: started once, on
 * first use, and stopped when the JVM exits. Each test class then gets a schema of its own.
 */
public final class PlatformInfrastructure {

    private static final String SERVICE_ROLE = "platform_service";
    private static final String SERVICE_PASSWORD = "platform";

    private static volatile PlatformInfrastructure instance;

    private final EmbeddedPostgres postgres;
    private final EmbeddedKafkaKraftBroker kafka;
    private final String kafkaBootstrapServers;

    private PlatformInfrastructure(EmbeddedPostgres postgres, EmbeddedKafkaKraftBroker kafka) {
        this.postgres = postgres;
        this.kafka = kafka;
        this.kafkaBootstrapServers = kafka.getBrokersAsString();
    }

    public static PlatformInfrastructure get() {
        PlatformInfrastructure started = instance;
        if (started == null) {
            synchronized (PlatformInfrastructure.class) {
                started = instance;
                if (started == null) {
                    started = start();
                    instance = started;
                }
            }
        }
        return started;
    }

    /** The infrastructure if this JVM has started it, without starting it. */
    public static java.util.Optional<PlatformInfrastructure> ifStarted() {
        return java.util.Optional.ofNullable(instance);
    }

    private static PlatformInfrastructure start() {
        quietInfrastructureLogs();
        try {
            EmbeddedPostgres postgres = EmbeddedPostgres.builder()
                    .setServerConfig("max_connections", "300")
                    .setServerConfig("fsync", "off")
                    .setServerConfig("synchronous_commit", "off")
                    .start();
            EmbeddedKafkaKraftBroker kafka = newBroker();
            PlatformInfrastructure infrastructure = new PlatformInfrastructure(postgres, kafka);
            infrastructure.createServiceRole();
            Runtime.getRuntime().addShutdownHook(new Thread(infrastructure::stop, "platform-test-infrastructure"));
            return infrastructure;
        } catch (IOException e) {
            throw new IllegalStateException("Could not start embedded PostgreSQL", e);
        }
    }

    private static EmbeddedKafkaKraftBroker newBroker() {
        EmbeddedKafkaKraftBroker broker = new EmbeddedKafkaKraftBroker(1, 3);
        broker.brokerProperty("auto.create.topics.enable", "true");
        broker.brokerProperty("group.initial.rebalance.delay.ms", "0");
        broker.afterPropertiesSet();
        return broker;
    }

    /** Kafka and zonky log every setting at INFO before Spring's logging is configured; tests need none of it. */
    private static void quietInfrastructureLogs() {
        if (LoggerFactory.getILoggerFactory() instanceof LoggerContext context) {
            for (String name : new String[] {"org.apache.kafka", "kafka", "io.zonky", "state.change.logger"}) {
                context.getLogger(name).setLevel(Level.WARN);
            }
        }
    }

    private static void awaitSpringShutdownHooks(Duration atMost) {
        long deadline = System.nanoTime() + atMost.toNanos();
        for (Thread thread : Thread.getAllStackTraces().keySet()) {
            String name = thread.getName();
            if (thread != Thread.currentThread()
                    && (name.equals("SpringApplicationShutdownHook") || name.equals("SpringContextShutdownHook"))) {
                try {
                    thread.join(Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    /**
     * The services connect as a role of their own, neither superuser nor {@code BYPASSRLS}, as in production: the
     * row-level security of every tenant table then binds them in every test. {@link #dataSource()} stays the
     * superuser's, for a test's own setup and inspection.
     */
    private void createServiceRole() {
        execute("CREATE ROLE " + SERVICE_ROLE + " LOGIN PASSWORD '" + SERVICE_PASSWORD
                        + "' NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE",
                "GRANT CREATE ON DATABASE postgres TO " + SERVICE_ROLE);
    }

    /** {@code postgresql://host:port/postgres}, the form {@code platform.database.url} takes. */
    public String databaseUrl() {
        return "postgresql://localhost:" + postgres.getPort() + "/postgres";
    }

    /** The services' role (not a superuser: see {@link #createServiceRole()}). */
    public String databaseUsername() {
        return SERVICE_ROLE;
    }

    public String databasePassword() {
        return SERVICE_PASSWORD;
    }

    public int databasePort() {
        return postgres.getPort();
    }

    public DataSource dataSource() {
        return postgres.getPostgresDatabase();
    }

    public String kafkaBootstrapServers() {
        return kafkaBootstrapServers;
    }

    /** Drops and re-creates {@code schema}, owned by the services' role, so a test class starts from nothing. */
    public void recreateSchema(String schema) {
        execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE", "CREATE SCHEMA " + schema + " AUTHORIZATION "
                + SERVICE_ROLE);
    }

    public void execute(String... statements) {
        try (Connection connection = dataSource().getConnection(); Statement statement = connection.createStatement()) {
            for (String sql : statements) {
                statement.execute(sql);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("SQL failed: " + String.join("; ", statements), e);
        }
    }

    /**
     * The JVM runs its shutdown hooks all at once: the broker and the database go only after the test applications
     * that use them have closed (Spring's own hooks), or their consumers wait out Kafka's close timeout for a
     * coordinator that is gone and the test JVM takes half a minute to exit.
     */
    private void stop() {
        awaitSpringShutdownHooks(Duration.ofSeconds(30));
        kafka.destroy();
        try {
            postgres.close();
        } catch (IOException ignored) {
            // the JVM is exiting
        }
    }
}
