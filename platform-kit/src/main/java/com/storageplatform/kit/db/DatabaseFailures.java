package com.storageplatform.kit.db;

import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.R2dbcNonTransientResourceException;
import java.net.ConnectException;
import java.util.Set;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.util.ClassUtils;

/**
 * What a failure says about the database, read from the driver's exception however Spring wrapped it: whether the
 * database could not be reached at all (an outage), and the SQLSTATE it answered with. Safe where there is no driver
 * (the gateway): the driver's types are touched only where they are on the classpath.
 */
public final class DatabaseFailures {

    /** Shut down by an administrator, crashed, or still starting up (class 57P); class 08 is any connection fault. */
    private static final Set<String> UNAVAILABLE_STATES = Set.of("57P01", "57P02", "57P03");
    private static final int MAX_CAUSES = 16;

    private DatabaseFailures() {
    }

    /**
     * The database could not be reached (down, restarting, starting up, a connection cut), rather than refusing the
     * work. Such a failure says nothing about the request or the event: a client is told to retry (503), and a
     * consumer waits for the database instead of counting it against the event. False where there is no driver.
     */
    public static boolean isOutage(Throwable failure) {
        return Drivers.PRESENT && Drivers.isOutage(failure);
    }

    /** The SQLSTATE PostgreSQL answered with (the {@code DataAccessException} Spring picks varies), or empty. */
    public static String sqlState(Throwable failure) {
        return Drivers.PRESENT ? Drivers.sqlState(failure) : "";
    }

    /** The driver's types, touched only where the driver is on the classpath. */
    private static final class Drivers {

        static final boolean PRESENT = ClassUtils.isPresent("io.r2dbc.spi.R2dbcException", null)
                && ClassUtils.isPresent("org.springframework.dao.DataAccessResourceFailureException", null);

        static boolean isOutage(Throwable failure) {
            Throwable cause = failure;
            for (int depth = 0; cause != null && depth < MAX_CAUSES; depth++, cause = cause.getCause()) {
                if (cause instanceof DataAccessResourceFailureException || cause instanceof ConnectException
                        || cause instanceof R2dbcNonTransientResourceException) {
                    return true;
                }
            }
            String state = sqlState(failure);
            return state.startsWith("08") || UNAVAILABLE_STATES.contains(state);
        }

        static String sqlState(Throwable failure) {
            Throwable cause = failure;
            for (int depth = 0; cause != null && depth < MAX_CAUSES; depth++, cause = cause.getCause()) {
                if (cause instanceof R2dbcException r2dbc) {
                    return r2dbc.getSqlState() == null ? "" : r2dbc.getSqlState();
                }
            }
            return "";
        }
    }
}
