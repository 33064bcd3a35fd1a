package com.storageplatform.catalogue.site;

import java.util.Collection;
import java.util.Comparator;
import java.util.List;

/**
 * The fixed list a site's amenities come from (conventions.md). Its order is the order clients always get them
 * in, whatever order they were sent in.
 */
public final class Amenities {

    public static final List<String> ALL = List.of(
            "24_hour_access",
            "electronic_gate",
            "cctv",
            "alarmed_units",
            "climate_control",
            "drive_up_access",
            "loading_bay",
            "lift",
            "trolleys",
            "parking",
            "on_site_staff",
            "packing_supplies",
            "wifi",
            "business_centre");

    private Amenities() {
    }

    public static boolean isKnown(String amenity) {
        return ALL.contains(amenity);
    }

    /** Known amenities, each once, in the fixed list's order. */
    public static List<String> inListOrder(Collection<String> amenities) {
        return amenities.stream().distinct().sorted(Comparator.comparingInt(ALL::indexOf)).toList();
    }
}
