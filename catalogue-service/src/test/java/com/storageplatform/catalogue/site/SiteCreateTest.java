package com.storageplatform.catalogue.site;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.request.MutationFilter;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.TestCallers;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** {@code POST /v1/sites}: what a new site looks like and every rule its fields follow. */
@PlatformTest
class SiteCreateTest {

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    SiteApi api;
    final Caller caller = SiteApi.newAccount();

    @BeforeEach
    void setUp() {
        api = new SiteApi(client, json);
    }

    @Test
    void aSiteNeedsOnlyANameAndATimezoneAndTheRestTakesItsDefaults() {
        JsonNode site = api.create(caller, SiteApi.minimal("Riverside"));

        assertThat(Ids.parse(site.get("id").asString())).isPresent();
        assertThat(site.get("object").asString()).isEqualTo("site");
        assertThat(site.get("name").asString()).isEqualTo("Riverside");
        assertThat(site.get("timezone").asString()).isEqualTo("Europe/London");
        assertThat(site.get("status").asString()).isEqualTo("active");
        assertThat(site.get("amenities").isArray()).isTrue();
        assertThat(site.get("amenities").size()).isZero();
        for (String nullable : List.of("description", "address", "phone", "email")) {
            assertThat(site.has(nullable)).as(nullable + " is present").isTrue();
            assertThat(site.get(nullable).isNull()).as(nullable + " is null").isTrue();
        }
        assertThat(site.get("created_at").asString()).endsWith("Z");
        assertThat(Instant.parse(site.get("created_at").asString()))
                .isEqualTo(Instant.parse(site.get("updated_at").asString()));
    }

    @Test
    void theCreatedSiteHasExactlyTheDocumentedFields() {
        JsonNode site = api.create(caller, SiteApi.minimal("Fields"));

        assertThat(site.propertyNames()).containsExactly("id", "object", "name", "description", "status",
                "timezone", "amenities", "address", "phone", "email", "created_at", "updated_at");
    }

    @Test
    void everyFieldSentIsStoredAndReadBack() {
        JsonNode created = api.create(caller, """
                {"name": "Harbour Storage", "description": "Drive-up units by the harbour.",
                 "timezone": "Europe/London", "status": "inactive", "amenities": ["cctv", "wifi"],
                 "address": {"line1": "1 Quay Street", "line2": "Unit 4", "city": "Bristol",
                             "postcode": "BS1 4DJ", "country": "GB"},
                 "phone": "+441179000000", "email": "harbour@example.com"}
                """);

        assertThat(created.get("description").asString()).isEqualTo("Drive-up units by the harbour.");
        assertThat(created.get("status").asString()).isEqualTo("inactive");
        assertThat(created.get("address").get("line1").asString()).isEqualTo("1 Quay Street");
        assertThat(created.get("address").get("line2").asString()).isEqualTo("Unit 4");
        assertThat(created.get("address").get("city").asString()).isEqualTo("Bristol");
        assertThat(created.get("address").get("postcode").asString()).isEqualTo("BS1 4DJ");
        assertThat(created.get("address").get("country").asString()).isEqualTo("GB");
        assertThat(created.get("phone").asString()).isEqualTo("+441179000000");
        assertThat(created.get("email").asString()).isEqualTo("harbour@example.com");
        assertThat(api.read(caller, created.get("id").asString())).isEqualTo(created);
    }

    @Test
    void aMissingNameAndTimezoneAreEachNamed() {
        assertThat(api.issues(api.post(caller, "{}"))).containsExactly("name required", "timezone required");
        assertThat(api.issues(api.post(caller, """
                {"name": "   ", "timezone": null}
                """))).containsExactly("name required", "timezone required");
    }

    @Test
    void aNameIsAtMost200Characters() {
        api.create(caller, SiteApi.minimal("n".repeat(200)));

        assertThat(api.issues(api.post(caller, SiteApi.minimal("n".repeat(201))))).containsExactly("name too_long");
    }

    @Test
    void aNameIsStoredWithoutSurroundingSpaces() {
        assertThat(api.createNamed(caller, "  Northgate  ").get("name").asString()).isEqualTo("Northgate");
    }

