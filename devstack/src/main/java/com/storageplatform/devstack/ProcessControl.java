package com.storageplatform.devstack;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Starts, finds and stops the stack's processes.
 *
 * <p>Every process is a JVM whose command line carries two markers, {@code -Ddevstack.home=<home>} and
 * {@code -Ddevstack.process=<name>}: a pid (from the pid file, or found by scanning the process table) counts
 * as this stack's only while its command line still carries them, so a reused pid is never signalled.
 */
final class ProcessControl {

    static final String HOME_MARKER = "-Ddevstack.home=";
    static final String PROCESS_MARKER = "-Ddevstack.process=";

    /** util-linux setsid: puts each process in its own session so it outlives the launcher and its terminal. */
    private static final Optional<String> SETSID = findOnPath("setsid");

    private final Path home;
    private final Path logsDir;
    private final Path pidsDir;

    ProcessControl(Path home) {
        this.home = home;
        this.logsDir = home.resolve("logs");
        this.pidsDir = home.resolve("pids");
    }

    Path logFile(String name) {
        return logsDir.resolve(name + ".log");
    }

    Path pidFile(String name) {
        return pidsDir.resolve(name + ".pid");
    }

    /** The markers, to put right after {@code java} so they survive any truncation of the command line. */
    List<String> markers(String name) {
        return List.of(HOME_MARKER + home, PROCESS_MARKER + name);
    }

    /**
     * Starts a process detached from the launcher: own session, stdin from /dev/null, stdout and stderr
     * appended to its log (the previous run's log is kept as {@code <name>.log.1}). Records its pid.
     */
    Process start(ProcessSpec spec, Path workingDir) {
        try {
            Files.createDirectories(logsDir);
            Files.createDirectories(pidsDir);
            Path log = logFile(spec.name());
            if (Files.exists(log) && Files.size(log) > 0) {
                Files.move(log, logsDir.resolve(spec.name() + ".log.1"), StandardCopyOption.REPLACE_EXISTING);
            }
            List<String> command = new ArrayList<>();
            SETSID.ifPresent(command::add);
            command.addAll(spec.command());
            ProcessBuilder builder = new ProcessBuilder(command)
                    .directory(workingDir.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
            builder.environment().putAll(spec.environment());
            Process process = builder.start();
            writePid(spec.name(), process.pid());
            return process;
        } catch (IOException e) {
            throw new DevStackException("cannot start " + spec.name() + ": " + e.getMessage(), e);
        }
    }

    /** Runs a short helper command to completion, its output appended to the given log. */
    int runToCompletion(List<String> command, Path log, Path workingDir, Duration timeout) {
        try {
            Files.createDirectories(log.getParent());
            Process process = new ProcessBuilder(command)
                    .directory(workingDir.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .start();
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                return -1;
            }
            return process.exitValue();
        } catch (IOException e) {
            throw new DevStackException("cannot run " + command.get(0) + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DevStackException("interrupted");
        }
    }

    /** This stack's running processes by name: the pid files first, then any marked process without one. */
    Map<String, ProcessHandle> running() {
        Map<String, ProcessHandle> found = new LinkedHashMap<>();
        for (String name : Services.PROCESS_NAMES) {
            readPid(name).flatMap(ProcessHandle::of)
                    .filter(handle -> name.equals(markedName(handle).orElse(null)))
                    .ifPresent(handle -> found.put(name, handle));
        }
        // A process whose pid file was lost (a launcher killed between start and write) is still ours.
        ProcessHandle.allProcesses().forEach(handle -> markedName(handle)
                .filter(name -> !found.containsKey(name))
                .ifPresent(name -> found.put(name, handle)));
        return found;
    }

    Optional<ProcessHandle> running(String name) {
        return Optional.ofNullable(running().get(name));
    }

    /** The process name in a live process's markers, if it belongs to this stack. */
    private Optional<String> markedName(ProcessHandle handle) {
        if (!handle.isAlive()) {
            return Optional.empty();
        }
        List<String> args = commandLine(handle);
        if (!args.contains(HOME_MARKER + home)) {
            return Optional.empty();
        }
        return args.stream().filter(a -> a.startsWith(PROCESS_MARKER))
                .map(a -> a.substring(PROCESS_MARKER.length())).findFirst();
    }

    /** The full command line: /proc on Linux (exact, untruncated), the JDK's view elsewhere. */
    static List<String> commandLine(ProcessHandle handle) {
        Path procCmdline = Path.of("/proc", Long.toString(handle.pid()), "cmdline");
        try {
            if (Files.isReadable(procCmdline)) {
                String raw = new String(Files.readAllBytes(procCmdline), StandardCharsets.UTF_8);
                return Arrays.asList(raw.split("\0"));
            }
        } catch (IOException e) {
            return List.of(); // it exited while we looked
        }
        List<String> args = new ArrayList<>();
        handle.info().command().ifPresent(args::add);
        handle.info().arguments().ifPresent(a -> args.addAll(Arrays.asList(a)));
        return args;
    }

    /**
     * Stops a process: SIGTERM, up to {@code grace} to exit, then SIGKILL for it and for every descendant it
     * had when asked to stop.
     *
     * @return false when the process had to be killed
     */
    static boolean stop(ProcessHandle handle, Duration grace) {
        List<ProcessHandle> family = new ArrayList<>(handle.descendants().toList());
        handle.destroy();
        boolean graceful = awaitExit(handle, grace);
        if (!graceful) {
            handle.destroyForcibly();
            awaitExit(handle, Duration.ofSeconds(5));
        }
        // Children left behind (reparented when their parent died) go too.
        family.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
        return graceful;
    }

    /** SIGINT, which ProcessHandle cannot send: through kill(1), else SIGTERM. */
    static void interrupt(ProcessHandle handle) {
        try {
            Process kill = new ProcessBuilder("kill", "-INT", Long.toString(handle.pid()))
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (kill.waitFor(5, TimeUnit.SECONDS) && kill.exitValue() == 0) {
                return;
            }
        } catch (IOException e) {
            // no kill(1) on PATH
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        handle.destroy();
    }

    static boolean awaitExit(ProcessHandle handle, Duration timeout) {
        try {
            handle.onExit().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            return true;
        } catch (TimeoutException e) {
            return false;
        } catch (ExecutionException e) {
            return !handle.isAlive();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return !handle.isAlive();
        }
    }

    void removePid(String name) {
        try {
            Files.deleteIfExists(pidFile(name));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    Optional<Long> readPid(String name) {
        try {
            Path file = pidFile(name);
            if (!Files.exists(file)) {
                return Optional.empty();
            }
            return Optional.of(Long.parseLong(Files.readString(file).trim()));
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    private void writePid(String name, long pid) throws IOException {
        Path temp = Files.createTempFile(pidsDir, name, ".tmp");
        Files.writeString(temp, pid + "\n");
        Files.move(temp, pidFile(name), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /**
     * Whether a port can be listened on. Binds the wildcard address, as Spring Boot does, so a listener on
     * 127.0.0.1 or on any other interface counts as taken.
     */
    static boolean isFree(int port) {
        try (ServerSocket socket = new ServerSocket()) {
            socket.setReuseAddress(true); // a port in TIME_WAIT after a stop is free for the next start
            socket.bind(new InetSocketAddress((InetAddress) null, port));
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static Optional<String> findOnPath(String program) {
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        return Arrays.stream(path.split(File.pathSeparator))
                .map(dir -> Path.of(dir, program))
                .filter(Files::isExecutable)
                .map(Path::toString)
                .findFirst();
    }
}
