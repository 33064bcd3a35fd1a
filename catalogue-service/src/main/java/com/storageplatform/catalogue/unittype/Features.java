package com.storageplatform.catalogue.unittype;

import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.FieldIssue;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The fixed list the features of unit types and units (and {@code unit_feature} price rules) come from. Its order is
 * the order clients always get them in, whatever order they were sent in.
 */
public final class Features {

    public static final List<String> ALL = List.of(
            "ground_floor",
            "drive_up",
            "climate_controlled",
            "heated",
            "alarmed",
            "power",
            "lighting",
            "shelving",
            "indoor",
            "outdoor",
            "container",
            "locker",
            "vehicle");

    private Features() {
    }

    public static boolean isKnown(String feature) {
        return ALL.contains(feature);
    }

    /** Known features, each once, in the fixed list's order. */
    public static List<String> inListOrder(Collection<String> features) {
        return features.stream().distinct().sorted(Comparator.comparingInt(ALL::indexOf)).toList();
    }

    /**
     * Every entry must come from the fixed list ({@code invalid} on {@code features[i]} otherwise) and appear once
     * ({@code duplicate} on the later occurrence). Null means none.
     */
    public static List<String> judge(Validation v, String field, List<String> values) {
        if (values == null) {
            return List.of();
        }
        Set<String> seen = new HashSet<>();
        List<String> accepted = new ArrayList<>();
        for (int i = 0; i < values.size(); i++) {
            String feature = values.get(i);
            String path = field + "[" + i + "]";
            if (feature == null || !isKnown(feature)) {
                v.add(path, FieldIssue.INVALID);
            } else if (!seen.add(feature)) {
                v.add(path, FieldIssue.DUPLICATE);
            } else {
                accepted.add(feature);
            }
        }
        return inListOrder(accepted);
    }
}
