package com.storageplatform.kit.db;

import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.R2dbcNonTransientResourceException;
import java.net.ConnectException;
import java.util.Set;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.util.ClassUtils;

/**
 * Whether a failure means the database could not be reached (down, restarting, starting up, a connection cut), not
 * that it refused the work. Such a failure says nothing about the request or the event: a client is told to retry
 * (503), and a consumer waits for the database instead of counting it against the event.
 */
public final class DatabaseOutage {

    /** Shut down by an administrator, crashed, or still starting up (class 57P); class 08 is any connection fault. */
    private static final Set<String> UNAVAILABLE_STATES = Set.of("57P01", "57P02", "57P03");
    private static final int MAX_CAUSES = 10;

    private DatabaseOutage() {
    }

    /** False where there is no database driver (the gateway): nothing there can be an outage of one. */
    public static boolean is(Throwable failure) {
        return Drivers.PRESENT && Drivers.isOutage(failure);
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
                if (cause instanceof R2dbcException r2dbc && r2dbc.getSqlState() != null
                        && (r2dbc.getSqlState().startsWith("08")
                                || UNAVAILABLE_STATES.contains(r2dbc.getSqlState()))) {
                    return true;
                }
            }
            return false;
        }
    }
}
