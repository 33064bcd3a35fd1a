package com.storageplatform.kit.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.media.ArraySchema;
import io.swagger.v3.oas.models.media.IntegerSchema;
import io.swagger.v3.oas.models.media.ObjectSchema;
import io.swagger.v3.oas.models.media.Schema;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The examples the API description shows are valid for their schemas, however deep the field. */
class ExamplesTest {

    @Test
    void aDeeplyNestedFieldOfAPlainTypeStillGetsAValueOfItsType() {
        Schema<?> leaf = new ObjectSchema().addProperty("amount_minor", new IntegerSchema());
        Schema<?> nested = leaf;
        for (int level = 0; level < 4; level++) {
            nested = new ObjectSchema().addProperty("items", new ArraySchema().items(nested));
        }

        Object example = Examples.of(nested, new Components());

        // Objects stop at the depth limit, but no field of a plain type is ever null.
        assertThat(amounts(example)).isNotEmpty().doesNotContainNull().allSatisfy(amount ->
                assertThat(amount).isInstanceOf(Integer.class));
    }

    private static List<Object> amounts(Object example) {
        List<Object> found = new java.util.ArrayList<>();
        if (example instanceof Map<?, ?> map) {
            map.forEach((key, value) -> {
                if ("amount_minor".equals(key)) {
                    found.add(value);
                } else {
                    found.addAll(amounts(value));
                }
            });
        } else if (example instanceof List<?> list) {
            list.forEach(item -> found.addAll(amounts(item)));
        }
        return found;
    }
}
