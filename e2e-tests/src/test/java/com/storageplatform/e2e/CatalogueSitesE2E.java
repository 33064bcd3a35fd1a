package com.storageplatform.e2e;

import static com.storageplatform.e2e.Account.errorCode;
import static com.storageplatform.e2e.Account.issues;
import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.devstack.DevStack;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * {@code /v1/sites} through the gateway, mirroring catalogue-service's site tests: the fixed amenity list and its
 * order, IANA timezones, description and address rules, PATCH of only the fields sent with an explicit null
 * clearing, and a cursor walk over the list.
 */
class CatalogueSitesE2E {

    /** The conventions' fixed list, in its order. */
    static final List<String> AMENITIES = List.of("24_hour_access", "electronic_gate", "cctv", "alarmed_units",
            "climate_control", "drive_up_access", "loading_bay", "lift", "trolleys", "parking", "on_site_staff",
            "packing_supplies", "wifi", "business_centre");

    static final String FULL_SITE = """
            {"name": "Harbour Storage", "description": "By the harbour.", "timezone": "Europe/London",
             "amenities": ["wifi", "cctv"],
             "address": {"line1": "1 Quay Street", "line2": "Unit 4", "city": "Bristol",
                         "postcode": "BS1 4DJ", "country": "GB"},
             "phone": "+441179000000", "email": "harbour@example.com"}
            """;

    private final DevStack stack = Stack.get();

    private static List<String> strings(JsonNode array) {
        List<String> values = new ArrayList<>();
        array.forEach(value -> values.add(value.asString()));
        return values;
    }

    private static String named(String name, String extraFields) {
        return """
                {"name": "%s", "timezone": "Europe/London"%s}
                """.formatted(name, extraFields.isEmpty() ? "" : ", " + extraFields);
    }

    @Test
    void aSiteNeedsANameAndAnIanaTimezoneAndTakesTheDefaultsForTheRest() {
        Account account = Account.create(stack, "Sites Defaults Ltd");

        JsonNode site = account.created("/v1/sites", named("Riverside", ""));
        assertThat(site.path("object").asString()).isEqualTo("site");
        assertThat(site.path("status").asString()).isEqualTo("active");
        assertThat(site.path("amenities").isArray()).isTrue();
        assertThat(site.path("amenities").size()).isZero();
        for (String nullable : List.of("description", "address", "phone", "email")) {
            assertThat(site.has(nullable)).as(nullable + " is present").isTrue();
            assertThat(site.get(nullable).isNull()).as(nullable + " is null").isTrue();
        }
        assertThat(issues(account.post("/v1/sites", "{}"))).containsExactly("name required", "timezone required");

        for (String zone : List.of("America/Argentina/Buenos_Aires", "Asia/Kolkata", "Pacific/Auckland")) {
            assertThat(account.created("/v1/sites", """
                    {"name": "Zoned", "timezone": "%s"}
                    """.formatted(zone)).path("timezone").asString()).isEqualTo(zone);
        }
        for (String zone : List.of("UTC", "+01:00", "GMT", "Etc/UTC", "US/Eastern", "europe/london",
                "Europe/Atlantis", "")) {
            assertThat(issues(account.post("/v1/sites", """
                    {"name": "Zoned", "timezone": "%s"}
                    """.formatted(zone)))).as(zone)
                    .containsExactly(zone.isEmpty() ? "timezone required" : "timezone invalid");
        }
    }

    @Test
    void amenitiesComeFromTheFixedListAndAreReturnedInItsOrder() {
        Account account = Account.create(stack, "Sites Amenities Ltd");

        JsonNode site = account.created("/v1/sites", named("Amenable",
                "\"amenities\": [\"business_centre\", \"wifi\", \"cctv\", \"24_hour_access\", \"lift\"]"));
        assertThat(strings(site.path("amenities")))
                .containsExactly("24_hour_access", "cctv", "lift", "wifi", "business_centre");
        assertThat(account.read("/v1/sites/" + site.path("id").asString()).path("amenities"))
                .isEqualTo(site.path("amenities"));

        List<String> reversed = new ArrayList<>(AMENITIES);
        Collections.reverse(reversed);
        JsonNode everything = account.created("/v1/sites", named("Everything",
                "\"amenities\": [\"" + String.join("\", \"", reversed) + "\"]"));
        assertThat(strings(everything.path("amenities"))).containsExactlyElementsOf(AMENITIES);

        assertThat(issues(account.post("/v1/sites", named("Amenable",
                "\"amenities\": [\"wifi\", \"sauna\", \"cctv\", \"WIFI\", null]"))))
                .containsExactly("amenities[1] invalid", "amenities[3] invalid", "amenities[4] invalid");
        assertThat(issues(account.post("/v1/sites", named("Amenable",
                "\"amenities\": [\"wifi\", \"cctv\", \"wifi\"]")))).containsExactly("amenities[2] duplicate");
        assertThat(issues(account.post("/v1/sites", named("Amenable", "\"amenities\": \"wifi\""))))
                .containsExactly("amenities invalid");
    }

