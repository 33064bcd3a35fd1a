package com.storageplatform.kit.testsupport;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.LifecycleMethodExecutionExceptionHandler;
import org.junit.jupiter.api.extension.TestExecutionExceptionHandler;

/**
 * When a test, or its {@code @BeforeEach}/{@code @AfterEach}, fails because something did not answer in time (a
 * request past the client's timeout, a {@code block} past its limit, an {@link ResourceApi#eventually} that never
 * held), prints every thread's stack and, when this
 * JVM runs the shared PostgreSQL, what each session is doing or waiting for, before passing the failure on:
 * whatever was still stuck shows where, instead of a bare timeout. Tests without a database (the gateway's) use it
 * too.
 */
public final class ThreadDumpOnTimeout implements TestExecutionExceptionHandler,
        LifecycleMethodExecutionExceptionHandler {

    @Override
    public void handleBeforeEachMethodExecutionException(ExtensionContext context, Throwable failure)
            throws Throwable {
        handleTestExecutionException(context, failure);
    }

    @Override
    public void handleAfterEachMethodExecutionException(ExtensionContext context, Throwable failure)
            throws Throwable {
        handleTestExecutionException(context, failure);
    }

    @Override
    public void handleTestExecutionException(ExtensionContext context, Throwable failure) throws Throwable {
        if (isTimeout(failure)) {
            StringBuilder dump = new StringBuilder("Thread dump after " + context.getDisplayName() + " timed out:\n");
            for (ThreadInfo thread : ManagementFactory.getThreadMXBean().dumpAllThreads(true, true)) {
                dump.append('"').append(thread.getThreadName()).append("\" ").append(thread.getThreadState());
                if (thread.getLockName() != null) {
                    dump.append(" on ").append(thread.getLockName());
                }
                dump.append('\n');
                for (StackTraceElement frame : thread.getStackTrace()) {
                    dump.append("    at ").append(frame).append('\n');
                }
            }
            dump.append(databaseSessions());
            System.out.println(dump);
        }
        throw failure;
    }

    /** The shared PostgreSQL's sessions: a query waiting on a lock, or a transaction left open, shows here. */
    private static String databaseSessions() {
        if (PlatformInfrastructure.ifStarted().isEmpty()) {
            return "";
        }
        StringBuilder sessions = new StringBuilder("PostgreSQL sessions (pid, state, wait, transaction start, query):\n");
        try (Connection connection = PlatformInfrastructure.get().dataSource().getConnection();
             Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("""
                     SELECT pid, state, wait_event_type, wait_event, xact_start, left(query, 300) AS query
                     FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()
                     ORDER BY xact_start NULLS LAST""")) {
            while (rows.next()) {
                sessions.append("    ").append(rows.getInt("pid")).append(' ').append(rows.getString("state"))
                        .append(' ').append(rows.getString("wait_event_type")).append('/')
                        .append(rows.getString("wait_event")).append(' ').append(rows.getString("xact_start"))
                        .append(' ').append(rows.getString("query").replaceAll("\\s+", " ")).append('\n');
            }
        } catch (Exception e) {
            sessions.append("    (could not be read: ").append(e.getMessage()).append(")\n");
        }
        return sessions.toString();
    }

    static boolean isTimeout(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            // ResourceApi.eventually's failure too: a background loop that never got to the work is a hang to see.
            if (cause instanceof TimeoutException
                    || String.valueOf(cause.getMessage()).startsWith("Timeout on blocking read")
                    || String.valueOf(cause.getMessage()).contains(ResourceApi.EVENTUALLY_TIMED_OUT)) {
                return true;
            }
        }
        return false;
    }
}
