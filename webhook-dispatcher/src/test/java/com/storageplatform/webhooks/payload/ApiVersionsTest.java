package com.storageplatform.webhooks.payload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

class ApiVersionsTest {

    private final JsonMapper json = JsonMapper.builder().build();

    private static PayloadVersion renaming(String version, String from, String to) {
        return new PayloadVersion() {
            @Override
            public String version() {
                return version;
            }

            @Override
            public ObjectNode downgrade(String eventType, ObjectNode data) {
                if (data.has(from)) {
                    data.set(to, data.remove(from));
                }
                return data;
            }
        };
    }

    @Test
    void olderVersionsAreReachedOneStepAtATimeNewestFirst() {
        ApiVersions versions = new ApiVersions(List.of(renaming("2025-01-01", "b", "c"), renaming("2026-01-01", "a", "b")));
        assertThat(versions.all()).containsExactly(ApiVersions.LATEST, "2026-01-01", "2025-01-01");
        ObjectNode data = (ObjectNode) json.readTree("{\"a\":1}");
        assertThat(versions.render("x.y", data, ApiVersions.LATEST, ApiVersions.LATEST)).isEqualTo(data);
        assertThat(versions.render("x.y", data, ApiVersions.LATEST, "2026-01-01").toString()).isEqualTo("{\"b\":1}");
        assertThat(versions.render("x.y", data, ApiVersions.LATEST, "2025-01-01").toString()).isEqualTo("{\"c\":1}");
        assertThat(data.toString()).isEqualTo("{\"a\":1}");
    }

    @Test
    void aVersionMustBeOlderThanTheLatest() {
        assertThatThrownBy(() -> new ApiVersions(List.of(renaming(ApiVersions.LATEST, "a", "b"))))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void aVersionThatIsNotAYyyyMmDdDateStopsTheStart() {
        for (String version : new String[] {"2025-1-01", "2025/01/01", "v2025-01-01", "2025-02-30", "2025-13-01",
                "20250101", "2025-01-01 ", ""}) {
            assertThatThrownBy(() -> new ApiVersions(List.of(renaming(version, "a", "b")))).as(version)
                    .isInstanceOf(IllegalStateException.class).hasMessageContaining("YYYY-MM-DD");
        }
        assertThat(new ApiVersions(List.of(renaming("2024-02-29", "a", "b"))).all())
                .containsExactly(ApiVersions.LATEST, "2024-02-29");
    }

    @Test
    void aVersionDeclaredTwiceStopsTheStart() {
        assertThatThrownBy(() -> new ApiVersions(List.of(renaming("2025-01-01", "a", "b"),
                renaming("2025-01-01", "b", "c")))).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("twice");
    }
}
