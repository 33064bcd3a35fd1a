package com.storageplatform.catalogue.site;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.testsupport.PlatformTest;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Who sees which site: tenants, test and live accounts, and credentials restricted to some sites. */
@PlatformTest
class SiteAccessTest {

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    SiteApi api;

    @BeforeEach
    void setUp() {
        api = new SiteApi(client, json);
    }

    private String createSite(Caller caller, String name) {
        return api.createNamed(caller, name).get("id").asString();
    }

    @Test
    void anotherAccountsSiteIsNotFoundOnReadAndUpdateAndNeverListed() {
        Caller owner = SiteApi.newAccount();
        Caller stranger = SiteApi.newAccount();
        String site = createSite(owner, "Owned");
        String strangersOwn = createSite(stranger, "Stranger's");

        assertThat(api.errorCode(api.get(stranger, "/v1/sites/" + site), 404)).isEqualTo("not_found");
        assertThat(api.errorCode(api.patch(stranger, site, "{\"name\": \"Taken\"}"), 404)).isEqualTo("not_found");
        assertThat(api.listedIds(stranger, "")).containsExactly(strangersOwn);
        assertThat(api.listedIds(owner, "")).containsExactly(site);
        assertThat(api.read(owner, site).get("name").asString()).isEqualTo("Owned");
    }

    @Test
    void theTestAndLiveAccountsOfOneOperatorNeverSeeEachOthersSites() {
        Caller test = SiteApi.newAccount();
        Caller live = SiteApi.liveAccountOf(test);
        String testSite = createSite(test, "Test site");
        String liveSite = createSite(live, "Live site");

        assertThat(api.listedIds(test, "")).containsExactly(testSite);
        assertThat(api.listedIds(live, "")).containsExactly(liveSite);
        assertThat(api.errorCode(api.get(live, "/v1/sites/" + testSite), 404)).isEqualTo("not_found");
        assertThat(api.errorCode(api.get(test, "/v1/sites/" + liveSite), 404)).isEqualTo("not_found");
        assertThat(api.errorCode(api.patch(live, testSite, "{\"status\": \"archived\"}"), 404))
                .isEqualTo("not_found");
        assertThat(api.errorCode(api.patch(test, liveSite, "{\"status\": \"archived\"}"), 404))
                .isEqualTo("not_found");
        assertThat(api.read(test, testSite).get("status").asString()).isEqualTo("active");
        assertThat(api.read(live, liveSite).get("status").asString()).isEqualTo("active");
    }

    @Test
    void aSiteRestrictedCallerListsOnlyItsSites() {
        Caller account = SiteApi.newAccount();
        String north = createSite(account, "North");
        createSite(account, "South");
        String east = createSite(account, "East");

        Caller restricted = SiteApi.restrictedTo(account, UUID.fromString(north), UUID.fromString(east));

        assertThat(api.listedIds(restricted, "")).containsExactly(east, north);
        assertThat(api.listedIds(restricted, "?limit=1")).containsExactly(east);
        assertThat(api.listedIds(SiteApi.restrictedTo(account), "")).isEmpty();
    }

    @Test
    void aSiteRestrictedCallerReadsAndUpdatesItsOwnSites() {
        Caller account = SiteApi.newAccount();
        String north = createSite(account, "North");
        Caller restricted = SiteApi.restrictedTo(account, UUID.fromString(north));

        assertThat(api.read(restricted, north).get("name").asString()).isEqualTo("North");
        assertThat(api.updated(restricted, north, "{\"name\": \"North Yard\"}").get("name").asString())
                .isEqualTo("North Yard");
    }

    @Test
    void aSiteRestrictedCallerIsForbiddenTheOtherSitesOfItsAccount() {
        Caller account = SiteApi.newAccount();
        String north = createSite(account, "North");
        String south = createSite(account, "South");
        Caller restricted = SiteApi.restrictedTo(account, UUID.fromString(north));

        assertThat(api.errorCode(api.get(restricted, "/v1/sites/" + south), 403)).isEqualTo("site_forbidden");
        assertThat(api.errorCode(api.patch(restricted, south, "{\"name\": \"Mine now\"}"), 403))
                .isEqualTo("site_forbidden");
        assertThat(api.read(account, south).get("name").asString()).isEqualTo("South");
    }

    @Test
    void aSiteRestrictedCallerStillGetsNotFoundForAnotherAccountsSite() {
        Caller account = SiteApi.newAccount();
        String own = createSite(account, "Own");
        String foreign = createSite(SiteApi.newAccount(), "Foreign");
        Caller restricted = SiteApi.restrictedTo(account, UUID.fromString(own), UUID.fromString(foreign));

        assertThat(api.errorCode(api.get(restricted, "/v1/sites/" + foreign), 404)).isEqualTo("not_found");
        assertThat(api.errorCode(api.patch(restricted, foreign, "{\"name\": \"x\"}"), 404)).isEqualTo("not_found");
        assertThat(api.listedIds(restricted, "")).containsExactly(own);
    }

    @Test
    void aSiteRestrictedCallerCannotCreateASite() {
        Caller account = SiteApi.newAccount();
        String north = createSite(account, "North");
        Caller restricted = SiteApi.restrictedTo(account, UUID.fromString(north));

        assertThat(api.errorCode(api.post(restricted, SiteApi.minimal("Another")), 403)).isEqualTo("site_forbidden");
        JsonNode all = api.list(account, "");
        assertThat(all.get("data").size()).isEqualTo(1);
    }
}
