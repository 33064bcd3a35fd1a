package com.storageplatform.kit.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.media.ArraySchema;
import io.swagger.v3.oas.models.media.IntegerSchema;
import io.swagger.v3.oas.models.media.ObjectSchema;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.media.StringSchema;
import java.util.List;
import java.util.Map;
import java.util.Set;
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

    @Test
    void objectsNestedInAListsItemsGetWholeExamples() {
        // As springdoc writes a list of contracts whose audit entries name their actor: every level a $ref.
        Components components = new Components()
                .addSchemas("ListOfContract", new ObjectSchema()
                        .addProperty("data", new ArraySchema().items(ref("Contract")))
                        .addProperty("meta", ref("ListMeta")))
                .addSchemas("ListMeta", new ObjectSchema().addProperty("limit", new IntegerSchema()))
                .addSchemas("Contract", new ObjectSchema()
                        .addProperty("id", new StringSchema().format("uuid"))
                        .addProperty("audit_trail", new ArraySchema().items(ref("ContractAuditEntry"))))
                .addSchemas("ContractAuditEntry", new ObjectSchema()
                        .addProperty("event", new StringSchema()._enum(List.of("created", "signed")))
                        .addProperty("actor", ref("ContractActor"))
                        .addProperty("signer", new Schema<>().oneOf(List.of(ref("ContractSigner"),
                                new Schema<>().types(Set.of("null"))))))
                .addSchemas("ContractActor", new ObjectSchema()
                        .addProperty("actor_type", new StringSchema()._enum(List.of("api", "staff")))
                        .addProperty("credential", ref("Credential")))
                .addSchemas("Credential", new ObjectSchema().addProperty("id", new StringSchema().format("uuid")))
                .addSchemas("ContractSigner", new ObjectSchema().addProperty("name", new StringSchema()));

        Object example = Examples.of(ref("ListOfContract"), components);

        Map<?, ?> entry = (Map<?, ?>) ((List<?>) ((Map<?, ?>) ((List<?>) ((Map<?, ?>) example).get("data")).get(0))
                .get("audit_trail")).get(0);
        assertThat(entry.get("event")).isEqualTo("created");
        assertThat(entry.get("actor")).isEqualTo(Map.of("actor_type", "api",
                "credential", Map.of("id", Examples.id("id"))));
        assertThat(entry.get("signer")).isEqualTo(Map.of("name", "Harbour Road"));
    }

    @Test
    void aRecursiveSchemaStopsWhereItWouldRepeatItself() {
        Components components = new Components().addSchemas("Folder", new ObjectSchema()
                .addProperty("name", new StringSchema())
                .addProperty("parent", new Schema<>().oneOf(List.of(ref("Folder"), new Schema<>().types(Set.of(
                        "null")))))
                .addProperty("children", new ArraySchema().items(ref("Folder"))));

        Object example = Examples.of(ref("Folder"), components);

        Map<String, Object> expected = new java.util.HashMap<>();
        expected.put("name", "Harbour Road");
        expected.put("parent", null);
        expected.put("children", List.of());
        assertThat(example).isEqualTo(expected);
    }

    @Test
    void anInlineSchemaThatContainsItselfStopsThereToo() {
        ObjectSchema node = new ObjectSchema();
        node.addProperty("count", new IntegerSchema()).addProperty("next", node);

        Map<String, Object> expected = new java.util.HashMap<>();
        expected.put("count", 1);
        expected.put("next", null);
        assertThat(Examples.of(node, new Components())).isEqualTo(expected);
    }

    private static Schema<?> ref(String name) {
        return new Schema<>().$ref("#/components/schemas/" + name);
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
