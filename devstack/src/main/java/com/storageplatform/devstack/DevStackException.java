package com.storageplatform.devstack;

/**
 * An expected failure of the devstack (a port in use, a process that exited during start, a timeout). The
 * message is one line, fit to print after {@code platform: error: }.
 */
public class DevStackException extends RuntimeException {

    public DevStackException(String message) {
        super(message);
    }

    public DevStackException(String message, Throwable cause) {
        super(message, cause);
    }
}
