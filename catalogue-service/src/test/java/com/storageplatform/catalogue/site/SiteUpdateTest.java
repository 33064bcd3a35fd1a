package com.storageplatform.catalogue.site;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.time.PlatformClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** {@code PATCH /v1/sites/{id}}: only what is sent changes, an explicit null clears, the rules of create hold. */
@PlatformTest
class SiteUpdateTest {

    static final String FULL_SITE = """
            {"name": "Harbour Storage", "description": "By the harbour.", "timezone": "Europe/London",
             "amenities": ["wifi", "cctv"],
             "address": {"line1": "1 Quay Street", "line2": "Unit 4", "city": "Bristol",
                         "postcode": "BS1 4DJ", "country": "GB"},
             "phone": "+441179000000", "email": "harbour@example.com"}
            """;

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    PlatformClock clock;

    SiteApi api;
    final Caller caller = SiteApi.newAccount();

    @BeforeEach
    void setUp() {
        api = new SiteApi(client, json);
    }

    @AfterEach
    void resetClock() {
        clock.setOffset(Duration.ZERO);
    }

    private JsonNode fullSite() {
        return api.create(caller, FULL_SITE);
    }

    private static String id(JsonNode site) {
        return site.get("id").asString();
    }

    @Test
    void onlyTheFieldsSentChange() {
        JsonNode site = fullSite();

        JsonNode updated = api.updated(caller, id(site), """
                {"name": "Harbour Self Storage"}
                """);

        assertThat(updated.get("name").asString()).isEqualTo("Harbour Self Storage");
        for (String unchanged : List.of("id", "object", "description", "status", "timezone", "amenities", "address",
                "phone", "email", "created_at")) {
            assertThat(updated.get(unchanged)).as(unchanged).isEqualTo(site.get(unchanged));
        }
        assertThat(api.read(caller, id(site))).isEqualTo(updated);
    }

    @Test
    void everyFieldCanBeChanged() {
        JsonNode site = fullSite();

        JsonNode updated = api.updated(caller, id(site), """
                {"name": "Moved", "description": "Now inland.", "timezone": "Europe/Dublin", "status": "inactive",
                 "amenities": ["parking"],
                 "address": {"line1": "2 Main Street", "line2": null, "city": "Cork", "postcode": "T12 X70A",
                             "country": "IE"},
                 "phone": "+353210000000", "email": "cork@example.com"}
                """);

        assertThat(updated.get("name").asString()).isEqualTo("Moved");
        assertThat(updated.get("description").asString()).isEqualTo("Now inland.");
        assertThat(updated.get("timezone").asString()).isEqualTo("Europe/Dublin");
        assertThat(updated.get("status").asString()).isEqualTo("inactive");
        assertThat(updated.get("amenities").values()).extracting(JsonNode::asString).containsExactly("parking");
        assertThat(updated.get("address").get("city").asString()).isEqualTo("Cork");
        assertThat(updated.get("address").get("line2").isNull()).isTrue();
        assertThat(updated.get("address").get("country").asString()).isEqualTo("IE");
        assertThat(updated.get("phone").asString()).isEqualTo("+353210000000");
        assertThat(updated.get("email").asString()).isEqualTo("cork@example.com");
    }

    @Test
    void anExplicitNullClearsTheDescriptionTheAddressThePhoneAndTheEmail() {
        JsonNode site = fullSite();

        JsonNode updated = api.updated(caller, id(site), """
                {"description": null, "address": null, "phone": null, "email": null}
                """);

        for (String cleared : List.of("description", "address", "phone", "email")) {
            assertThat(updated.get(cleared).isNull()).as(cleared).isTrue();
        }
        assertThat(updated.get("name")).isEqualTo(site.get("name"));
        assertThat(api.read(caller, id(site))).isEqualTo(updated);
    }

    @Test
    void anExplicitNullForAddressLine2ClearsOnlyLine2() {
        JsonNode site = fullSite();

        JsonNode address = api.updated(caller, id(site), """
                {"address": {"line2": null}}
                """).get("address");

        assertThat(address.get("line2").isNull()).isTrue();
        assertThat(address.get("line1").asString()).isEqualTo("1 Quay Street");
        assertThat(address.get("city").asString()).isEqualTo("Bristol");
        assertThat(address.get("postcode").asString()).isEqualTo("BS1 4DJ");
        assertThat(address.get("country").asString()).isEqualTo("GB");
    }

