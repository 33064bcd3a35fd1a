package com.storageplatform.crm.internal;

import static com.storageplatform.kit.testsupport.ResourceApi.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.crm.support.CrmApi;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.TestEvents;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.json.JsonMapper;

/**
 * crm's projections fed by the other services' events: auth's operator settings, commerce's contacts, the
 * catalogue's sites and unit types; a deal then names them.
 */
@PlatformTest
class ProjectionsTest {

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    AccountSettings settings;

    @Autowired
    Customers customers;

    @Autowired
    Records records;

    @Test
    void aDealNamesWhatTheOtherServicesPublished() {
        Caller caller = CrmApi.newAccount();
        UUID contact = Ids.newId();
        UUID site = Ids.newId();
        UUID unitType = Ids.newId();
        UUID walkIn = Ids.newId();
        TestEvents.publishForOperator("auth.events", "operator.created", caller.operatorId(), Map.of(
                "id", caller.operatorId().toString(), "object", "operator", "timezone", "Europe/London",
                "default_currency", "GBP",
                "accounts", List.of(Map.of("id", caller.accountId().toString(), "environment", "test")),
                "walk_in_contact_ids", Map.of("test", walkIn.toString(), "live", Ids.newId().toString()),
                "settings", Map.of("deal_lost_default_reason", "No answer", "reserved_deal_follow_up_enabled",
                        false)));
        TestEvents.publish("commerce.events", "contact.created", caller.accountId(), Map.of("id",
                contact.toString(), "object", "contact", "first_name", "Ada", "last_name", "Lovelace", "status",
                "active"));
        TestEvents.publish("catalogue.events", "site.created", caller.accountId(), Map.of("id", site.toString(),
                "object", "site", "name", "Harbour", "timezone", "Europe/London", "status", "active"));
        TestEvents.publish("catalogue.events", "unit_type.created", caller.accountId(), Map.of("id",
                unitType.toString(), "object", "unit_type", "site_id", site.toString(), "name", "50 sq ft"));

        eventually(() -> "No answer".equals(settings.of(caller.accountId()).block().dealLostDefaultReason()));
        eventually(() -> customers.find(caller.accountId(), contact).block() != null);
        eventually(() -> records.unitType(caller.accountId(), unitType).block() != null
                && records.site(caller.accountId(), site).block() != null);
        assertThat(settings.of(caller.accountId()).block().reservedDealFollowUpEnabled()).isFalse();
        assertThat(customers.find(caller.accountId(), walkIn).block().walkIn()).isTrue();

        CrmApi deals = new CrmApi(client, json, "/v1/deals");
        String id = deals.createId(caller, """
                {"contact_id": "%s", "site_id": "%s", "unit_type_id": "%s"}
                """.formatted(contact, site, unitType));
        assertThat(deals.updated(caller, id, "{\"status\": \"lost\"}").get("lost_reason").asString())
                .isEqualTo("No answer");
        assertThat(deals.issues(deals.post(caller, """
                {"contact_id": "%s", "site_id": "%s"}
                """.formatted(walkIn, site)))).containsExactly("contact_id not_allowed");
    }
}
