package com.storageplatform.catalogue.widget;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.catalogue.product.CatalogueApi;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.TestCallers;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** {@code /v1/widgets}: one widget per site with its defaults, read-only, within the caller's sites. */
@PlatformTest
class WidgetTest {

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    CatalogueApi api;
    CatalogueApi sites;
    final Caller caller = CatalogueApi.newAccount();

    @BeforeEach
    void setUp() {
        api = new CatalogueApi(client, json, "/v1/widgets");
        sites = api.on("/v1/sites");
    }

    private String site(Caller owner, String name) {
        return sites.createId(owner, "{\"name\": \"" + name + "\", \"timezone\": \"Europe/London\"}");
    }

    @Test
    void everySiteHasOneWidgetWithTheDefaultsAndTheSameIdOnEveryRead() {
        String site = site(caller, "North");

        JsonNode widgets = api.list(caller, "");
        assertThat(widgets.get("data").size()).isEqualTo(1);
        JsonNode widget = widgets.get("data").get(0);
        assertThat(widget.propertyNames()).containsExactly("id", "object", "site_id", "enabled", "embed_key",
                "theme", "unit_type_ids", "show_prices", "allowed_origins", "booking_mode", "created_at",
                "updated_at");
        assertThat(widget.get("object").asString()).isEqualTo("widget");
        assertThat(widget.get("site_id").asString()).isEqualTo(site);
        assertThat(widget.get("enabled").asBoolean()).isTrue();
        assertThat(widget.get("embed_key").asString()).matches("wk_[0-9A-Za-z]{24}");
        assertThat(widget.get("theme").get("primary_colour").asString()).isEqualTo("#1F4E79");
        assertThat(widget.get("theme").get("font").asString()).isEqualTo("system-ui");
        assertThat(widget.get("unit_type_ids").isNull()).isTrue();
        assertThat(widget.get("show_prices").asBoolean()).isTrue();
        assertThat(widget.get("allowed_origins").size()).isZero();
        assertThat(widget.get("booking_mode").asString()).isEqualTo("reserve");

        assertThat(api.read(caller, widget.get("id").asString())).isEqualTo(widget);
        assertThat(api.list(caller, "").get("data").get(0)).isEqualTo(widget);

        String south = site(caller, "South");
        List<String> ids = api.listedIds(caller, "");
        assertThat(ids).hasSize(2).contains(widget.get("id").asString());
        assertThat(api.list(caller, "?site_id=" + south).get("data").get(0).get("site_id").asString())
                .isEqualTo(south);
        assertThat(api.listedIds(caller, "?limit=1")).hasSize(1);
        assertThat(api.issues(api.get(caller, "?site_id=north"), 400)).containsExactly("site_id invalid");
    }

    @Test
    void widgetsAreReadOnly() {
        site(caller, "North");
        String id = api.listedIds(caller, "").get(0);

        assertThat(api.errorCode(api.post(caller, "{\"site_id\": \"x\"}"), 405)).isEqualTo("method_not_allowed");
        assertThat(api.errorCode(api.patch(caller, id, "{\"enabled\": false}"), 405))
                .isEqualTo("method_not_allowed");
        assertThat(api.errorCode(client.delete().uri("/v1/widgets/" + id)
                .header("Authorization", TestCallers.bearer(caller)).exchange(), 405)).isEqualTo("method_not_allowed");
        assertThat(api.errorCode(client.put().uri("/v1/widgets/" + id).header("Authorization",
                TestCallers.bearer(caller)).contentType(MediaType.APPLICATION_JSON).bodyValue("{}").exchange(), 405))
                .isEqualTo("method_not_allowed");
    }

    @Test
    void aSiteRestrictedCallerSeesOnlyItsSitesWidgets() {
        Caller account = CatalogueApi.newAccount();
        String north = site(account, "North");
        String south = site(account, "South");
        Caller restricted = TestCallers.restrictedTo(account, UUID.fromString(north));

        JsonNode own = api.list(restricted, "").get("data");
        assertThat(own.size()).isEqualTo(1);
        assertThat(own.get(0).get("site_id").asString()).isEqualTo(north);
        String southWidget = api.list(account, "?site_id=" + south).get("data").get(0).get("id").asString();
        assertThat(api.errorCode(api.get(restricted, "/" + southWidget), 403)).isEqualTo("site_forbidden");
        assertThat(api.errorCode(api.get(restricted, "?site_id=" + south), 403)).isEqualTo("site_forbidden");
    }

    @Test
    void anotherAccountsWidgetIsNotFoundAndNeverListed() {
        Caller owner = CatalogueApi.newAccount();
        Caller stranger = CatalogueApi.newAccount();
        site(owner, "Owned");
        String widget = api.listedIds(owner, "").get(0);

        assertThat(api.errorCode(api.get(stranger, "/" + widget), 404)).isEqualTo("not_found");
        assertThat(api.listedIds(stranger, "")).isEmpty();
        assertThat(api.errorCode(api.get(stranger, "/not-an-id"), 404)).isEqualTo("not_found");
    }
}