    @Test
    void addressPartsSentMergeIntoTheStoredAddress() {
        JsonNode site = fullSite();

        JsonNode address = api.updated(caller, id(site), """
                {"address": {"postcode": "bs1 5dj"}}
                """).get("address");

        assertThat(address.get("postcode").asString()).isEqualTo("BS1 5DJ");
        assertThat(address.get("line1").asString()).isEqualTo("1 Quay Street");
        assertThat(address.get("line2").asString()).isEqualTo("Unit 4");
    }

    @Test
    void aChangedCountryJudgesTheStoredPostcodeAgain() {
        JsonNode site = api.create(caller, """
                {"name": "Hamburg", "timezone": "Europe/Berlin",
                 "address": {"line1": "Hafenstrasse 1", "city": "Hamburg", "postcode": "20359", "country": "DE"}}
                """);

        assertThat(api.issues(api.patch(caller, id(site), """
                {"address": {"country": "GB"}}
                """))).containsExactly("address.postcode invalid");
    }

    @Test
    void aPartialAddressOnASiteWithoutOneNamesTheMissingParts() {
        JsonNode site = api.createNamed(caller, "No address yet");

        assertThat(api.issues(api.patch(caller, id(site), """
                {"address": {"city": "Leeds"}}
                """))).containsExactly("address.line1 required", "address.postcode required",
                "address.country required");
        JsonNode address = api.updated(caller, id(site), """
                {"address": {"line1": "1 High Street", "city": "Leeds", "postcode": "LS1 1AA", "country": "GB"}}
                """).get("address");
        assertThat(address.get("line2").isNull()).isTrue();
        assertThat(address.get("city").asString()).isEqualTo("Leeds");
    }

    @Test
    void aRequiredAddressPartCannotBeCleared() {
        JsonNode site = fullSite();

        assertThat(api.issues(api.patch(caller, id(site), """
                {"address": {"line1": null, "city": null, "postcode": null, "country": null}}
                """))).containsExactly("address.line1 required", "address.city required",
                "address.postcode required", "address.country required");
    }

    @Test
    void aFieldThatAlwaysHasAValueCannotBeNulled() {
        JsonNode site = fullSite();

        assertThat(api.issues(api.patch(caller, id(site), """
                {"name": null, "timezone": null, "status": null}
                """))).containsExactly("name required", "status required", "timezone required");
        assertThat(api.read(caller, id(site))).isEqualTo(site);
    }

    @Test
    void amenitiesSentReplaceTheStoredOnesInTheFixedListsOrderAndNullClearsThem() {
        JsonNode site = fullSite();

        JsonNode replaced = api.updated(caller, id(site), """
                {"amenities": ["trolleys", "alarmed_units", "wifi"]}
                """);
        assertThat(replaced.get("amenities").values()).extracting(JsonNode::asString)
                .containsExactly("alarmed_units", "trolleys", "wifi");

        assertThat(api.updated(caller, id(site), """
                {"amenities": []}
                """).get("amenities").size()).isZero();
        api.updated(caller, id(site), """
                {"amenities": ["cctv"]}
                """);
        JsonNode cleared = api.updated(caller, id(site), """
                {"amenities": null}
                """);
        assertThat(cleared.get("amenities").isArray()).isTrue();
        assertThat(cleared.get("amenities").size()).isZero();
    }

    @Test
    void theRulesOfCreateHoldForEveryFieldSent() {
        JsonNode site = fullSite();

        assertThat(api.issues(api.patch(caller, id(site), """
                {"name": "%s", "description": "%s", "timezone": "+01:00", "status": "closed",
                 "amenities": ["wifi", "sauna", "wifi"], "address": {"country": "gb"},
                 "phone": "01179000000", "email": "nobody"}
                """.formatted("n".repeat(201), "d".repeat(2001)))))
                .containsExactly("name too_long", "description too_long", "status invalid", "timezone invalid",
                        "amenities[1] invalid", "amenities[2] duplicate", "address.country invalid",
                        "phone invalid", "email invalid");
        assertThat(api.read(caller, id(site))).isEqualTo(site);
    }

