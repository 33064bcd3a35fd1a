package com.storageplatform.webhooks.payload;

import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The webhook payload versions. Events are stored in the version current when they arrived; an endpoint pinned to
 * an older version gets its payload rewritten through each older version in turn, newest first, so every change
 * is written once, as the step from one version to the one before it.
 */
public final class ApiVersions {

    /** The version new endpoints get and every event is stored in. */
    public static final String LATEST = "2026-11-01";

    private static final Pattern DATE = Pattern.compile("\\d{4}-\\d{2}-\\d{2}");

    private final List<PayloadVersion> older;

    /**
     * Checked at start-up, so a bad version stops the service rather than a delivery: each is a real
     * {@code YYYY-MM-DD} date (versions are ordered by comparing their text, and clients send them back), older than
     * {@link #LATEST}, and declared once.
     */
    public ApiVersions(List<PayloadVersion> olderVersions) {
        Set<String> seen = new HashSet<>();
        for (PayloadVersion version : olderVersions) {
            if (!isDate(version.version())) {
                throw new IllegalStateException("Payload version " + version.version() + " of "
                        + version.getClass().getName() + " is not a YYYY-MM-DD date");
            }
            if (version.version().compareTo(LATEST) >= 0) {
                throw new IllegalStateException("Payload version " + version.version() + " is not older than " + LATEST);
            }
            if (!seen.add(version.version())) {
                throw new IllegalStateException("Payload version " + version.version() + " is declared twice");
            }
        }
        List<PayloadVersion> sorted = new ArrayList<>(olderVersions);
        sorted.sort(Comparator.comparing(PayloadVersion::version).reversed());
        this.older = List.copyOf(sorted);
    }

    private static boolean isDate(String version) {
        if (version == null || !DATE.matcher(version).matches()) {
            return false;
        }
        try {
            LocalDate.parse(version);
            return true;
        } catch (DateTimeParseException e) {
            return false;
        }
    }

    /** Every version, newest first. */
    public List<String> all() {
        List<String> all = new ArrayList<>(List.of(LATEST));
        older.forEach(version -> all.add(version.version()));
        return all;
    }

    public boolean isKnown(String version) {
        return all().contains(version);
    }

    /** {@code data}, stored in {@code from}, in the shape of {@code to}. */
    public JsonNode render(String eventType, JsonNode data, String from, String to) {
        if (from.equals(to) || !(data instanceof ObjectNode object)) {
            return data;
        }
        ObjectNode shaped = object.deepCopy();
        for (PayloadVersion version : older) {
            if (version.version().compareTo(from) >= 0) {
                continue;
            }
            if (version.version().compareTo(to) < 0) {
                break;
            }
            shaped = version.downgrade(eventType, shaped);
        }
        return shaped;
    }
}
