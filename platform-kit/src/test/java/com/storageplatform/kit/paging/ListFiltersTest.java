package com.storageplatform.kit.paging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.FieldIssue;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpStatus;
import org.springframework.util.LinkedMultiValueMap;
import org.springframework.util.MultiValueMap;

class ListFiltersTest {

    private static MultiValueMap<String, String> query(String... pairs) {
        MultiValueMap<String, String> query = new LinkedMultiValueMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            query.add(pairs[i], pairs[i + 1]);
        }
        return query;
    }

    private static void assertRefused(Runnable read, String parameter) {
        assertThatThrownBy(read::run).isInstanceOfSatisfying(ApiException.class, e -> {
            assertThat(e.status()).isEqualTo(HttpStatus.BAD_REQUEST);
            assertThat(e.code().code()).isEqualTo("validation_error");
            assertThat(e.details()).containsExactly(new FieldIssue(parameter, FieldIssue.INVALID));
        });
    }

    @Test
    void aBooleanFilterIsExactlyTrueOrFalse() {
        assertThat(ListFilters.of(query("online", "true")).bool("online")).isTrue();
        assertThat(ListFilters.of(query("online", "false")).bool("online")).isFalse();
        assertThat(ListFilters.of(query()).bool("online")).isNull();
        for (String bad : List.of("TRUE", "True", "1", "0", "yes", "", " true")) {
            assertRefused(() -> ListFilters.of(query("online", bad)).bool("online"), "online");
        }
    }

    @Test
    void idsEnumsDatesAndDateTimesAreCheckedNamingTheParameter() {
        UUID id = Ids.newId();
        ListFilters filters = ListFilters.of(query("site_id", id.toString(), "status", "active", "date", "2026-02-28",
                "created[gte]", "2026-02-28T10:00:00Z"));
        assertThat(filters.id("site_id")).isEqualTo(id);
        assertThat(filters.oneOf("status", List.of("active", "archived"))).isEqualTo("active");
        assertThat(filters.date("date")).isEqualTo(LocalDate.of(2026, 2, 28));
        assertThat(filters.dateTime("created[gte]")).isEqualTo(Instant.parse("2026-02-28T10:00:00Z"));

        assertRefused(() -> ListFilters.of(query("site_id", "not-an-id")).id("site_id"), "site_id");
        assertRefused(() -> ListFilters.of(query("status", "lost")).oneOf("status", List.of("active")), "status");
        assertRefused(() -> ListFilters.of(query("date", "2026-02-30")).date("date"), "date");
        assertRefused(() -> ListFilters.of(query("created[gt]", "yesterday")).dateTime("created[gt]"), "created[gt]");
    }

    @Test
    void aFilterHoldingNulIsRefusedWhateverTheResourceAccepts() {
        Function<String, Optional<String>> anything = Optional::of;
        String code = ListFilters.of(query("code", "SPRING")).parsed("code", anything);
        assertThat(code).isEqualTo("SPRING");
        assertRefused(() -> ListFilters.of(query("code", "SPR\0ING")).parsed("code", anything), "code");
    }

    @Test
    void theCursorIsBoundToEveryFilterRead() {
        ListFilters first = ListFilters.of(query("status", "active", "online", "true"));
        first.oneOf("status", List.of("active", "archived"));
        first.bool("online");
        String cursor = first.page().cursorAfter(Ids.newId());

        ListFilters same = ListFilters.of(query("status", "active", "online", "true", "cursor", cursor));
        same.oneOf("status", List.of("active", "archived"));
        same.bool("online");
        assertThat(same.page().after()).isNotNull();

        ListFilters other = ListFilters.of(query("status", "active", "online", "false", "cursor", cursor));
        other.oneOf("status", List.of("active", "archived"));
        other.bool("online");
        assertRefused(other::page, "cursor");
    }
}
