package com.storageplatform.catalogue.pricing;

import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.FieldIssue;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/** Field rules shared by rate plans and price rules; each records on {@code v} and returns the value to store. */
final class PricingRules {

    static final int NAME_MAX = 200;
    static final long PRICE_MAX_MINOR = 100_000_000;
    /** A percentage adjustment: at most a 100% discount, at most a 500% surcharge. */
    static final long PERCENT_MIN = -100;
    static final long PERCENT_MAX = 500;
    /** A fixed adjustment: up to 1,000,000.00 in the major unit either way. */
    static final long FIXED_MAX_MINOR = 100_000_000;
    static final int PRIORITY_MAX = 1000;
    static final int DEFAULT_PRIORITY = 100;

    private PricingRules() {
    }

    static String requiredName(Validation v, String value) {
        String name = value == null ? null : value.strip();
        v.require("name", name).maxLength("name", name, NAME_MAX);
        return name;
    }

    static String optionalName(Validation v, String value) {
        String name = value == null || value.isBlank() ? null : value.strip();
        v.maxLength("name", name, NAME_MAX);
        return name;
    }

    /** Ids, each well formed ({@code invalid}) and once ({@code duplicate}); null means none. */
    static List<UUID> ids(Validation v, String field, List<String> values) {
        if (values == null) {
            return List.of();
        }
        Set<UUID> seen = new HashSet<>();
        List<UUID> ids = new ArrayList<>();
        for (int i = 0; i < values.size(); i++) {
            String path = field + "[" + i + "]";
            UUID id = values.get(i) == null ? null : Ids.parse(values.get(i)).orElse(null);
            if (id == null) {
                v.add(path, FieldIssue.INVALID);
            } else if (!seen.add(id)) {
                v.add(path, FieldIssue.DUPLICATE);
            } else {
                ids.add(id);
            }
        }
        return ids;
    }
}
