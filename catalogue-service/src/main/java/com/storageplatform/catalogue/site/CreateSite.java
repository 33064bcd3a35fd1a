package com.storageplatform.catalogue.site;

import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The body of {@code POST /v1/sites}. Strict JSON (platform-kit) refuses unknown fields, {@code address.colour}
 * included, and values of the wrong JSON type; {@link SiteRules} judges the values.
 */
@Schema(requiredProperties = {"name", "timezone"})
record CreateSite(String name, @Nullable String description, String timezone, String status, List<String> amenities,
        Site.Address address, @Nullable String phone, @Nullable String email) {
}
