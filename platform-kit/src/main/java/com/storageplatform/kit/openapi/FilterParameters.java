package com.storageplatform.kit.openapi;

import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.media.JsonSchema;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import java.util.Set;

/** A {@link FilteredBy} name as a query parameter, typed like the listed resource's field of that name. */
final class FilterParameters {

    private FilterParameters() {
    }

    @SuppressWarnings("rawtypes")
    static Parameter parameter(String name, Schema<?> item, Components components) {
        Schema field = field(name, item, components);
        if (field == null) {
            throw new IllegalStateException("@FilteredBy names " + name + ", which is neither a field of the listed "
                    + "resource nor the item of its plural field; declare it with @Parameter instead");
        }
        String type = Examples.typeOf(field) == null ? "string" : Examples.typeOf(field);
        Schema schema = new JsonSchema().types(Set.of(type))
                .format(field.getFormat());
        if (field.getEnum() != null) {
            schema.setEnum(field.getEnum());
        }
        Object example = Examples.of(field, components);
        schema.setExample(example);
        String what = field.getDescription() == null ? "" : " (" + stripPeriod(field.getDescription()) + ")";
        return new Parameter().in("query").name(name).required(false).schema(schema)
                .description("Only items whose `" + name + "` is this value" + what + ". An invalid value is 400 "
                        + "`validation_error` on `" + name + "`.");
    }

    @SuppressWarnings("rawtypes")
    private static Schema field(String name, Schema<?> item, Components components) {
        if (item == null || item.getProperties() == null) {
            return null;
        }
        Schema field = item.getProperties().get(name);
        if (field != null) {
            return plain(SharedParts.deref(field, components));
        }
        Schema plural = item.getProperties().get(name + "s");
        return plural == null || plural.getItems() == null ? null : plain(plural.getItems());
    }

    /** A nullable field ({@code anyOf: [T, null]}) filters on its T. */
    @SuppressWarnings("rawtypes")
    private static Schema plain(Schema field) {
        if (field != null && field.getAnyOf() != null && !field.getAnyOf().isEmpty()) {
            return (Schema) field.getAnyOf().get(0);
        }
        return field;
    }

    private static String stripPeriod(String text) {
        String trimmed = text.strip();
        return trimmed.endsWith(".") ? trimmed.substring(0, trimmed.length() - 1) : trimmed;
    }
}
