package com.storageplatform.devstack;

import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.DescribeClusterOptions;

/**
 * Whether one process of the stack answers as it should. {@link #problem()} is empty when healthy, otherwise
 * a short reason for {@code status} and for a timeout message.
 */
interface HealthCheck extends AutoCloseable {

    Optional<String> problem();

    @Override
    default void close() {
    }

    /** PostgreSQL accepts a login to the platform database and runs a query. */
    static HealthCheck postgres(Database database) {
        return () -> {
            Properties props = new Properties();
            props.setProperty("user", database.username());
            props.setProperty("password", database.password());
            props.setProperty("connectTimeout", "2");
            props.setProperty("loginTimeout", "3");
            props.setProperty("socketTimeout", "3");
            try (Connection connection = DriverManager.getConnection(database.jdbcUrl(), props);
                    Statement statement = connection.createStatement()) {
                statement.execute("SELECT 1");
                return Optional.empty();
            } catch (SQLException e) {
                String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
                return Optional.of(LogDiagnosis.shorten(message));
            }
        };
    }

    /** The broker answers a DescribeCluster request. One admin client serves every check until closed. */
    static HealthCheck kafka(String bootstrapServers) {
        return new HealthCheck() {
            private Admin admin;

            @Override
            public synchronized Optional<String> problem() {
                try {
                    if (admin == null) {
                        admin = Admin.create(Map.of(
                                AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
                                AdminClientConfig.CLIENT_ID_CONFIG, "devstack-health",
                                AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 2000,
                                AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 3000,
                                AdminClientConfig.RECONNECT_BACKOFF_MAX_MS_CONFIG, 500));
                    }
                    var nodes = admin.describeCluster(new DescribeClusterOptions().timeoutMs(2500))
                            .nodes().get(3, TimeUnit.SECONDS);
                    return nodes.isEmpty() ? Optional.of("no broker registered") : Optional.empty();
                } catch (TimeoutException e) {
                    return Optional.of("no answer from " + bootstrapServers);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return Optional.of("interrupted");
                } catch (Exception e) {
                    Throwable cause = e.getCause() != null ? e.getCause() : e;
                    return Optional.of(LogDiagnosis.shorten(cause.getClass().getSimpleName() + ": " + cause.getMessage()));
                }
            }

            @Override
            public synchronized void close() {
                if (admin != null) {
                    admin.close(Duration.ofSeconds(1));
                    admin = null;
                }
            }
        };
    }

    /** Every path answers 200 (a service: /health and /internal/ready; the gateway: /health). */
    static HealthCheck http(HttpClient client, String baseUrl, List<String> paths) {
        return () -> {
            for (String path : paths) {
                HttpRequest request = HttpRequest.newBuilder(URI.create(baseUrl + path))
                        .timeout(Duration.ofSeconds(4)) // /internal/ready itself waits up to 2 s for the database
                        .GET().build();
                try {
                    int status = client.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
                    if (status != 200) {
                        return Optional.of("GET " + path + " answered " + status);
                    }
                } catch (ConnectException e) {
                    return Optional.of("GET " + path + ": connection refused");
                } catch (HttpTimeoutException e) {
                    return Optional.of("GET " + path + ": no answer within 4 s");
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return Optional.of("interrupted");
                } catch (Exception e) {
                    return Optional.of("GET " + path + ": " + LogDiagnosis.shorten(String.valueOf(e.getMessage())));
                }
            }
            return Optional.empty();
        };
    }

    static HttpClient newHttpClient() {
        // HTTP/1.1: an h2c upgrade attempt would only slow every probe down.
        return HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(2))
                .build();
    }
}
