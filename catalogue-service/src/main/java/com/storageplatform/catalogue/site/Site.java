package com.storageplatform.catalogue.site;

import com.storageplatform.kit.openapi.OneOf;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * A site as clients see it: the body of {@code GET /v1/sites/{id}} and the {@code data} of {@code site.*} events.
 * Written for the API (snake_case on the wire), never the storage row.
 *
 * @param description the site in its own words, or null when none
 * @param amenities   from the fixed list of {@link Amenities}, each once, in that list's order; empty when none
 * @param address     the site's postal address, or null when none is recorded
 * @param phone       the site's phone number in E.164 form, or null
 * @param email       the site's email address, or null
 */
public record Site(UUID id, String object, String name, @Nullable String description, @OneOf("STATUSES") String status,
        String timezone, @OneOf(value = "ALL", in = Amenities.class) List<String> amenities, @Nullable Address address,
        @Nullable String phone, @Nullable String email, Instant createdAt, Instant updatedAt) {

    public static final String OBJECT = "site";

    public static final String ACTIVE = "active";
    public static final String INACTIVE = "inactive";
    public static final String ARCHIVED = "archived";
    public static final List<String> STATUSES = List.of(ACTIVE, INACTIVE, ARCHIVED);

    public Site {
        amenities = List.copyOf(amenities);
    }

    /** The same site with {@code updatedAt} set: a change that is saved moves it, nothing else does. */
    Site updatedAt(Instant at) {
        return new Site(id, object, name, description, status, timezone, amenities, address, phone, email,
                createdAt, at);
    }

    /**
     * A postal address: {@code line1}, {@code city}, {@code postcode} and {@code country} are always present;
     * {@code line2} is null when not needed. {@code country} is ISO 3166-1 alpha-2.
     */
    public record Address(String line1, String line2, String city, String postcode, String country) {
    }
}
