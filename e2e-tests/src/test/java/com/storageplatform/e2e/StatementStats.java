package com.storageplatform.e2e;

import com.storageplatform.devstack.Database;
import com.storageplatform.devstack.PostgresProcess;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * The statements every service sent PostgreSQL during a measured phase, from {@code pg_stat_statements}: how many
 * a request set off, and which, most frequent first. Only when the devstack's PostgreSQL was started with
 * {@code DEVSTACK_STATEMENT_STATS=1} (it loads the extension then); otherwise {@link #on} is false and nothing is
 * read. Reads as the embedded server's superuser, which zonky's {@code initdb} trusts on loopback.
 */
final class StatementStats {

    private static final int SHOWN = 90;

    private StatementStats() {
    }

    static boolean on() {
        return "1".equals(System.getenv(PostgresProcess.STATEMENT_STATS));
    }

    /** Forgets what was counted so far (the setup and the warm-up). */
    static void reset(Database database) {
        try (Connection connection = superuser(database); Statement statement = connection.createStatement()) {
            statement.execute("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
            statement.execute("SELECT pg_stat_statements_reset()");
        } catch (SQLException e) {
            throw new IllegalStateException("cannot reset pg_stat_statements: " + e.getMessage(), e);
        }
    }

    /** Lines: the statements per request in all, then the most frequent, each per request and its mean time. */
    static List<String> perRequest(Database database, long requests) {
        List<String> lines = new ArrayList<>();
        try (Connection connection = superuser(database); Statement statement = connection.createStatement();
             ResultSet total = statement.executeQuery("""
                     SELECT sum(calls), sum(total_exec_time) FROM pg_stat_statements
                     WHERE query NOT LIKE '%pg_stat_statements%'
                     """)) {
            total.next();
            lines.add(String.format("statements: %.1f per request, %.2f ms of execution per request",
                    total.getLong(1) / (double) requests, total.getDouble(2) / requests));
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read pg_stat_statements: " + e.getMessage(), e);
        }
        try (Connection connection = superuser(database); Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("""
                     SELECT calls, mean_exec_time, regexp_replace(query, '\\s+', ' ', 'g')
                     FROM pg_stat_statements WHERE query NOT LIKE '%pg_stat_statements%'
                     ORDER BY calls DESC LIMIT\s""" + SHOWN)) {
            while (rows.next()) {
                String query = rows.getString(3);
                lines.add(String.format("statement: %6.2f per request, %.3f ms: %s", rows.getLong(1)
                        / (double) requests, rows.getDouble(2), query.length() > 160 ? query.substring(0, 160)
                        : query));
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read pg_stat_statements: " + e.getMessage(), e);
        }
        return lines;
    }

    private static Connection superuser(Database database) throws SQLException {
        return DriverManager.getConnection("jdbc:postgresql://" + database.host() + ":" + database.port() + "/"
                + database.name(), "postgres", "");
    }
}
