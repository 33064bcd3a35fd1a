package com.storageplatform.catalogue.site;

import static com.storageplatform.kit.validation.Text.blankToNull;
import static com.storageplatform.kit.validation.Text.strip;

import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.FieldIssue;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The rules of each site field, the same on create and update. Each method takes the value a client sent,
 * records what is wrong with it on {@code v} (naming the field) and returns the value to store: text trimmed,
 * an empty optional text as null, amenities in the fixed list's order, a UK postcode in its canonical form.
 */
final class SiteRules {

    static final int NAME_MAX = 200;
    static final int DESCRIPTION_MAX = 2000;
    static final int ADDRESS_LINE_MAX = 200;
    static final int CITY_MAX = 100;
    static final int POSTCODE_MAX = 20;
    static final int EMAIL_MAX = 254;

    /** The tz database's geographic areas: a site's zone is one of their Area/Location names. */
    private static final Set<String> ZONE_AREAS = Set.of("Africa", "America", "Antarctica", "Arctic", "Asia",
            "Atlantic", "Australia", "Europe", "Indian", "Pacific");
    private static final Set<String> COUNTRIES = Set.of(Locale.getISOCountries());
    private static final String UNITED_KINGDOM = "GB";
    /** Outward code (area, district) then inward code (sector, unit), once the spaces are taken out. */
    private static final Pattern UK_POSTCODE = Pattern.compile("([A-Z]{1,2}[0-9][A-Z0-9]?)([0-9][A-Z]{2})");
    private static final String GIROBANK = "GIR0AA";
    private static final Pattern E164 = Pattern.compile("\\+[1-9][0-9]{6,14}");
    private static final Pattern EMAIL = Pattern.compile("[^@\\s]+@[^@\\s.]+(\\.[^@\\s.]+)+");

    private SiteRules() {
    }

    static String name(Validation v, String value) {
        String name = strip(value);
        v.require("name", name).maxLength("name", name, NAME_MAX);
        return name;
    }

    static String description(Validation v, String value) {
        String description = blankToNull(value);
        v.maxLength("description", description, DESCRIPTION_MAX);
        return description;
    }

    static String timezone(Validation v, String value) {
        v.require("timezone", value).check(value != null && !value.isBlank() && !isIanaRegion(value), "timezone",
                FieldIssue.INVALID);
        return value;
    }

    /** A status sent explicitly (null is refused: a site always has one). */
    static String status(Validation v, String value) {
        v.require("status", value).oneOf("status", value, Site.STATUSES);
        return value;
    }

    /**
     * Every entry must come from the fixed list ({@code invalid} otherwise) and appear once ({@code duplicate} on
     * the later occurrence). Null means none.
     */
    static List<String> amenities(Validation v, List<String> values) {
        if (values == null) {
            return List.of();
        }
        Set<String> seen = new HashSet<>();
        List<String> accepted = new ArrayList<>();
        for (int i = 0; i < values.size(); i++) {
            String amenity = values.get(i);
            String field = "amenities[" + i + "]";
            if (amenity == null || !Amenities.isKnown(amenity)) {
                v.add(field, FieldIssue.INVALID);
            } else if (!seen.add(amenity)) {
                v.add(field, FieldIssue.DUPLICATE);
            } else {
                accepted.add(amenity);
            }
        }
        return Amenities.inListOrder(accepted);
    }

    /** Null means no address; otherwise line1, city, postcode and country are required. */
    static Site.Address address(Validation v, Site.Address value) {
        if (value == null) {
            return null;
        }
        String line1 = strip(value.line1());
        String line2 = blankToNull(value.line2());
        String city = strip(value.city());
        String country = strip(value.country());
        String postcode = strip(value.postcode());
        v.require("address.line1", line1).maxLength("address.line1", line1, ADDRESS_LINE_MAX)
                .maxLength("address.line2", line2, ADDRESS_LINE_MAX)
                .require("address.city", city).maxLength("address.city", city, CITY_MAX)
                .require("address.postcode", postcode).maxLength("address.postcode", postcode, POSTCODE_MAX)
                .require("address.country", country)
                .check(country != null && !country.isEmpty() && !isCountry(country), "address.country",
                        FieldIssue.INVALID);
        if (UNITED_KINGDOM.equals(country) && postcode != null && !postcode.isEmpty()) {
            Optional<String> canonical = ukPostcode(postcode);
            v.check(canonical.isEmpty(), "address.postcode", FieldIssue.INVALID);
            postcode = canonical.orElse(postcode);
        }
        return new Site.Address(line1, line2, city, postcode, country);
    }

    static String phone(Validation v, String value) {
        String phone = blankToNull(value);
        v.check(phone != null && !E164.matcher(phone).matches(), "phone", FieldIssue.INVALID);
        return phone;
    }

    static String email(Validation v, String value) {
        String email = blankToNull(value);
        v.maxLength("email", email, EMAIL_MAX)
                .check(email != null && !EMAIL.matcher(email).matches(), "email", FieldIssue.INVALID);
        return email;
    }

    /**
     * An IANA zone named by region ({@code Europe/London}, {@code America/Argentina/Buenos_Aires}): a tz database
     * id that java.time knows, under one of the geographic areas. Offsets ({@code +01:00}, {@code Z}), {@code UTC},
     * {@code Etc/*} and the backward-compatibility aliases ({@code GB}, {@code US/Eastern}) are not.
     */
    static boolean isIanaRegion(String zone) {
        int slash = zone.indexOf('/');
        return slash > 0 && ZONE_AREAS.contains(zone.substring(0, slash))
                && ZoneId.getAvailableZoneIds().contains(zone);
    }

    /** An ISO 3166-1 alpha-2 code as java.util.Locale knows them, in upper case. */
    static boolean isCountry(String code) {
        return COUNTRIES.contains(code);
    }

    /**
     * A UK postcode in its canonical form (upper case, one space before the inward code: {@code SW1A 1AA}), or
     * empty when the text does not have a UK postcode's shape. Case and spacing as sent do not matter.
     */
    static Optional<String> ukPostcode(String text) {
        String compact = text.replaceAll("\\s+", "").toUpperCase(Locale.ROOT);
        if (compact.equals(GIROBANK) || UK_POSTCODE.matcher(compact).matches()) {
            int inward = compact.length() - 3;
            return Optional.of(compact.substring(0, inward) + " " + compact.substring(inward));
        }
        return Optional.empty();
    }
}
