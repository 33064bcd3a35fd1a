package com.storageplatform.catalogue;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;

/** Walks a list from its first page to its last by {@code meta.cursor.next}, for tests of paging. */
public final class Pages {

    private Pages() {
    }

    /**
     * The ids of each page of {@code pathAndQuery} (which may carry filters) read {@code limit} at a time;
     * {@code list} answers a list envelope for a path. Checks the meta of every page on the way.
     */
    public static List<List<String>> walk(Function<String, JsonNode> list, String pathAndQuery, int limit) {
        String first = pathAndQuery + (pathAndQuery.contains("?") ? "&" : "?") + "limit=" + limit;
        List<List<String>> pages = new ArrayList<>();
        String cursor = null;
        do {
            JsonNode page = list.apply(cursor == null ? first : first + "&cursor=" + cursor);
            List<String> ids = new ArrayList<>();
            page.get("data").values().forEach(item -> ids.add(item.get("id").asString()));
            pages.add(ids);
            JsonNode meta = page.get("meta");
            assertThat(meta.get("limit").asInt()).isEqualTo(limit);
            JsonNode next = meta.get("cursor").get("next");
            assertThat(meta.get("cursor").get("has_more").asBoolean()).isEqualTo(!next.isNull());
            cursor = next.isNull() ? null : next.asString();
            assertThat(pages.size()).as("pages").isLessThan(100);
        } while (cursor != null);
        return pages;
    }
}
