package com.storageplatform.devstack;

import java.util.List;
import java.util.Map;

/**
 * How to run one process of the stack.
 *
 * @param name        process name: log file {@code logs/<name>.log}, pid file {@code pids/<name>.pid}
 * @param ports       ports it listens on, checked before it starts
 * @param command     the command line (a JVM; the devstack markers are added by {@link ProcessControl})
 * @param environment variables added to the launcher's own environment
 */
public record ProcessSpec(String name, List<Integer> ports, List<String> command, Map<String, String> environment) {

    public ProcessSpec {
        ports = List.copyOf(ports);
        command = List.copyOf(command);
        environment = Map.copyOf(environment);
    }

    /** The port shown by {@code status}: the first one. */
    public int port() {
        return ports.get(0);
    }
}
