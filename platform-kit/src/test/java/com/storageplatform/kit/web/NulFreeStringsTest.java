package com.storageplatform.kit.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.storageplatform.kit.autoconfigure.StrictJson;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.exc.MismatchedInputException;
import tools.jackson.databind.json.JsonMapper;

/** PostgreSQL text cannot hold U+0000: the API's mapper refuses it in every string, naming where it was. */
class NulFreeStringsTest {

    record Address(String line1, String city) {
    }

    record Item(String name, List<String> tags) {
    }

    record Body(String name, Address address, List<Item> items, String[] codes, Map<String, String> metadata,
            Object anything, Patch<String> description, Patch<Address> billingAddress, Long amountMinor) {
    }

    private final JsonMapper mapper = StrictJson.mapper();

    /** The path the error answer would name, or fails when the JSON was accepted. */
    private String refusedAt(String json) {
        Throwable refused = catchThrowable(() -> mapper.readValue(json, Body.class));
        assertThat(refused).as(json).isInstanceOf(MismatchedInputException.class);
        MismatchedInputException mismatch = (MismatchedInputException) refused;
        assertThat(mismatch.getPath()).as(json).isNotEmpty();
        return ErrorMapper.path(mismatch);
    }

    @Test
    void aStringHoldingNulIsRefusedWithItsPathWhereverItIs() {
        assertThat(refusedAt("{\"name\":\"a\\u0000b\"}")).isEqualTo("name");
        assertThat(refusedAt("{\"address\":{\"line1\":\"\\u0000\",\"city\":\"Leeds\"}}")).isEqualTo("address.line1");
        assertThat(refusedAt("{\"items\":[{\"name\":\"ok\"},{\"name\":\"x\\u0000\"}]}")).isEqualTo("items[1].name");
        assertThat(refusedAt("{\"items\":[{\"name\":\"ok\",\"tags\":[\"a\",\"b\\u0000\"]}]}"))
                .isEqualTo("items[0].tags[1]");
        assertThat(refusedAt("{\"codes\":[\"\\u0000\"]}")).isEqualTo("codes[0]");
        assertThat(refusedAt("{\"metadata\":{\"colour\":\"red\\u0000\"}}")).isEqualTo("metadata.colour");
        assertThat(refusedAt("{\"anything\":{\"deep\":[\"\\u0000\"]}}")).startsWith("anything");
        assertThat(refusedAt("{\"description\":\"\\u0000\"}")).isEqualTo("description");
        assertThat(refusedAt("{\"billing_address\":{\"city\":\"\\u0000\"}}")).isEqualTo("billing_address.city");
    }

    @Test
    void aMapKeyHoldingNulIsRefusedOnTheMapsField() {
        assertThat(refusedAt("{\"metadata\":{\"col\\u0000our\":\"red\"}}")).isEqualTo("metadata");
    }

    @Test
    void otherTextStillPassesAndTheStrictRulesStillApply() {
        Body body = mapper.readValue("{\"name\":\"Caf\\u00e9 \\u0001 \\ud83d\\ude00\",\"metadata\":{\"k\":\"v\"},"
                + "\"items\":[{\"name\":\"n\",\"tags\":[\"t\"]}],\"description\":null,\"anything\":\"x\"}", Body.class);
        assertThat(body.name()).isEqualTo("Café \u0001 😀");
        assertThat(body.metadata()).containsEntry("k", "v");
        assertThat(body.items().get(0).tags()).containsExactly("t");
        assertThat(body.description().isNull()).isTrue();
        assertThat(body.anything()).isEqualTo("x");

        assertThatThrownBy(() -> mapper.readValue("{\"name\":5}", Body.class))
                .isInstanceOf(MismatchedInputException.class)
                .satisfies(e -> assertThat(ErrorMapper.path((MismatchedInputException) e)).isEqualTo("name"));
        assertThatThrownBy(() -> mapper.readValue("{\"items\":[{\"name\":true}]}", Body.class))
                .isInstanceOf(MismatchedInputException.class)
                .satisfies(e -> assertThat(ErrorMapper.path((MismatchedInputException) e)).isEqualTo("items[0].name"));
    }
}