    @Test
    void aDescriptionIsAtMost2000CharactersAndABlankOneIsNone() {
        Account account = Account.create(stack, "Sites Description Ltd");

        String longest = "d".repeat(2000);
        assertThat(account.created("/v1/sites", named("Described", "\"description\": \"" + longest + "\""))
                .path("description").asString()).isEqualTo(longest);
        assertThat(issues(account.post("/v1/sites", named("Described", "\"description\": \"" + longest + "d\""))))
                .containsExactly("description too_long");
        assertThat(account.created("/v1/sites", named("Undescribed", "\"description\": \"  \""))
                .path("description").isNull()).isTrue();
        assertThat(account.created("/v1/sites", named("Null described", "\"description\": null"))
                .path("description").isNull()).isTrue();
    }

    @Test
    void anAddressNeedsItsPartsAValidCountryAndAUkPostcodeShape() {
        Account account = Account.create(stack, "Sites Address Ltd");

        JsonNode site = account.created("/v1/sites", FULL_SITE);
        JsonNode address = site.path("address");
        assertThat(address.path("line1").asString()).isEqualTo("1 Quay Street");
        assertThat(address.path("line2").asString()).isEqualTo("Unit 4");
        assertThat(address.path("postcode").asString()).isEqualTo("BS1 4DJ");
        assertThat(account.read("/v1/sites/" + site.path("id").asString())).isEqualTo(site);

        assertThat(issues(account.post("/v1/sites", named("Addressed", "\"address\": {\"line2\": \"Rear yard\"}"))))
                .containsExactly("address.line1 required", "address.city required", "address.postcode required",
                        "address.country required");
        assertThat(account.created("/v1/sites", named("Canonical", """
                "address": {"line1": "10 Downing Street", "city": "London", "postcode": "sw1a2aa", "country": "GB"}
                """)).path("address").path("postcode").asString()).isEqualTo("SW1A 2AA");
        JsonNode abroad = account.created("/v1/sites", """
                {"name": "Nantes", "timezone": "Europe/Paris",
                 "address": {"line1": "3 rue du Port", "city": "Nantes", "postcode": "44000", "country": "FR"}}
                """).path("address");
        assertThat(abroad.path("postcode").asString()).isEqualTo("44000");
        assertThat(abroad.has("line2")).isTrue();
        assertThat(abroad.path("line2").isNull()).isTrue();
        assertThat(issues(account.post("/v1/sites", named("Addressed", """
                "address": {"line1": "1 High Street", "city": "Leeds", "postcode": "LS1 1AA", "country": "gb"}
                """)))).containsExactly("address.country invalid");
        assertThat(issues(account.post("/v1/sites", named("Addressed", """
                "address": {"line1": "1 High Street", "city": "Leeds", "postcode": "12345", "country": "GB"}
                """)))).containsExactly("address.postcode invalid");
        assertThat(issues(account.post("/v1/sites", named("Addressed", """
                "address": {"line1": "1 High Street", "city": "Leeds", "postcode": "LS1 1AA", "country": "GB",
                            "colour": "blue"}
                """)))).containsExactly("address.colour unknown_field");
    }