    @Test
    void aDescriptionIsAtMost2000CharactersAndAnEmptyOneIsNone() {
        String longest = "d".repeat(2000);
        JsonNode site = api.create(caller, """
                {"name": "Described", "timezone": "Europe/London", "description": "%s"}
                """.formatted(longest));
        assertThat(site.get("description").asString()).isEqualTo(longest);

        assertThat(api.issues(api.post(caller, """
                {"name": "Described", "timezone": "Europe/London", "description": "%s"}
                """.formatted(longest + "d")))).containsExactly("description too_long");
        JsonNode empty = api.create(caller, """
                {"name": "Undescribed", "timezone": "Europe/London", "description": "  "}
                """);
        assertThat(empty.get("description").isNull()).isTrue();
    }

    @Test
    void aTimezoneMustBeAnIanaRegionName() {
        for (String zone : List.of("America/Argentina/Buenos_Aires", "Asia/Kolkata", "Pacific/Auckland")) {
            assertThat(api.create(caller, """
                    {"name": "Zoned", "timezone": "%s"}
                    """.formatted(zone)).get("timezone").asString()).isEqualTo(zone);
        }
        for (String zone : List.of("UTC", "Z", "+01:00", "GMT", "Etc/UTC", "GB", "US/Eastern", "europe/london",
                "Europe/Atlantis", "")) {
            assertThat(api.issues(api.post(caller, """
                    {"name": "Zoned", "timezone": "%s"}
                    """.formatted(zone)))).as(zone)
                    .containsExactly(zone.isEmpty() ? "timezone required" : "timezone invalid");
        }
    }

    @Test
    void amenitiesAreReturnedInTheFixedListsOrderWhateverOrderTheyWereSentIn() {
        JsonNode site = api.create(caller, """
                {"name": "Amenable", "timezone": "Europe/London",
                 "amenities": ["business_centre", "wifi", "cctv", "24_hour_access", "lift"]}
                """);

        assertThat(site.get("amenities").values()).extracting(JsonNode::asString)
                .containsExactly("24_hour_access", "cctv", "lift", "wifi", "business_centre");
        assertThat(api.read(caller, site.get("id").asString()).get("amenities")).isEqualTo(site.get("amenities"));
    }

    @Test
    void everyAmenityOfTheFixedListIsAccepted() {
        List<String> reversed = new ArrayList<>(Amenities.ALL);
        Collections.reverse(reversed);
        String all = String.join("\", \"", reversed);
        JsonNode site = api.create(caller, """
                {"name": "Everything", "timezone": "Europe/London", "amenities": ["%s"]}
                """.formatted(all));

        assertThat(site.get("amenities").values()).extracting(JsonNode::asString)
                .containsExactlyElementsOf(Amenities.ALL);
    }

    @Test
    void anAmenityOutsideTheFixedListIsNamedByItsIndex() {
        assertThat(api.issues(api.post(caller, """
                {"name": "Amenable", "timezone": "Europe/London",
                 "amenities": ["wifi", "sauna", "cctv", "WIFI", null]}
                """))).containsExactly("amenities[1] invalid", "amenities[3] invalid", "amenities[4] invalid");
    }

    @Test
    void anAmenitySentTwiceIsADuplicateOnItsSecondIndex() {
        assertThat(api.issues(api.post(caller, """
                {"name": "Amenable", "timezone": "Europe/London", "amenities": ["wifi", "cctv", "wifi"]}
                """))).containsExactly("amenities[2] duplicate");
    }

    @Test
    void amenitiesMustBeAnArrayOfStrings() {
        assertThat(api.issues(api.post(caller, """
                {"name": "Amenable", "timezone": "Europe/London", "amenities": "wifi"}
                """))).containsExactly("amenities invalid");
        assertThat(api.issues(api.post(caller, """
                {"name": "Amenable", "timezone": "Europe/London", "amenities": ["wifi", 7]}
                """))).containsExactly("amenities[1] invalid");
    }

