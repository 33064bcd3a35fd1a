package com.storageplatform.kit.paging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.web.ApiException;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.util.LinkedMultiValueMap;
import org.springframework.util.MultiValueMap;

class PageRequestTest {

    private static MultiValueMap<String, String> query(String... pairs) {
        MultiValueMap<String, String> query = new LinkedMultiValueMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            query.add(pairs[i], pairs[i + 1]);
        }
        return query;
    }

    @Test
    void aCursorContinuesUnderTheSameFiltersOnly() {
        UUID last = Ids.newId();
        PageRequest first = PageRequest.from(query("limit", "5"), Map.of("status", "active"));
        String cursor = first.cursorAfter(last);

        PageRequest next = PageRequest.from(query("cursor", cursor), Map.of("status", "active"));
        assertThat(next.after()).isEqualTo(last);
        assertThat(next.limit()).isEqualTo(20);

        assertThatThrownBy(() -> PageRequest.from(query("cursor", cursor), Map.of("status", "archived")))
                .isInstanceOf(ApiException.class);
        assertThatThrownBy(() -> PageRequest.from(query("cursor", cursor), Map.of()))
                .isInstanceOf(ApiException.class);
    }

    @Test
    void absentFiltersDoNotChangeTheFingerprint() {
        java.util.HashMap<String, Object> withNull = new java.util.HashMap<>();
        withNull.put("status", null);
        assertThat(PageRequest.fingerprint(withNull)).isEqualTo(PageRequest.fingerprint(Map.of()));
        assertThat(PageRequest.fingerprint(Map.of("a", "1", "b", "2")))
                .isEqualTo(PageRequest.fingerprint(new java.util.TreeMap<>(Map.of("b", "2", "a", "1"))));
    }

    @Test
    void limitsOutsideOneToAHundredAreRefused() {
        assertThat(PageRequest.from(query("limit", "100"), Map.of()).limit()).isEqualTo(100);
        assertThat(PageRequest.from(query("limit", "1"), Map.of()).limit()).isEqualTo(1);
        for (String bad : new String[] {"0", "101", "-1", "2.5", "", "99999999999"}) {
            assertThatThrownBy(() -> PageRequest.from(query("limit", bad), Map.of()))
                    .as(bad).isInstanceOf(ApiException.class);
        }
    }
}
