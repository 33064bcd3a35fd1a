package com.storageplatform.e2e;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The CPU time every process of the machine has used, by what it is (a platform jar, PostgreSQL, Keycloak, Kafka,
 * this harness), read from Linux's {@code /proc}: two snapshots around a measured phase give the CPU a request
 * cost in each process. Wall-clock throughput on a shared two-core machine moves by a sixth between runs; the CPU
 * per request moves less, and says where it went. Empty where there is no {@code /proc}.
 */
final class ProcessCpu {

    /** Clock ticks per second of {@code /proc/<pid>/stat}: 100 on every Linux the platform runs on. */
    private static final double TICKS = 100.0;
    private static final Pattern JAR = Pattern.compile("([a-z-]+)\\.jar(\\s|$)");
    private static final long HARNESS = ProcessHandle.current().pid();

    private ProcessCpu() {
    }

    /** Seconds of CPU (user and system) each kind of process has used so far. */
    static Map<String, Double> snapshot() {
        Map<String, Double> seconds = new HashMap<>();
        try (Stream<Path> processes = Files.list(Path.of("/proc"))) {
            processes.filter(p -> p.getFileName().toString().chars().allMatch(Character::isDigit)).forEach(p -> {
                try {
                    String kind = kind(Long.parseLong(p.getFileName().toString()),
                            new String(Files.readAllBytes(p.resolve("cmdline")), StandardCharsets.UTF_8)
                                    .replace('\0', ' '));
                    if (kind != null) {
                        String stat = Files.readString(p.resolve("stat"));
                        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                        seconds.merge(kind, (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) / TICKS,
                                Double::sum);
                    }
                } catch (IOException | RuntimeException gone) {
                    // The process ended while it was read.
                }
            });
        } catch (IOException noProc) {
            return Map.of();
        }
        return seconds;
    }

    private static String kind(long pid, String command) {
        if (pid == HARNESS) {
            return "harness";
        }
        Matcher jar = JAR.matcher(command);
        if (command.contains("-jar ") && jar.find()) {
            return jar.group(1);
        }
        if (command.startsWith("postgres") || command.contains("/bin/postgres")) {
            return "postgresql";
        }
        if (command.contains("keycloak")) {
            return "keycloak";
        }
        return command.contains("kafka") ? "kafka" : null;
    }

    /**
     * One line: the CPU per {@code unit} (a request, a plan) over all processes between the snapshots, and each
     * kind's share, largest first.
     */
    static String per(Map<String, Double> before, Map<String, Double> after, double seconds, long requests,
            String unit) {
        if (after.isEmpty()) {
            return "cpu: not measured (no /proc)";
        }
        if (requests == 0) {
            return "cpu: not measured (no " + unit + ")";
        }
        Map<String, Double> used = new TreeMap<>();
        after.forEach((kind, total) -> used.put(kind, total - before.getOrDefault(kind, 0.0)));
        double usedSeconds = used.values().stream().mapToDouble(Double::doubleValue).sum();
        StringBuilder line = new StringBuilder(String.format("cpu: %.1f ms per %s over every process (%.0f%% of "
                + "a core over %.1f s)", usedSeconds * 1000 / requests, unit, usedSeconds * 100 / seconds, seconds));
        used.entrySet().stream().sorted(Map.Entry.<String, Double>comparingByValue().reversed())
                .forEach(kind -> line.append(String.format("; %s %.2f", kind.getKey(),
                        kind.getValue() * 1000 / requests)));
        return line.toString();
    }
}
