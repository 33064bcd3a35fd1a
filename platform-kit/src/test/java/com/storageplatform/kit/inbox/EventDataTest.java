package com.storageplatform.kit.inbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.id.Ids;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class EventDataTest {

    private static final UUID ID = Ids.newId();
    private static final JsonNode DATA = JsonMapper.builder().build().readTree("""
            {"id": "%s", "status": "held", "count": 3, "flag": true, "gone": null, "object_field": {"id": "%s"},
             "list": ["%s"], "bad_id": "not-an-id"}
            """.formatted(ID, ID, ID));

    @Test
    void aValueFieldReadsAsItsText() {
        assertThat(EventData.text(DATA, "status")).isEqualTo("held");
        assertThat(EventData.text(DATA, "count")).isEqualTo("3");
        assertThat(EventData.text(DATA, "flag")).isEqualTo("true");
    }

    @Test
    void anAbsentNullOrContainerFieldReadsAsNull() {
        for (String field : new String[] {"missing", "gone", "object_field", "list"}) {
            assertThat(EventData.text(DATA, field)).as(field).isNull();
            assertThat(EventData.id(DATA, field)).as(field).isNull();
        }
        assertThat(EventData.text(null, "status")).isNull();
        assertThat(EventData.id(null, "id")).isNull();
    }

    @Test
    void anIdFieldReadsAsAnIdOnlyWhenItIsOne() {
        assertThat(EventData.id(DATA, "id")).isEqualTo(ID);
        assertThat(EventData.id(DATA.get("object_field"), "id")).isEqualTo(ID);
        assertThat(EventData.id(DATA, "bad_id")).isNull();
        assertThat(EventData.id(DATA, "count")).isNull();
    }
}
