package com.storageplatform.catalogue.site;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.testsupport.PlatformTest;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** {@code GET /v1/sites}: newest first, cursor paging, the {@code status} filter. */
@PlatformTest
class SiteListTest {

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    SiteApi api;
    final Caller caller = SiteApi.newAccount();

    @BeforeEach
    void setUp() {
        api = new SiteApi(client, json);
    }

    private List<String> createSites(int count, String status) {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            ids.add(api.create(caller, """
                    {"name": "Site %d", "timezone": "Europe/London", "status": "%s"}
                    """.formatted(i, status)).get("id").asString());
        }
        return ids;
    }

    private static List<String> newestFirst(List<String> ids) {
        List<String> reversed = new ArrayList<>(ids);
        Collections.reverse(reversed);
        return reversed;
    }

    private static List<String> ids(JsonNode page) {
        List<String> ids = new ArrayList<>();
        page.get("data").values().forEach(site -> ids.add(site.get("id").asString()));
        return ids;
    }

    @Test
    void anAccountWithoutSitesListsNone() {
        JsonNode page = api.list(caller, "");

        assertThat(page.get("data").size()).isZero();
        assertThat(page.get("meta").get("limit").asInt()).isEqualTo(20);
        assertThat(page.get("meta").get("cursor").get("next").isNull()).isTrue();
        assertThat(page.get("meta").get("cursor").get("has_more").asBoolean()).isFalse();
    }

    @Test
    void sitesAreListedNewestFirstInFullSiteShape() {
        List<String> created = createSites(3, "active");

        JsonNode page = api.list(caller, "");

        assertThat(ids(page)).containsExactlyElementsOf(newestFirst(created));
        assertThat(page.get("data").get(0)).isEqualTo(api.read(caller, created.get(2)));
    }

    @Test
    void aCursorWalksEveryPageOnceAndTheLastHasNoNext() {
        List<String> created = createSites(5, "active");

        JsonNode first = api.list(caller, "?limit=2");
        assertThat(first.get("meta").get("limit").asInt()).isEqualTo(2);
        assertThat(first.get("meta").get("cursor").get("has_more").asBoolean()).isTrue();
        JsonNode second = api.list(caller, "?limit=2&cursor=" + first.get("meta").get("cursor").get("next").asString());
        assertThat(second.get("meta").get("cursor").get("has_more").asBoolean()).isTrue();
        JsonNode third = api.list(caller, "?limit=2&cursor=" + second.get("meta").get("cursor").get("next").asString());
        assertThat(third.get("meta").get("cursor").get("has_more").asBoolean()).isFalse();
        assertThat(third.get("meta").get("cursor").get("next").isNull()).isTrue();

        List<String> walked = new ArrayList<>();
        walked.addAll(ids(first));
        walked.addAll(ids(second));
        walked.addAll(ids(third));
        assertThat(walked).containsExactlyElementsOf(newestFirst(created));
    }

    @Test
    void theStatusFilterListsOnlySitesWithThatStatus() {
        List<String> active = createSites(2, "active");
        List<String> inactive = createSites(1, "inactive");
        List<String> archived = createSites(2, "archived");

        assertThat(api.listedIds(caller, "?status=active")).containsExactlyElementsOf(newestFirst(active));
        assertThat(api.listedIds(caller, "?status=inactive")).containsExactlyElementsOf(inactive);
        assertThat(api.listedIds(caller, "?status=archived")).containsExactlyElementsOf(newestFirst(archived));
        assertThat(api.listedIds(caller, "")).hasSize(5);
    }

    @Test
    void aSiteArchivedLaterMovesToTheArchivedFilter() {
        String site = createSites(1, "active").get(0);

        api.updated(caller, site, """
                {"status": "archived"}
                """);

        assertThat(api.listedIds(caller, "?status=active")).isEmpty();
        assertThat(api.listedIds(caller, "?status=archived")).containsExactly(site);
    }

    @Test
    void theStatusFilterPagesWithItsOwnCursor() {
        List<String> active = createSites(3, "active");
        createSites(2, "archived");

        JsonNode first = api.list(caller, "?status=active&limit=2");
        String next = first.get("meta").get("cursor").get("next").asString();
        JsonNode second = api.list(caller, "?status=active&limit=2&cursor=" + next);

        List<String> walked = new ArrayList<>(ids(first));
        walked.addAll(ids(second));
        assertThat(walked).containsExactlyElementsOf(newestFirst(active));
        assertThat(api.issues(api.get(caller, "/v1/sites?status=archived&limit=2&cursor=" + next), 400))
                .containsExactly("cursor invalid");
    }

    @Test
    void anInvalidStatusFilterIs400NamingTheParameter() {
        for (String status : List.of("closed", "ACTIVE", "")) {
            assertThat(api.issues(api.get(caller, "/v1/sites?status=" + status), 400)).as(status)
                    .containsExactly("status invalid");
        }
    }

    @Test
    void anInvalidLimitOrCursorIs400NamingTheParameter() {
        assertThat(api.issues(api.get(caller, "/v1/sites?limit=0"), 400)).containsExactly("limit below_minimum");
        assertThat(api.issues(api.get(caller, "/v1/sites?limit=101"), 400)).containsExactly("limit above_maximum");
        assertThat(api.issues(api.get(caller, "/v1/sites?limit=ten"), 400)).containsExactly("limit invalid");
        assertThat(api.issues(api.get(caller, "/v1/sites?cursor=nonsense"), 400)).containsExactly("cursor invalid");
    }

    @Test
    void anUnknownQueryParameterIsIgnored() {
        List<String> created = createSites(1, "active");

        assertThat(api.listedIds(caller, "?colour=blue")).containsExactlyElementsOf(created);
    }
}
