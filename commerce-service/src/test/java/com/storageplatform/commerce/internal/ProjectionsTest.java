package com.storageplatform.commerce.internal;

import static com.storageplatform.kit.testsupport.ResourceApi.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.commerce.support.Catalogue;
import com.storageplatform.commerce.support.CommerceApi;
import com.storageplatform.commerce.support.CommerceTest;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.TestEvents;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;

/** Commerce's copies of the catalogue and of the operator settings follow their owners' events. */
@CommerceTest
class ProjectionsTest {

    @Autowired
    DatabaseClient db;

    @Autowired
    CatalogueRecords records;

    @Autowired
    AccountSettings settings;

    final Caller caller = CommerceApi.newAccount();

    @Test
    void aUnitIsReadAsTheCatalogueLastDescribedIt() {
        Catalogue catalogue = new Catalogue(db);
        UUID site = catalogue.site(caller, "Norwich");
        UUID type = catalogue.unitType(caller, site, 4500);
        UUID unit = catalogue.unit(caller, site, type, "A12");
        assertThat(records.unit(caller.accountId(), unit).block())
                .isEqualTo(new CatalogueUnit(unit, site, type, "A12", "available"));
        Map<String, Object> archived = new java.util.HashMap<>(Map.of("id", unit.toString(), "object", "unit",
                "site_id", site.toString(), "unit_type_id", type.toString(), "name", "A12", "status", "archived",
                "updated_at", Instant.now().toString()));
        catalogue.publish(caller, "unit.archived", archived);
        assertThat(records.unit(caller.accountId(), unit).block().outOfUse()).isTrue();
        // Another account never reads it.
        assertThat(records.unit(Ids.newId(), unit).blockOptional()).isEmpty();
    }

    @Test
    void operatorSettingsReachBothAccountsAndAnOlderEventChangesNothing() {
        UUID operator = Ids.newId();
        UUID live = Ids.newId();
        UUID test = Ids.newId();
        UUID walkInTest = Ids.newId();
        Instant now = Instant.now();
        TestEvents.publishForOperator("auth.events", "operator.created", operator, operator(operator, live, test, walkInTest,
                Map.of("id_check_required_before_access", true, "published_website_urls",
                        List.of("https://acme.example"), "reservation_hold_days", 3)));
        eventually(() -> settings.of(test).block().reservationHoldDays() == 3);
        AccountSettings.Settings read = settings.of(test).block();
        assertThat(read.walkInContactId()).isEqualTo(walkInTest);
        assertThat(read.idCheckRequiredBeforeAccess()).isTrue();
        assertThat(read.publishedWebsiteUrls()).containsExactly("https://acme.example");
        assertThat(read.timezone()).isEqualTo(ZoneId.of("Europe/Dublin"));
        assertThat(settings.of(live).block().walkInContactId()).isNotEqualTo(walkInTest);
        // An account nobody has published reads the defaults of a new operator.
        assertThat(settings.of(Ids.newId()).block()).isEqualTo(AccountSettings.Settings.DEFAULTS);
        assertThat(now).isNotNull();
    }

    private static Map<String, Object> operator(UUID id, UUID live, UUID test, UUID walkInTest,
            Map<String, Object> settings) {
        return Map.of("id", id.toString(), "object", "operator", "timezone", "Europe/Dublin",
                "default_currency", "EUR",
                "accounts", List.of(Map.of("id", live.toString(), "environment", "live"),
                        Map.of("id", test.toString(), "environment", "test")),
                "settings", settings,
                "walk_in_contact_ids", Map.of("live", Ids.newId().toString(), "test", walkInTest.toString()));
    }
}
