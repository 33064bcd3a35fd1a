package com.storageplatform.kit.openapi;

import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.media.Schema;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The success envelopes as springdoc generates them from {@code Envelopes.Data<T>} and {@code Envelopes.ListOf<T>}
 * ({@code DataCoupon}, {@code ListOfCoupon}, {@code ListMeta}, {@code CursorMeta}), made exact: what is always
 * present is required, and each says what it is.
 */
final class EnvelopeSchemas {

    private EnvelopeSchemas() {
    }

    @SuppressWarnings("rawtypes")
    static void describe(Components components) {
        if (components.getSchemas() == null) {
            return;
        }
        components.getSchemas().forEach((name, schema) -> {
            Map<String, Schema> properties = schema.getProperties();
            if (properties == null) {
                return;
            }
            Set<String> keys = properties.keySet();
            if (keys.equals(Set.of("data")) && name.startsWith("Data")) {
                schema.setRequired(List.of("data"));
                schema.setDescription("The success envelope of one resource: `{ data }`.");
            } else if (keys.equals(Set.of("data", "meta")) && name.startsWith("ListOf")) {
                schema.setRequired(List.of("data", "meta"));
                schema.setDescription("The success envelope of a list: `{ data, meta }`, newest first.");
            } else if (name.equals("ListMeta")) {
                schema.setRequired(List.of("limit", "cursor"));
                schema.setDescription("Where a list page stands.");
                describe(properties.get("limit"), "The page size used (the `limit` asked for, else 20).");
            } else if (name.equals("CursorMeta")) {
                schema.setRequired(List.of("next", "has_more"));
                describe(properties.get("next"), "Pass as `cursor` to read the next page; null on the last page.");
                describe(properties.get("has_more"), "Whether another page follows.");
                Schema next = properties.get("next");
                if (next != null) {
                    properties.put("next", ApiModelResolver.nullable(next));
                }
            } else if (name.equals("Deleted")) {
                schema.setRequired(List.of("id", "object", "deleted"));
                schema.setDescription("What a delete answers: the id and type of what was deleted.");
            }
        });
    }

    @SuppressWarnings("rawtypes")
    private static void describe(Schema property, String description) {
        if (property != null && property.getDescription() == null) {
            property.setDescription(description);
        }
    }
}
