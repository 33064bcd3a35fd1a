package com.storageplatform.kit.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.storageplatform.kit.autoconfigure.StrictJson;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.exc.MismatchedInputException;
import tools.jackson.databind.exc.UnrecognizedPropertyException;
import tools.jackson.databind.json.JsonMapper;

class PatchTest {

    record Address(String line1, String city) {
    }

    record Changes(Patch<String> name, Patch<String> description, Patch<Address> address, Patch<List<String>> tags,
            Patch<Long> amountMinor) {
    }

    private final JsonMapper mapper = StrictJson.mapper();

    @Test
    void absentNullAndValueStayApart() {
        Changes changes = mapper.readValue("{\"description\":null,\"name\":\"Depot\",\"tags\":[\"a\"]}", Changes.class);
        assertThat(changes.name()).isEqualTo(Patch.of("Depot"));
        assertThat(changes.description()).isNotNull();
        assertThat(changes.description().isNull()).isTrue();
        assertThat(changes.address()).isNull();
        assertThat(changes.tags().value()).containsExactly("a");
        assertThat(Patch.apply(changes.address(), new Address("1 Road", "Leeds"))).isEqualTo(new Address("1 Road", "Leeds"));
        assertThat(Patch.apply(changes.description(), "old")).isNull();
        assertThat(Patch.sent(changes.amountMinor())).isFalse();
    }

    @Test
    void nestedValuesKeepTheStrictRulesAndTheirPaths() {
        assertThatThrownBy(() -> mapper.readValue("{\"address\":{\"line1\":\"x\",\"colour\":\"red\"}}", Changes.class))
                .isInstanceOf(UnrecognizedPropertyException.class)
                .satisfies(e -> assertThat(ErrorMapper.path((UnrecognizedPropertyException) e)).isEqualTo("address.colour"));
        assertThatThrownBy(() -> mapper.readValue("{\"amount_minor\":\"12\"}", Changes.class))
                .isInstanceOf(MismatchedInputException.class)
                .satisfies(e -> assertThat(ErrorMapper.path((MismatchedInputException) e)).isEqualTo("amount_minor"));
        assertThatThrownBy(() -> mapper.readValue("{\"unknown\":1}", Changes.class))
                .isInstanceOf(UnrecognizedPropertyException.class);
    }

    @Test
    void pickKeepsTheCurrentValueOfAFieldNotSentAndJudgesOneSentNullIncluded() {
        assertThat(Patch.<String, Integer>pick(null, 7, String::length)).isEqualTo(7);
        assertThat(Patch.pick(Patch.of("four"), 7, String::length)).isEqualTo(4);
        assertThat(Patch.<String, Integer>pick(Patch.ofNull(), 7, value -> value == null ? -1 : value.length()))
                .isEqualTo(-1);
    }
}