    @Test
    void aStatusIsActiveInactiveOrArchived() {
        for (String status : List.of("active", "inactive", "archived")) {
            assertThat(api.create(caller, """
                    {"name": "Stated", "timezone": "Europe/London", "status": "%s"}
                    """.formatted(status)).get("status").asString()).isEqualTo(status);
        }
        assertThat(api.issues(api.post(caller, """
                {"name": "Stated", "timezone": "Europe/London", "status": "closed"}
                """))).containsExactly("status invalid");
    }

    @Test
    void anAddressNeedsLine1CityPostcodeAndCountry() {
        assertThat(api.issues(api.post(caller, """
                {"name": "Addressed", "timezone": "Europe/London", "address": {"line2": "Rear yard"}}
                """))).containsExactly("address.line1 required", "address.city required",
                "address.postcode required", "address.country required");
    }

    @Test
    void addressPartsHaveMaximumLengths() {
        assertThat(api.issues(api.post(caller, """
                {"name": "Addressed", "timezone": "Europe/London",
                 "address": {"line1": "%s", "line2": "%s", "city": "%s", "postcode": "%s", "country": "FR"}}
                """.formatted("l".repeat(201), "l".repeat(201), "c".repeat(101), "p".repeat(21)))))
                .containsExactly("address.line1 too_long", "address.line2 too_long", "address.city too_long",
                        "address.postcode too_long");
        JsonNode longest = api.create(caller, """
                {"name": "Addressed", "timezone": "Europe/Paris",
                 "address": {"line1": "%s", "line2": "%s", "city": "%s", "postcode": "%s", "country": "FR"}}
                """.formatted("l".repeat(200), "l".repeat(200), "c".repeat(100), "p".repeat(20)));
        assertThat(longest.get("address").get("postcode").asString()).hasSize(20);
    }

    @Test
    void addressLine2IsOptionalAndNullWhenNotSent() {
        JsonNode site = api.create(caller, """
                {"name": "Addressed", "timezone": "Europe/Paris",
                 "address": {"line1": "3 rue du Port", "city": "Nantes", "postcode": "44000", "country": "FR"}}
                """);

        assertThat(site.get("address").has("line2")).isTrue();
        assertThat(site.get("address").get("line2").isNull()).isTrue();
    }

    @Test
    void aCountryIsAnUpperCaseIso3166Alpha2Code() {
        for (String country : List.of("gb", "UK", "XX", "GBR", "")) {
            assertThat(api.issues(api.post(caller, """
                    {"name": "Addressed", "timezone": "Europe/London",
                     "address": {"line1": "1 High Street", "city": "Leeds", "postcode": "LS1 1AA", "country": "%s"}}
                    """.formatted(country)))).as(country)
                    .containsExactly(country.isEmpty() ? "address.country required" : "address.country invalid");
        }
    }

    @Test
    void aBritishPostcodeMustHaveTheUkShapeAndIsStoredInItsCanonicalForm() {
        JsonNode site = api.create(caller, """
                {"name": "Addressed", "timezone": "Europe/London",
                 "address": {"line1": "10 Downing Street", "city": "London", "postcode": "sw1a2aa", "country": "GB"}}
                """);
        assertThat(site.get("address").get("postcode").asString()).isEqualTo("SW1A 2AA");

        for (String postcode : List.of("12345", "SW1A", "SW1A 2AAA", "1AA 2BB")) {
            assertThat(api.issues(api.post(caller, """
                    {"name": "Addressed", "timezone": "Europe/London",
                     "address": {"line1": "1 High Street", "city": "London", "postcode": "%s", "country": "GB"}}
                    """.formatted(postcode)))).as(postcode).containsExactly("address.postcode invalid");
        }
    }

    @Test
    void aPostcodeOutsideTheUkIsTakenAsSent() {
        JsonNode site = api.create(caller, """
                {"name": "Addressed", "timezone": "Europe/Berlin",
                 "address": {"line1": "Hafenstrasse 1", "city": "Hamburg", "postcode": "20359", "country": "DE"}}
                """);

        assertThat(site.get("address").get("postcode").asString()).isEqualTo("20359");
    }

