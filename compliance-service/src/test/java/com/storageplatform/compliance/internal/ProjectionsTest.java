package com.storageplatform.compliance.internal;

import static com.storageplatform.kit.testsupport.ResourceApi.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.TestCallers;
import com.storageplatform.kit.testsupport.TestEvents;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * compliance's projections fed by the other services' events: auth's operator settings, commerce's contacts and
 * agreements, the catalogue's sites, unit types and units.
 */
@PlatformTest
class ProjectionsTest {

    @Autowired
    AccountSettings settings;

    @Autowired
    Customers customers;

    @Autowired
    Records records;

    @Test
    void whatTheOtherServicesPublishedIsKnown() {
        Caller caller = TestCallers.apiCaller("compliance:read");
        UUID contact = Ids.newId();
        UUID site = Ids.newId();
        UUID unit = Ids.newId();
        UUID agreement = Ids.newId();
        UUID walkIn = Ids.newId();
        TestEvents.publishForOperator("auth.events", "operator.created", caller.operatorId(), Map.of(
                "id", caller.operatorId().toString(), "object", "operator", "timezone", "Europe/London",
                "default_currency", "GBP",
                "accounts", List.of(Map.of("id", caller.accountId().toString(), "environment", "test")),
                "walk_in_contact_ids", Map.of("test", walkIn.toString(), "live", Ids.newId().toString()),
                "settings", Map.of("online_id_checks_enabled", true, "id_check_required_before_access", true)));
        TestEvents.publish("commerce.events", "contact.created", caller.accountId(), Map.of("id",
                contact.toString(), "object", "contact", "first_name", "Ada", "last_name", "Lovelace", "email",
                "ada@harbour-storage.co.uk", "status", "active"));
        TestEvents.publish("catalogue.events", "site.created", caller.accountId(), Map.of("id", site.toString(),
                "object", "site", "name", "Harbour", "timezone", "Europe/London", "status", "active"));
        TestEvents.publish("catalogue.events", "unit.created", caller.accountId(), Map.of("id", unit.toString(),
                "object", "unit", "site_id", site.toString(), "name", "H1"));
        TestEvents.publish("commerce.events", "agreement.created", caller.accountId(), Map.of("id",
                agreement.toString(), "object", "agreement", "contact_id", contact.toString(), "unit_id",
                unit.toString(), "site_id", site.toString(), "status", "draft"));

        eventually(() -> settings.of(caller.accountId()).block().onlineIdChecksEnabled());
        eventually(() -> customers.find(caller.accountId(), contact).block() != null);
        eventually(() -> records.unit(caller.accountId(), unit).block() != null
                && records.site(caller.accountId(), site).block() != null
                && records.agreement(caller.accountId(), agreement).block() != null);
        assertThat(settings.of(caller.accountId()).block().idCheckRequiredBeforeAccess()).isTrue();
        Customers.Customer ada = customers.find(caller.accountId(), contact).block();
        assertThat(ada.email()).isEqualTo("ada@harbour-storage.co.uk");
        assertThat(ada.firstName() + " " + ada.lastName()).isEqualTo("Ada Lovelace");
        assertThat(customers.find(caller.accountId(), walkIn).block().walkIn()).isTrue();
        assertThat(customers.find(TestCallers.apiCaller("compliance:read").accountId(), contact).block()).isNull();
    }
}
