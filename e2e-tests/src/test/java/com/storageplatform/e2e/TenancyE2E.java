package com.storageplatform.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.devstack.DevStack;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Test and live data never meet, operators never see each other, and site restriction holds. */
class TenancyE2E {

    private final DevStack stack = Stack.get();
    private final Admin admin = new Admin(stack);

    private String createSite(String key, String name) {
        Http.Response created = Http.post(stack.gatewayUrl() + "/v1/sites", key,
                Map.of("name", name, "timezone", "Europe/London"));
        assertThat(created.status()).as(created.body().toString()).isEqualTo(201);
        return created.data().path("id").asString();
    }

    private List<String> siteIds(String key) {
        List<String> ids = new ArrayList<>();
        for (JsonNode site : Http.get(stack.gatewayUrl() + "/v1/sites?limit=100", key).body().path("data")) {
            ids.add(site.path("id").asString());
        }
        return ids;
    }

    @Test
    void aTestKeyNeverSeesLiveRecordsAndViceVersa() {
        Admin.Operator operator = admin.newOperator("Isolation Ltd");
        String live = admin.apiKey(operator, "live", "sites:read", "sites:write");
        String test = admin.apiKey(operator, "test", "sites:read", "sites:write");
        String liveSite = createSite(live, "Live site");
        String testSite = createSite(test, "Test site");

        assertThat(siteIds(live)).contains(liveSite).doesNotContain(testSite);
        assertThat(siteIds(test)).contains(testSite).doesNotContain(liveSite);
        Http.Response crossed = Http.get(stack.gatewayUrl() + "/v1/sites/" + liveSite, test);
        assertThat(crossed.status()).isEqualTo(404);
        assertThat(crossed.errorCode()).isEqualTo("not_found");
        assertThat(Http.get(stack.gatewayUrl() + "/v1/sites/" + testSite, live).status()).isEqualTo(404);
    }

    @Test
    void anotherOperatorsIdIsNotFound() {
        String mine = admin.apiKey(admin.newOperator("Mine Ltd"), "live", "sites:read", "sites:write");
        String theirs = admin.apiKey(admin.newOperator("Theirs Ltd"), "live", "sites:read", "sites:write");
        String theirSite = createSite(theirs, "Their site");
        Http.Response probe = Http.get(stack.gatewayUrl() + "/v1/sites/" + theirSite, mine);
        assertThat(probe.status()).isEqualTo(404);
        assertThat(Http.patch(stack.gatewayUrl() + "/v1/sites/" + theirSite, mine, Map.of("name", "Mine now")).status())
                .isEqualTo(404);
        assertThat(siteIds(mine)).doesNotContain(theirSite);
    }

    @Test
    void aSiteRestrictedKeySeesOnlyItsSites() {
        Admin.Operator operator = admin.newOperator("Restricted Ltd");
        String full = admin.apiKey(operator, "live", "sites:read", "sites:write");
        String allowed = createSite(full, "Allowed");
        String other = createSite(full, "Other");
        String restricted = admin.apiKey(operator, "live", List.of("sites:read", "sites:write"), List.of(allowed))
                .path("key").asString();

        assertThat(siteIds(restricted)).containsExactly(allowed);
        assertThat(Http.get(stack.gatewayUrl() + "/v1/sites/" + allowed, restricted).status()).isEqualTo(200);
        Http.Response forbidden = Http.get(stack.gatewayUrl() + "/v1/sites/" + other, restricted);
        assertThat(forbidden.status()).isEqualTo(403);
        assertThat(forbidden.errorCode()).isEqualTo("site_forbidden");
    }
}
