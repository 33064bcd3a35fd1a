package com.storageplatform.catalogue.site;

import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.FieldIssue;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The body of {@code PATCH /v1/sites/{id}}, read from the JSON tree so that an absent field (left as it is) and
 * an explicit {@code null} (cleared) stay apart. A field here is null when it was absent, and a {@link Sent}
 * holding the value (possibly null) when it was sent. {@code address} merges: only its parts that were sent
 * change.
 */
record SiteChanges(Sent<String> name, Sent<String> description, Sent<String> timezone, Sent<String> status,
        Sent<List<String>> amenities, Sent<AddressChanges> address, Sent<String> phone, Sent<String> email) {

    private static final Set<String> FIELDS =
            Set.of("name", "description", "timezone", "status", "amenities", "address", "phone", "email");
    private static final Set<String> ADDRESS_FIELDS = Set.of("line1", "line2", "city", "postcode", "country");

    /** A field that was sent, with its value (null when the client sent {@code null}). */
    record Sent<T>(T value) {
    }

    record AddressChanges(Sent<String> line1, Sent<String> line2, Sent<String> city, Sent<String> postcode,
            Sent<String> country) {

        /** {@code current} (null when there is no address yet) with the parts that were sent replaced. */
        Site.Address applyTo(Site.Address current) {
            Site.Address base = current == null ? new Site.Address(null, null, null, null, null) : current;
            return new Site.Address(
                    pick(line1, base.line1()),
                    pick(line2, base.line2()),
                    pick(city, base.city()),
                    pick(postcode, base.postcode()),
                    pick(country, base.country()));
        }
    }

    /**
     * Reads the tree with the API's strict JSON rules: an unknown field is {@code unknown_field} with its path
     * ({@code address.colour}), a value of the wrong JSON type is {@code invalid}; all of them in one 422.
     */
    static SiteChanges from(ObjectNode body) {
        Validation shape = Validation.start();
        unknownFields(shape, body, FIELDS, "");
        SiteChanges changes = new SiteChanges(
                text(shape, body, "name", "name"),
                text(shape, body, "description", "description"),
                text(shape, body, "timezone", "timezone"),
                text(shape, body, "status", "status"),
                amenities(shape, body.get("amenities")),
                address(shape, body.get("address")),
                text(shape, body, "phone", "phone"),
                text(shape, body, "email", "email"));
        shape.orThrow();
        return changes;
    }

    static <T> T pick(Sent<T> sent, T current) {
        return sent == null ? current : sent.value();
    }

    static <T, R> R pick(Sent<T> sent, R current, Function<T, R> change) {
        return sent == null ? current : change.apply(sent.value());
    }

    private static void unknownFields(Validation shape, JsonNode object, Set<String> known, String prefix) {
        for (String field : object.propertyNames()) {
            if (!known.contains(field)) {
                shape.add(prefix + field, FieldIssue.UNKNOWN_FIELD);
            }
        }
    }

    private static Sent<String> text(Validation shape, JsonNode object, String name, String path) {
        JsonNode node = object.get(name);
        if (node == null) {
            return null;
        }
        if (node.isNull()) {
            return new Sent<>(null);
        }
        if (!node.isString()) {
            shape.add(path, FieldIssue.INVALID);
            return null;
        }
        return new Sent<>(node.stringValue());
    }

    private static Sent<List<String>> amenities(Validation shape, JsonNode node) {
        if (node == null) {
            return null;
        }
        if (node.isNull()) {
            return new Sent<>(null);
        }
        if (!node.isArray()) {
            shape.add("amenities", FieldIssue.INVALID);
            return null;
        }
        List<String> values = new ArrayList<>();
        int index = 0;
        for (JsonNode element : node.values()) {
            if (element.isString()) {
                values.add(element.stringValue());
            } else if (element.isNull()) {
                values.add(null);
            } else {
                shape.add("amenities[" + index + "]", FieldIssue.INVALID);
            }
            index++;
        }
        return new Sent<>(values);
    }

    private static Sent<AddressChanges> address(Validation shape, JsonNode node) {
        if (node == null) {
            return null;
        }
        if (node.isNull()) {
            return new Sent<>(null);
        }
        if (!node.isObject()) {
            shape.add("address", FieldIssue.INVALID);
            return null;
        }
        unknownFields(shape, node, ADDRESS_FIELDS, "address.");
        return new Sent<>(new AddressChanges(
                text(shape, node, "line1", "address.line1"),
                text(shape, node, "line2", "address.line2"),
                text(shape, node, "city", "address.city"),
                text(shape, node, "postcode", "address.postcode"),
                text(shape, node, "country", "address.country")));
    }
}