    @Test
    void aSiteIsArchivedAndReactivatedThroughItsStatus() {
        JsonNode site = fullSite();

        assertThat(api.updated(caller, id(site), """
                {"status": "archived"}
                """).get("status").asString()).isEqualTo("archived");
        assertThat(api.updated(caller, id(site), """
                {"status": "active"}
                """).get("status").asString()).isEqualTo("active");
    }

    @Test
    void anUnknownFieldIsRefusedWithItsPath() {
        JsonNode site = fullSite();

        assertThat(api.issues(api.patch(caller, id(site), "{\"colour\": \"blue\"}"))).containsExactly("colour unknown_field");
        assertThat(api.issues(api.patch(caller, id(site), "{\"created_at\": \"2026-01-01T00:00:00Z\"}")))
                .containsExactly("created_at unknown_field");
        assertThat(api.issues(api.patch(caller, id(site), "{\"address\": {\"colour\": \"red\"}}")))
                .containsExactly("address.colour unknown_field");
        assertThat(api.read(caller, id(site))).isEqualTo(site);
    }

    @Test
    void aValueOfTheWrongJsonTypeIsInvalid() {
        JsonNode site = fullSite();

        for (String[] wrong : new String[][] {{"{\"name\": 5}", "name invalid"},
                {"{\"description\": true}", "description invalid"}, {"{\"amenities\": \"wifi\"}", "amenities invalid"},
                {"{\"address\": \"1 Quay Street\"}", "address invalid"},
                {"{\"amenities\": [\"wifi\", 3]}", "amenities[1] invalid"},
                {"{\"address\": {\"city\": 12}}", "address.city invalid"}}) {
            assertThat(api.issues(api.patch(caller, id(site), wrong[0]))).as(wrong[0]).containsExactly(wrong[1]);
        }
        assertThat(api.read(caller, id(site))).isEqualTo(site);
    }

    @Test
    void aBodyThatIsNotAJsonObjectIsRefused() {
        JsonNode site = fullSite();

        assertThat(api.errorCode(api.patch(caller, id(site), "[]"), 400)).isEqualTo("invalid_request");
        assertThat(api.errorCode(api.patch(caller, id(site), "{\"name\": "), 400)).isEqualTo("invalid_request");
    }

    @Test
    void updatedAtMovesWithAChangeAndCreatedAtNever() {
        JsonNode site = fullSite();
        clock.advance(Duration.ofHours(2));

        JsonNode updated = api.updated(caller, id(site), """
                {"description": "Two hours later."}
                """);

        Instant created = Instant.parse(site.get("created_at").asString());
        assertThat(updated.get("created_at")).isEqualTo(site.get("created_at"));
        assertThat(Instant.parse(updated.get("updated_at").asString()))
                .isBetween(created.plus(Duration.ofHours(2)), created.plus(Duration.ofHours(2).plusMinutes(1)));
    }

    @Test
    void anUpdateThatChangesNothingLeavesTheSiteAsItWas() {
        JsonNode site = fullSite();
        clock.advance(Duration.ofHours(2));

        assertThat(api.updated(caller, id(site), "{}")).isEqualTo(site);
        assertThat(api.updated(caller, id(site), """
                {"name": "Harbour Storage", "amenities": ["cctv", "wifi"], "address": {"postcode": "bs1 4dj"}}
                """)).isEqualTo(site);
        assertThat(api.read(caller, id(site))).isEqualTo(site);
    }

    @Test
    void aMalformedOrUnknownIdIsNotFound() {
        for (String id : List.of("not-a-uuid", "0190F5C8-9C1B-7CC4-8B3E-9A2F1E0D7C6B",
                "0190f5c8-9c1b-7cc4-8b3e-9a2f1e0d7c6b")) {
            assertThat(api.errorCode(api.get(caller, "/v1/sites/" + id), 404)).as(id).isEqualTo("not_found");
            assertThat(api.errorCode(api.patch(caller, id, "{\"name\": \"Ghost\"}"), 404)).as(id)
                    .isEqualTo("not_found");
        }
    }
}
