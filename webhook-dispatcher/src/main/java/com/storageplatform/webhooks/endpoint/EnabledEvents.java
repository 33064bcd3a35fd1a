package com.storageplatform.webhooks.endpoint;

import com.storageplatform.kit.events.EventCatalogue;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.FieldIssue;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Which events an endpoint receives: exact public types ({@code payment.succeeded}), a resource's every event
 * ({@code payment.*}), or everything ({@code ["*"]}). Names outside the catalogue are refused, so a typo never
 * silently subscribes to nothing.
 */
public final class EnabledEvents {

    public static final int MAX = 100;

    private EnabledEvents() {
    }

    public static void validate(Validation validation, String field, List<String> events) {
        if (events == null) {
            validation.add(field, FieldIssue.REQUIRED);
            return;
        }
        if (events.isEmpty()) {
            validation.add(field, FieldIssue.REQUIRED);
            return;
        }
        if (events.size() > MAX) {
            validation.add(field, FieldIssue.ABOVE_MAXIMUM);
            return;
        }
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < events.size(); i++) {
            String event = events.get(i);
            String element = field + "[" + i + "]";
            if (event == null || !isValid(event) || (event.equals("*") && events.size() > 1)) {
                validation.add(element, FieldIssue.INVALID);
            } else if (!seen.add(event)) {
                validation.add(element, FieldIssue.DUPLICATE);
            }
        }
    }

    static boolean isValid(String event) {
        if (event.equals("*")) {
            return true;
        }
        if (event.endsWith(".*")) {
            return EventCatalogue.PUBLIC_FAMILIES.contains(event.substring(0, event.length() - 2));
        }
        return EventCatalogue.isPublic(event);
    }

    public static boolean matches(List<String> enabled, String type) {
        String family = EventCatalogue.familyOf(type) + ".*";
        return enabled.contains("*") || enabled.contains(type) || enabled.contains(family);
    }
}
