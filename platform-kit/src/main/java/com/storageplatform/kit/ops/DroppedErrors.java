package com.storageplatform.kit.ops;

import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Hooks;

/**
 * An error that arrives after its subscriber has gone (a request cut off by its deadline, a client that hung up,
 * a statement the database cancelled after the transaction was abandoned) has nobody left to act on it. Reactor
 * logs each one at ERROR with its whole stack, as if something had broken; the kit logs it as one WARN line
 * instead, so the logs keep saying what happened without an alarm for every expected cancellation.
 */
public final class DroppedErrors {

    private static final Logger log = LoggerFactory.getLogger(DroppedErrors.class);
    private static final AtomicBoolean installed = new AtomicBoolean();

    private DroppedErrors() {
    }

    /** Installs the hook for the whole process, once (Reactor's hooks add up; each context would add one). */
    public static void install() {
        if (installed.compareAndSet(false, true)) {
            Hooks.onErrorDropped(DroppedErrors::logDropped);
        }
    }

    static void logDropped(Throwable error) {
        log.warn("An error arrived after its request had ended and was dropped: {}", describe(error));
    }

    static String describe(Throwable error) {
        Throwable root = error;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root == error ? error.toString() : error.getClass().getName() + " caused by " + root;
    }
}