    @Test
    void aPhoneIsInE164FormAndAnEmailHasAnAddressShape() {
        assertThat(api.issues(api.post(caller, """
                {"name": "Reachable", "timezone": "Europe/London", "phone": "0117 900 0000", "email": "harbour"}
                """))).containsExactly("phone invalid", "email invalid");
        assertThat(api.issues(api.post(caller, """
                {"name": "Reachable", "timezone": "Europe/London", "email": "a@%s.com"}
                """.formatted("e".repeat(250))))).containsExactly("email too_long");
    }

    @Test
    void everyInvalidFieldIsNamedInOneAnswer() {
        assertThat(api.issues(api.post(caller, """
                {"name": "", "timezone": "UTC", "status": "open", "amenities": ["pool"],
                 "address": {"line1": "1 High Street", "city": "Leeds", "postcode": "LS1 1AA", "country": "gb"}}
                """))).containsExactly("name required", "timezone invalid", "status invalid", "amenities[0] invalid",
                "address.country invalid");
    }

    @Test
    void anUnknownFieldIsRefusedWithItsPath() {
        assertThat(api.issues(api.post(caller, """
                {"name": "Odd", "timezone": "Europe/London", "colour": "blue"}
                """))).containsExactly("colour unknown_field");
        assertThat(api.issues(api.post(caller, """
                {"name": "Odd", "timezone": "Europe/London",
                 "address": {"line1": "1 High Street", "city": "Leeds", "postcode": "LS1 1AA", "country": "GB",
                             "colour": "blue"}}
                """))).containsExactly("address.colour unknown_field");
        assertThat(api.issues(api.post(caller, """
                {"id": "0190f5c8-9c1b-7cc4-8b3e-9a2f1e0d7c6b", "name": "Odd", "timezone": "Europe/London"}
                """))).containsExactly("id unknown_field");
    }

    @Test
    void aValueOfTheWrongJsonTypeIsInvalid() {
        assertThat(api.issues(api.post(caller, """
                {"name": 5, "timezone": "Europe/London"}
                """))).containsExactly("name invalid");
        assertThat(api.issues(api.post(caller, """
                {"name": "Typed", "timezone": "Europe/London", "address": "1 High Street"}
                """))).containsExactly("address invalid");
    }

    @Test
    void aSiteIsNeverDeleted() {
        String id = api.createNamed(caller, "Permanent").get("id").asString();

        assertThat(api.errorCode(client.delete().uri("/v1/sites/" + id)
                .header("Authorization", TestCallers.bearer(caller)).exchange(), 405)).isEqualTo("method_not_allowed");
        api.read(caller, id);
    }

    @Test
    void aCreateRepeatedWithItsIdempotencyKeyReplaysTheSameSiteAndCreatesOnlyOne() {
        String key = UUID.randomUUID().toString();
        String body = SiteApi.minimal("Once only");

        byte[] first = api.post(caller, key, body).expectStatus().isCreated()
                .expectHeader().doesNotExist(MutationFilter.REPLAYED_HEADER)
                .expectBody().returnResult().getResponseBody();
        byte[] second = api.post(caller, key, body).expectStatus().isCreated()
                .expectHeader().valueEquals(MutationFilter.REPLAYED_HEADER, "true")
                .expectBody().returnResult().getResponseBody();

        assertThat(second).isEqualTo(first);
        assertThat(api.listedIds(caller, "")).hasSize(1);
        assertThat(sitesCreatedEvents(json.readTree(first).get("data").get("id").asString())).isEqualTo(1);
    }

    @Test
    void anIdempotencyKeyReusedWithAnotherBodyIsAConflict() {
        String key = UUID.randomUUID().toString();
        api.post(caller, key, SiteApi.minimal("First")).expectStatus().isCreated();

        assertThat(api.errorCode(api.post(caller, key, SiteApi.minimal("Second")), 409))
                .isEqualTo("idempotency_conflict");
        assertThat(api.listedIds(caller, "")).hasSize(1);
    }

    private long sitesCreatedEvents(String siteId) {
        return db.sql("""
                SELECT count(*) AS n FROM outbox_events
                WHERE event_type = 'site.created' AND payload::jsonb ->> 'subject' = :id
                """)
                .bind("id", siteId)
                .map(row -> row.get("n", Long.class)).one().block();
    }
}
