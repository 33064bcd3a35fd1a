package com.storageplatform.e2e;

import com.storageplatform.devstack.Database;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * What the devstack's database (every service shares it) has committed and flushed so far: transactions committed
 * in it, and flushes of PostgreSQL's write-ahead log to disk ({@code pg_stat_wal.wal_sync}, each a wait on the
 * disk). Fewer statements are a gain only when they do not add commits: two writes outside a transaction are two
 * commits and, with {@code synchronous_commit} on, two flushes (ADR 0037).
 */
record DatabaseWork(long commits, long walFlushes) {

    static DatabaseWork of(Database database) {
        try (Connection connection = DriverManager.getConnection("jdbc:postgresql://" + database.host() + ":"
                + database.port() + "/" + database.name(), database.username(), database.password());
             ResultSet row = connection.createStatement().executeQuery("""
                     SELECT (SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()),
                            (SELECT wal_sync FROM pg_stat_wal)
                     """)) {
            row.next();
            return new DatabaseWork(row.getLong(1), row.getLong(2));
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read the database's statistics: " + e.getMessage(), e);
        }
    }

    DatabaseWork since(DatabaseWork before) {
        return new DatabaseWork(commits - before.commits, walFlushes - before.walFlushes);
    }

    /** The line the journeys print: per request (or per plan), what the whole database committed and flushed. */
    String per(long count, String what) {
        return String.format("database: %.2f commits and %.2f write-ahead log flushes per %s (%d and %d in all, the "
                + "whole database)", commits / (double) Math.max(1, count), walFlushes / (double) Math.max(1, count),
                what, commits, walFlushes);
    }
}
