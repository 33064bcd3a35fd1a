package com.storageplatform.devstack;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The parsed command line of {@code ./platform}. Options may come before or after the command; both
 * {@code --opt value} and {@code --opt=value} are accepted.
 *
 * @param command      up, down, status, logs, stop, start or help
 * @param basePort     {@code --base-port}, null when not given
 * @param home         {@code --home}, null when not given
 * @param only         {@code --only}, null when not given
 * @param name         the process named after {@code logs}, {@code stop} or {@code start}; for logs, null
 *                     lists the logs
 * @param lines        {@code logs -n}
 * @param requestBuild hidden, used by ./platform: exit with {@link PlatformCommand#EXIT_BUILD_NEEDED} instead
 *                     of failing when jars are missing, so the script builds them and runs again
 */
record PlatformOptions(String command, Integer basePort, Path home, boolean fresh, String only,
        Integer timeoutSeconds, String name, boolean follow, int lines, boolean requestBuild) {

    static final Set<String> COMMANDS = Set.of("up", "down", "status", "logs", "stop", "start", "help");
    static final int DEFAULT_LOG_LINES = 50;

    /** A command line that cannot be understood; the message is one line. */
    static final class UsageException extends IllegalArgumentException {
        UsageException(String message) {
            super(message);
        }
    }

    static PlatformOptions parse(String... args) {
        String command = null;
        Integer basePort = null;
        Path home = null;
        boolean fresh = false;
        String only = null;
        Integer timeout = null;
        String name = null;
        boolean follow = false;
        Integer lines = null;
        boolean requestBuild = false;

        List<String> words = new ArrayList<>();
        for (String arg : args) {
            // --opt=value is split into --opt value
            if (arg.startsWith("--") && arg.contains("=")) {
                words.add(arg.substring(0, arg.indexOf('=')));
                words.add(arg.substring(arg.indexOf('=') + 1));
            } else {
                words.add(arg);
            }
        }
        for (int i = 0; i < words.size(); i++) {
            String word = words.get(i);
            switch (word) {
                case "-h", "--help" -> command = "help";
                case "--fresh" -> fresh = true;
                case "-f", "--follow" -> follow = true;
                case "--request-build" -> requestBuild = true;
                case "--base-port" -> basePort = number(word, value(words, i++));
                case "--home" -> home = Path.of(value(words, i++));
                case "--only" -> only = value(words, i++);
                case "--timeout" -> timeout = number(word, value(words, i++));
                case "-n", "--lines" -> lines = number(word, value(words, i++));
                default -> {
                    if (word.startsWith("-")) {
                        throw new UsageException("unknown option '" + word + "' (see ./platform --help)");
                    }
                    if (command == null) {
                        if (!COMMANDS.contains(word)) {
                            throw new UsageException("unknown command '" + word + "' (see ./platform --help)");
                        }
                        command = word;
                    } else if (Set.of("logs", "stop", "start").contains(command) && name == null) {
                        name = word;
                    } else if (!command.equals("help")) {
                        throw new UsageException("unexpected argument '" + word + "' (see ./platform --help)");
                    }
                }
            }
        }
        if (command == null) {
            throw new UsageException("no command given (see ./platform --help)");
        }
        if ((command.equals("stop") || command.equals("start")) && name == null) {
            throw new UsageException(command + " needs a process name, e.g. ./platform " + command + " gateway");
        }
        if (fresh && !command.equals("up")) {
            throw new UsageException("--fresh goes with up");
        }
        if (only != null && !command.equals("up")) {
            throw new UsageException("--only goes with up");
        }
        if (timeout != null && !command.equals("up") && !command.equals("start")) {
            throw new UsageException("--timeout goes with up and start");
        }
        if ((follow || lines != null) && !command.equals("logs")) {
            throw new UsageException((follow ? "--follow" : "--lines") + " goes with logs");
        }
        if (timeout != null && timeout <= 0) {
            throw new UsageException("--timeout must be a positive number of seconds");
        }
        if (basePort != null) {
            try {
                new Ports(basePort);
            } catch (IllegalArgumentException e) {
                throw new UsageException(e.getMessage());
            }
        }
        return new PlatformOptions(command, basePort, home, fresh, only, timeout, name, follow,
                lines == null ? DEFAULT_LOG_LINES : lines, requestBuild);
    }

    private static String value(List<String> words, int optionIndex) {
        if (optionIndex + 1 >= words.size()) {
            throw new UsageException(words.get(optionIndex) + " needs a value");
        }
        return words.get(optionIndex + 1);
    }

    private static int number(String option, String value) {
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new UsageException(option + " needs a number, not '" + value + "'");
        }
    }
}
