package com.storageplatform.deploy.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The settings the deployed services read, found in their sources and in the kit's (which every service runs):
 * <ul>
 * <li>the components of {@code @ConfigurationProperties} records whatever their prefix ({@code platform.*}, and a
 * service's own such as {@code billing.providers.*} and {@code crm.messages.*}), nested records followed and a Map's
 * keys standing for any one word ({@code platform.services.*.url});</li>
 * <li>the keys under {@code platform} in each {@code application.yml};</li>
 * <li>{@code platform.*} property names written as string literals (Environment look-ups, {@code @Value},
 * conditions).</li>
 * </ul>
 * The kit's {@code testsupport} package is left out: it sets properties for tests rather than reading them.
 */
public final class ServiceSettings {

    private static final Pattern CONFIGURATION_PROPERTIES = Pattern.compile(
            "@ConfigurationProperties\\s*\\(\\s*(?:(?:prefix|value)\\s*=\\s*)?\"([^\"]+)\"\\s*\\)");
    private static final Pattern DECLARATION = Pattern.compile("\\b(record|class|interface)\\s+(\\w+)");
    private static final Pattern RECORD = Pattern.compile("\\brecord\\s+(\\w+)\\s*\\(");
    private static final Pattern MAP_OF_STRING = Pattern.compile("(?:java\\.util\\.)?Map<\\s*String\\s*,\\s*(.+)>");
    private static final Pattern ANNOTATION = Pattern.compile("@[\\w.]+(\\([^)]*\\))?");
    private static final Pattern LITERAL = Pattern.compile("\"(?:\\$\\{)?(platform(?:\\.[a-z0-9-]+)+)");
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private final Set<String> properties;
    private final List<Pattern> variables;

    private ServiceSettings(Set<String> properties) {
        this.properties = properties;
        this.variables = properties.stream().map(ServiceSettings::variablePattern).toList();
    }

    /** Reads the sources of the deployed services and the kit under the repository root. */
    public static ServiceSettings read(Path root) throws IOException {
        List<Path> modules = new ArrayList<>();
        modules.add(root.resolve("platform-kit"));
        PlatformServices.ALL.forEach(service -> modules.add(root.resolve(service)));
        Set<String> properties = new TreeSet<>();
        for (Path module : modules) {
            Path main = module.resolve("src/main");
            if (!Files.isDirectory(main)) {
                throw new IllegalStateException("No sources at " + main);
            }
            List<Path> files;
            try (Stream<Path> walk = Files.walk(main)) {
                files = walk.filter(Files::isRegularFile)
                        .filter(file -> !file.toString().contains("/testsupport/")).toList();
            }
            Map<String, List<Component>> records = new HashMap<>();
            Map<Path, String> sources = new HashMap<>();
            for (Path file : files) {
                String name = file.getFileName().toString();
                if (name.endsWith(".java")) {
                    String source = Files.readString(file);
                    sources.put(file, source);
                    records.putAll(records(withoutComments(source)));
                } else if (name.matches("application(-[\\w-]+)?\\.ya?ml")) {
                    JsonNode platform = YAML.readTree(file.toFile()).path("platform");
                    if (!platform.isMissingNode()) {
                        flatten(platform, "platform", properties);
                    }
                }
            }
            for (Map.Entry<Path, String> source : sources.entrySet()) {
                configurationProperties(source.getKey(), source.getValue(), records, properties);
                Matcher literal = LITERAL.matcher(source.getValue());
                while (literal.find()) {
                    properties.add(literal.group(1));
                }
            }
        }
        return new ServiceSettings(properties);
    }

    /** Whether an environment variable binds (by Spring's relaxed binding) to a setting a service reads. */
    public boolean reads(String variable) {
        return variables.stream().anyMatch(pattern -> pattern.matcher(variable).matches());
    }

    /** The settings, as property names; {@code *} stands for a Map key. */
    public Set<String> properties() {
        return properties;
    }

    private record Component(String type, String name) {
    }

    /** PLATFORM_RATE_LIMITS_LIVE_PER_SECOND for platform.rate-limits.live.per-second; a Map key is one word. */
    private static Pattern variablePattern(String property) {
        StringBuilder regex = new StringBuilder();
        for (String part : property.split("\\.")) {
            if (!regex.isEmpty()) {
                regex.append('_');
            }
            regex.append(part.equals("*") ? "[A-Z0-9]+"
                    : Pattern.quote(part.replace('-', '_').toUpperCase(Locale.ROOT)));
        }
        return Pattern.compile(regex.toString());
    }

    private static void configurationProperties(Path file, String source, Map<String, List<Component>> moduleRecords,
            Set<String> properties) {
        Map<String, List<Component>> ownRecords = records(withoutComments(source));
        Matcher annotation = CONFIGURATION_PROPERTIES.matcher(source);
        while (annotation.find()) {
            Matcher declaration = DECLARATION.matcher(source);
            if (!declaration.find(annotation.end()) || !declaration.group(1).equals("record")) {
                throw new IllegalStateException("@ConfigurationProperties on something other than a record in " + file
                        + ": teach ServiceSettings to read it");
            }
            expand(annotation.group(1), declaration.group(2), ownRecords, moduleRecords, properties, 0);
        }
    }

    /** Adds the property names of a record's components under a prefix, nested records followed. */
    private static void expand(String prefix, String record, Map<String, List<Component>> own,
            Map<String, List<Component>> module, Set<String> properties, int depth) {
        List<Component> components = own.containsKey(record) ? own.get(record) : module.get(record);
        if (components == null || depth > 8) {
            properties.add(prefix);
            return;
        }
        for (Component component : components) {
            String path = prefix + "." + kebab(component.name());
            String type = component.type();
            Matcher map = MAP_OF_STRING.matcher(type);
            if (map.matches()) {
                path += ".*";
                type = map.group(1).trim();
            }
            String simple = type.substring(type.lastIndexOf('.') + 1);
            if (own.containsKey(simple) || module.containsKey(simple)) {
                expand(path, simple, own, module, properties, depth + 1);
            } else {
                properties.add(path);
            }
        }
    }

    /** Every record declared in a source (nested ones too), by simple name, with its components. */
    private static Map<String, List<Component>> records(String source) {
        Map<String, List<Component>> records = new HashMap<>();
        Matcher record = RECORD.matcher(source);
        while (record.find()) {
            int depth = 1;
            int end = record.end();
            while (depth > 0) {
                char c = source.charAt(end++);
                depth += c == '(' ? 1 : c == ')' ? -1 : 0;
            }
            String header = ANNOTATION.matcher(source.substring(record.end(), end - 1)).replaceAll(" ");
            List<Component> components = new ArrayList<>();
            for (String component : splitTopLevel(header)) {
                String trimmed = component.trim().replaceAll("\\bfinal\\s+", "");
                if (trimmed.isEmpty()) {
                    continue;
                }
                int space = trimmed.lastIndexOf(' ');
                components.add(new Component(trimmed.substring(0, space).trim(), trimmed.substring(space + 1)));
            }
            records.put(record.group(1), components);
        }
        return records;
    }

    /** Splits at the commas that are not inside type arguments. */
    private static List<String> splitTopLevel(String header) {
        List<String> parts = new ArrayList<>();
        int depth = 0;
        int start = 0;
        for (int i = 0; i < header.length(); i++) {
            char c = header.charAt(i);
            if (c == '<') {
                depth++;
            } else if (c == '>') {
                depth--;
            } else if (c == ',' && depth == 0) {
                parts.add(header.substring(start, i));
                start = i + 1;
            }
        }
        parts.add(header.substring(start));
        return parts;
    }

    private static String withoutComments(String source) {
        return source.replaceAll("(?s)/\\*.*?\\*/", " ").replaceAll("(?m)^\\s*//.*$", " ");
    }

    private static String kebab(String camel) {
        return camel.replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase(Locale.ROOT);
    }

    private static void flatten(JsonNode node, String path, Set<String> properties) {
        if (node.isObject() && !node.isEmpty()) {
            node.fieldNames().forEachRemaining(name -> flatten(node.get(name), path + "." + name, properties));
        } else {
            properties.add(path);
        }
    }
}