    @Test
    void aPatchChangesOnlyTheFieldsSentAndAnExplicitNullClears() {
        Account account = Account.create(stack, "Sites Patch Ltd");
        JsonNode site = account.created("/v1/sites", FULL_SITE);
        String path = "/v1/sites/" + site.path("id").asString();

        JsonNode renamed = account.updated(path, "{\"name\": \"Harbour Self Storage\"}");
        assertThat(renamed.path("name").asString()).isEqualTo("Harbour Self Storage");
        for (String unchanged : List.of("id", "description", "status", "timezone", "amenities", "address", "phone",
                "email", "created_at")) {
            assertThat(renamed.get(unchanged)).as(unchanged).isEqualTo(site.get(unchanged));
        }

        JsonNode merged = account.updated(path, "{\"address\": {\"line2\": null, \"postcode\": \"bs1 5dj\"}}")
                .path("address");
        assertThat(merged.path("line2").isNull()).isTrue();
        assertThat(merged.path("postcode").asString()).isEqualTo("BS1 5DJ");
        assertThat(merged.path("line1").asString()).isEqualTo("1 Quay Street");
        assertThat(merged.path("city").asString()).isEqualTo("Bristol");

        JsonNode cleared = account.updated(path, """
                {"description": null, "address": null, "phone": null, "email": null, "amenities": null}
                """);
        for (String field : List.of("description", "address", "phone", "email")) {
            assertThat(cleared.get(field).isNull()).as(field).isTrue();
        }
        assertThat(cleared.path("amenities").isArray()).isTrue();
        assertThat(cleared.path("amenities").size()).isZero();
        assertThat(cleared.path("name").asString()).isEqualTo("Harbour Self Storage");
        assertThat(account.read(path)).isEqualTo(cleared);

        assertThat(strings(account.updated(path, "{\"amenities\": [\"trolleys\", \"alarmed_units\", \"wifi\"]}")
                .path("amenities"))).containsExactly("alarmed_units", "trolleys", "wifi");
        JsonNode before = account.read(path);
        assertThat(issues(account.patch(path, "{\"name\": null, \"timezone\": null, \"status\": null}")))
                .containsExactly("name required", "status required", "timezone required");
        assertThat(issues(account.patch(path, """
                {"timezone": "+01:00", "amenities": ["wifi", "sauna", "wifi"], "phone": "01179000000"}
                """))).containsExactly("timezone invalid", "amenities[1] invalid", "amenities[2] duplicate",
                "phone invalid");
        assertThat(issues(account.patch(path, "{\"colour\": \"blue\"}"))).containsExactly("colour unknown_field");
        assertThat(account.read(path)).isEqualTo(before);
    }

    @Test
    void aCursorWalksEverySiteOnceNewestFirst() {
        Account account = Account.create(stack, "Sites Paging Ltd");
        List<String> created = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            created.add(account.site("Site " + i));
        }
        Collections.reverse(created);

        List<String> walked = new ArrayList<>();
        String query = "/v1/sites?limit=2";
        int pages = 0;
        while (true) {
            Http.Response page = account.get(query);
            assertThat(page.status()).as(page.body().toString()).isEqualTo(200);
            assertThat(page.body().path("meta").path("limit").asInt()).isEqualTo(2);
            walked.addAll(page.ids());
            pages++;
            JsonNode cursor = page.body().path("meta").path("cursor");
            if (!cursor.path("has_more").asBoolean()) {
                assertThat(cursor.path("next").isNull()).isTrue();
                break;
            }
            assertThat(pages).as("pages walked").isLessThan(3);
            query = "/v1/sites?limit=2&cursor=" + cursor.path("next").asString();
        }
        assertThat(pages).isEqualTo(3);
        assertThat(walked).containsExactlyElementsOf(created);

        assertThat(issues(account.get("/v1/sites?limit=0"), 400)).containsExactly("limit below_minimum");
        assertThat(issues(account.get("/v1/sites?limit=101"), 400)).containsExactly("limit above_maximum");
        assertThat(issues(account.get("/v1/sites?cursor=nonsense"), 400)).containsExactly("cursor invalid");
    }

    @Test
    void anotherAccountsSiteIsNotFoundAndNoSiteIsEverDeleted() {
        Account owner = Account.create(stack, "Sites Owner Ltd");
        Account stranger = Account.create(stack, "Sites Stranger Ltd");
        String site = owner.site("Owned");

        assertThat(errorCode(stranger.get("/v1/sites/" + site), 404)).isEqualTo("not_found");
        assertThat(errorCode(stranger.patch("/v1/sites/" + site, "{\"name\": \"Taken\"}"), 404))
                .isEqualTo("not_found");
        assertThat(stranger.listed("/v1/sites")).isEmpty();
        assertThat(errorCode(owner.delete("/v1/sites/" + site), 405)).isEqualTo("method_not_allowed");
        assertThat(owner.read("/v1/sites/" + site).path("name").asString()).isEqualTo("Owned");
    }
}
