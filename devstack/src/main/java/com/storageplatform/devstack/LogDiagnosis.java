package com.storageplatform.devstack;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Finds the one line of a process log that says why the process failed, so the launcher can report a
 * failure in one line instead of a stack trace.
 */
public final class LogDiagnosis {

    static final int MAX_LENGTH = 300;
    /** Enough for a Spring Boot failure report or a Kafka stack trace, without reading a huge log. */
    private static final int TAIL_BYTES = 256 * 1024;

    private static final Pattern ANSI = Pattern.compile("\u001B\\[[0-9;]*[A-Za-z]");
    private static final Pattern POSTGRES_FATAL = Pattern.compile("\\b(FATAL|PANIC):\\s+(.*)");
    /** FATALs a healthy PostgreSQL logs when a client (such as the health check) connects at the wrong moment. */
    private static final Pattern BENIGN_FATAL = Pattern.compile(
            "the database system is (starting up|shutting down|not yet accepting connections|in recovery mode)"
                    + "|terminating connection due to administrator command|database \"[^\"]*\" does not exist");
    private static final Pattern JVM_LAUNCH_ERROR = Pattern.compile(
            "^(Error: .*|Error occurred during initialization of VM.*|Unrecognized (VM )?option.*"
                    + "|Invalid .*|Could not create the Java Virtual Machine.*|Exception in thread .*)");
    private static final Pattern ERROR_LINE = Pattern.compile("\\b(ERROR|SEVERE)\\b|Exception: ");

    private LogDiagnosis() {
    }

    /** The diagnosis of a log file, or a placeholder when the file is missing or empty. */
    public static String fromFile(Path log) {
        try {
            if (!Files.exists(log)) {
                return "no log was written";
            }
            return diagnose(tail(log)).orElse("the log is empty");
        } catch (IOException e) {
            return "its log cannot be read (" + e.getMessage() + ")";
        }
    }

    /**
     * The most telling line, in this order: Spring Boot's "APPLICATION FAILED TO START" description; a
     * PostgreSQL FATAL or PANIC; the last {@code Caused by:} (the root cause of a stack trace); the devstack's
     * own {@code devstack: error:} line; a JVM launch error; the first ERROR line; the last line.
     */
    public static Optional<String> diagnose(List<String> rawLines) {
        List<String> lines = rawLines.stream().map(l -> ANSI.matcher(l).replaceAll("").strip()).toList();
        return springBootFailureDescription(lines)
                .or(() -> postgresFatal(lines))
                .or(() -> last(lines, l -> l.startsWith("Caused by:"), l -> l.substring("Caused by:".length())))
                .or(() -> last(lines, l -> l.startsWith("devstack: error:"), l -> l.substring("devstack: error:".length())))
                .or(() -> first(lines, l -> JVM_LAUNCH_ERROR.matcher(l).find()))
                .or(() -> first(lines, l -> ERROR_LINE.matcher(l).find()))
                .or(() -> last(lines, l -> !l.isEmpty(), l -> l))
                .map(LogDiagnosis::shorten);
    }

    private static Optional<String> springBootFailureDescription(List<String> lines) {
        int failed = lastIndexOf(lines, "APPLICATION FAILED TO START");
        if (failed < 0) {
            return Optional.empty();
        }
        int description = -1;
        for (int i = failed; i < lines.size(); i++) {
            if (lines.get(i).equals("Description:")) {
                description = i;
                break;
            }
        }
        if (description < 0) {
            return Optional.of("APPLICATION FAILED TO START");
        }
        // The description is the first paragraph after "Description:".
        StringBuilder text = new StringBuilder();
        for (int i = description + 1; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isEmpty()) {
                if (text.length() > 0) {
                    break;
                }
                continue;
            }
            if (line.equals("Action:")) {
                break;
            }
            text.append(text.length() > 0 ? " " : "").append(line);
        }
        return text.length() > 0 ? Optional.of(text.toString()) : Optional.of("APPLICATION FAILED TO START");
    }

    private static Optional<String> postgresFatal(List<String> lines) {
        for (int i = lines.size() - 1; i >= 0; i--) {
            var matcher = POSTGRES_FATAL.matcher(lines.get(i));
            if (matcher.find() && !BENIGN_FATAL.matcher(matcher.group(2)).find()) {
                return Optional.of(matcher.group(1) + ": " + matcher.group(2));
            }
        }
        return Optional.empty();
    }

    private static int lastIndexOf(List<String> lines, String text) {
        for (int i = lines.size() - 1; i >= 0; i--) {
            if (lines.get(i).equals(text)) {
                return i;
            }
        }
        return -1;
    }

    private static Optional<String> last(List<String> lines, java.util.function.Predicate<String> test,
            java.util.function.UnaryOperator<String> extract) {
        for (int i = lines.size() - 1; i >= 0; i--) {
            if (test.test(lines.get(i))) {
                return Optional.of(extract.apply(lines.get(i)).strip());
            }
        }
        return Optional.empty();
    }

    private static Optional<String> first(List<String> lines, java.util.function.Predicate<String> test) {
        return lines.stream().filter(test).findFirst();
    }

    static String shorten(String line) {
        String oneLine = line.replaceAll("\\s+", " ").strip();
        return oneLine.length() <= MAX_LENGTH ? oneLine : oneLine.substring(0, MAX_LENGTH - 3) + "...";
    }

    /** The last {@value #TAIL_BYTES} bytes of the log as lines (the first, probably partial, line dropped). */
    static List<String> tail(Path log) throws IOException {
        try (RandomAccessFile file = new RandomAccessFile(log.toFile(), "r")) {
            long length = file.length();
            long start = Math.max(0, length - TAIL_BYTES);
            byte[] bytes = new byte[(int) (length - start)];
            file.seek(start);
            file.readFully(bytes);
            List<String> lines = new String(bytes, StandardCharsets.UTF_8).lines().toList();
            return start > 0 && !lines.isEmpty() ? lines.subList(1, lines.size()) : lines;
        }
    }
}
