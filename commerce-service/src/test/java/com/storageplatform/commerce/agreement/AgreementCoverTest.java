package com.storageplatform.commerce.agreement;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.commerce.support.CommerceApi;
import com.storageplatform.commerce.support.CommerceTest;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.time.PlatformClock;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** An agreement's cover: set, changed and ended by PATCH, moved with the move-in date, ended with the agreement. */
@CommerceTest
class AgreementCoverTest {

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    @Autowired
    PlatformClock clock;

    Fixture f;
    CommerceApi api;
    UUID perThousand;
    UUID fixedLevel;

    @BeforeEach
    void setUp() {
        f = new Fixture(client, json, db);
        api = f.api;
        perThousand = f.coverageProduct("per_thousand", "active", Map.of("rate_per_thousand_minor", 150,
                "min_cover_minor", 100_000, "max_cover_minor", 5_000_000, "rounding_step", 100_000));
        fixedLevel = f.coverageProduct("fixed_level", "active", Map.of("price_minor", 500));
    }

    @AfterEach
    void resetClock() {
        clock.setOffset(Duration.ZERO);
    }

    /** Today at the fixture's site, on the platform clock. */
    LocalDate today() {
        return LocalDate.now(clock.withZone(ZoneId.of("Europe/London")));
    }

    /** The {@code cover.*} events written for the cover {@code coverId}, as {@code type}. */
    List<String> coverEvents(String coverId) {
        return f.eventTypes(coverId);
    }

    @Test
    void coverStartsOnTheMoveInDateRoundedUpToTheProductsStep() {
        String move = today().plusDays(7).toString();
        JsonNode booked = f.book(f.customer, f.unit, "\"move_in_date\": \"" + move + "\"");
        String id = booked.get("id").asString();
        JsonNode covered = api.updated(f.caller, id, "{\"coverage_product_id\": \"" + perThousand
                + "\", \"cover_minor\": 250001}");
        JsonNode cover = covered.get("cover");
        assertThat(cover.get("coverage_product_id").asString()).isEqualTo(perThousand.toString());
        assertThat(cover.get("cover_minor").asLong()).isEqualTo(300_000);
        assertThat(cover.get("currency").asString()).isEqualTo("GBP");
        assertThat(cover.get("starts_on").asString()).isEqualTo(move);
        assertThat(cover.get("ends_on").isNull()).isTrue();
        String coverId = cover.get("id").asString();
        JsonNode started = f.events(coverId).get(0);
        assertThat(started.get("type").asString()).isEqualTo("cover.started");
        JsonNode data = started.get("data");
        assertThat(data.get("object").asString()).isEqualTo("cover");
        assertThat(data.get("id").asString()).isEqualTo(coverId);
        assertThat(data.get("coverage_product_id").asString()).isEqualTo(perThousand.toString());
        assertThat(data.get("agreement_id").asString()).isEqualTo(id);
        assertThat(data.get("contact_id").asString()).isEqualTo(f.customer.toString());
        assertThat(data.get("cover_minor").asLong()).isEqualTo(300_000);
        assertThat(data.get("currency").asString()).isEqualTo("GBP");
        assertThat(data.get("starts_on").asString()).isEqualTo(move);
        assertThat(f.eventTypes(id)).containsExactly("agreement.created", "agreement.updated");
    }

    @Test
    void coverTakenOutAfterMoveInStartsToday() {
        String id = f.book(f.customer, f.unit, "\"move_in_date\": \"" + today().minusDays(20) + "\"")
                .get("id").asString();
        JsonNode cover = api.updated(f.caller, id, "{\"coverage_product_id\": \"" + fixedLevel + "\"}")
                .get("cover");
        assertThat(cover.get("starts_on").asString()).isEqualTo(today().toString());
        assertThat(cover.get("cover_minor").isNull()).isTrue();
    }

    @Test
    void perThousandCoverMustBeDeclaredWithinTheProductsBounds() {
        String id = f.book(f.customer, f.unit).get("id").asString();
        String product = "\"coverage_product_id\": \"" + perThousand + "\"";
        assertThat(api.issues(api.patch(f.caller, id, "{" + product + "}"))).containsExactly("cover_minor required");
        assertThat(api.issues(api.patch(f.caller, id, "{" + product + ", \"cover_minor\": 50000}")))
                .containsExactly("cover_minor below_minimum");
        assertThat(api.issues(api.patch(f.caller, id, "{" + product + ", \"cover_minor\": 9000000}")))
                .containsExactly("cover_minor above_maximum");
        assertThat(api.read(f.caller, id).get("cover").isNull()).isTrue();
        assertThat(f.eventTypes(id)).containsExactly("agreement.created");
    }

    @Test
    void fixedLevelCoverTakesAnyDeclaredAmountOrNone() {
        String id = f.book(f.customer, f.unit).get("id").asString();
        assertThat(api.updated(f.caller, id, "{\"coverage_product_id\": \"" + fixedLevel
                + "\", \"cover_minor\": 123456}").get("cover").get("cover_minor").asLong()).isEqualTo(123456);
    }

    @Test
    void theProductMustBeTheAccountsAndOffered() {
        String id = f.book(f.customer, f.unit).get("id").asString();
        UUID inactive = f.coverageProduct("fixed_level", "inactive", Map.of());
        assertThat(api.issues(api.patch(f.caller, id, "{\"coverage_product_id\": \"" + Ids.newId() + "\"}")))
                .containsExactly("coverage_product_id not_found");
        assertThat(api.issues(api.patch(f.caller, id, "{\"coverage_product_id\": \"" + inactive + "\"}")))
                .containsExactly("coverage_product_id not_allowed");
        Fixture other = new Fixture(client, json, db);
        UUID theirs = other.coverageProduct("fixed_level", "active", Map.of());
        assertThat(api.issues(api.patch(f.caller, id, "{\"coverage_product_id\": \"" + theirs + "\"}")))
                .containsExactly("coverage_product_id not_found");
        assertThat(api.issues(api.patch(f.caller, id, "{\"cover_minor\": 100000}")))
                .containsExactly("coverage_product_id required");
    }

    @Test
    void aNewAmountChangesTheCoverAndAnotherProductReplacesIt() {
        String id = f.book(f.customer, f.unit).get("id").asString();
        String first = api.updated(f.caller, id, "{\"coverage_product_id\": \"" + perThousand
                + "\", \"cover_minor\": 200000}").get("cover").get("id").asString();
        JsonNode more = api.updated(f.caller, id, "{\"cover_minor\": 400000}").get("cover");
        assertThat(more.get("id").asString()).isEqualTo(first);
        assertThat(more.get("cover_minor").asLong()).isEqualTo(400_000);
        // The same values again change nothing.
        api.updated(f.caller, id, "{\"coverage_product_id\": \"" + perThousand + "\", \"cover_minor\": 400000}");
        assertThat(coverEvents(first)).containsExactly("cover.started", "cover.changed");
        JsonNode replaced = api.updated(f.caller, id, "{\"coverage_product_id\": \"" + fixedLevel + "\"}")
                .get("cover");
        assertThat(replaced.get("id").asString()).isNotEqualTo(first);
        assertThat(coverEvents(first)).containsExactly("cover.started", "cover.changed", "cover.ended");
        assertThat(coverEvents(replaced.get("id").asString())).containsExactly("cover.started");
    }

    @Test
    void anExplicitNullEndsTheCover() {
        String id = f.book(f.customer, f.unit).get("id").asString();
        String cover = api.updated(f.caller, id, "{\"coverage_product_id\": \"" + fixedLevel + "\"}").get("cover")
                .get("id").asString();
        assertThat(api.updated(f.caller, id, "{\"coverage_product_id\": null}").get("cover").isNull()).isTrue();
        assertThat(coverEvents(cover)).containsExactly("cover.started", "cover.ended");
        JsonNode ended = f.events(cover).get(1).get("data");
        assertThat(ended.get("coverage_product_id").asString()).isEqualTo(fixedLevel.toString());
        assertThat(ended.get("ends_on").isNull()).isFalse();
        // Nothing to end: no change.
        api.updated(f.caller, id, "{\"coverage_product_id\": null}");
        assertThat(f.eventTypes(id)).containsExactly("agreement.created", "agreement.updated", "agreement.updated");
    }

    @Test
    void aMoveInDateChangeMovesCoverThatStartedOnItAndClearingItIsAConflict() {
        String move = today().plusDays(7).toString();
        String id = f.book(f.customer, f.unit, "\"move_in_date\": \"" + move + "\"").get("id").asString();
        String cover = api.updated(f.caller, id, "{\"coverage_product_id\": \"" + fixedLevel + "\"}").get("cover")
                .get("id").asString();
        String later = today().plusDays(14).toString();
        JsonNode moved = api.updated(f.caller, id, "{\"move_in_date\": \"" + later + "\"}");
        assertThat(moved.get("cover").get("starts_on").asString()).isEqualTo(later);
        assertThat(coverEvents(cover)).containsExactly("cover.started", "cover.changed");
        assertThat(f.events(cover).get(1).get("data").get("starts_on").asString()).isEqualTo(later);
        assertThat(api.errorCode(api.patch(f.caller, id, "{\"move_in_date\": null}"), 409)).isEqualTo("conflict");
        assertThat(api.read(f.caller, id).get("move_in_date").asString()).isEqualTo(later);
    }

    @Test
    void aMoveInDateMovedIntoThePastStartsCoverNoEarlierThanTheDayItWasTakenOut() {
        LocalDate takenOut = today();
        String id = f.book(f.customer, f.unit, "\"move_in_date\": \"" + takenOut.plusDays(7) + "\"")
                .get("id").asString();
        String cover = api.updated(f.caller, id, "{\"coverage_product_id\": \"" + fixedLevel + "\"}").get("cover")
                .get("id").asString();
        clock.advance(Duration.ofDays(3));
        // Before the cover was taken out: it starts on that day.
        JsonNode backdated = api.updated(f.caller, id, "{\"move_in_date\": \"" + takenOut.minusDays(2) + "\"}");
        assertThat(backdated.get("cover").get("starts_on").asString()).isEqualTo(takenOut.toString());
        // After it was taken out, though already past: it starts on the move-in date.
        JsonNode after = api.updated(f.caller, id, "{\"move_in_date\": \"" + takenOut.plusDays(1) + "\"}");
        assertThat(after.get("cover").get("starts_on").asString()).isEqualTo(takenOut.plusDays(1).toString());
        assertThat(coverEvents(cover)).containsExactly("cover.started", "cover.changed", "cover.changed");
        assertThat(f.events(cover).get(1).get("data").get("starts_on").asString()).isEqualTo(takenOut.toString());
    }

    @Test
    void coverTakenOutAfterMoveInFollowsAMoveInDateMovedLater() {
        String id = f.book(f.customer, f.unit, "\"move_in_date\": \"" + today().minusDays(20) + "\"")
                .get("id").asString();
        api.updated(f.caller, id, "{\"coverage_product_id\": \"" + fixedLevel + "\"}");
        // Starting on the day it was taken out, not on the move-in date: the move-in date may be cleared.
        assertThat(api.updated(f.caller, id, "{\"move_in_date\": null}").get("cover").get("starts_on").asString())
                .isEqualTo(today().toString());
        String later = today().plusDays(5).toString();
        assertThat(api.updated(f.caller, id, "{\"move_in_date\": \"" + later + "\"}").get("cover")
                .get("starts_on").asString()).isEqualTo(later);
    }

    @Test
    void coverRemovedBeforeItStartsEndsTheDayBeforeItsStart() {
        LocalDate start = today().plusDays(7);
        String id = f.book(f.customer, f.unit, "\"move_in_date\": \"" + start + "\"").get("id").asString();
        String cover = api.updated(f.caller, id, "{\"coverage_product_id\": \"" + fixedLevel + "\"}").get("cover")
                .get("id").asString();
        api.updated(f.caller, id, "{\"coverage_product_id\": null}");
        JsonNode ended = f.events(cover).get(1);
        assertThat(ended.get("type").asString()).isEqualTo("cover.ended");
        assertThat(ended.get("data").get("starts_on").asString()).isEqualTo(start.toString());
        assertThat(ended.get("data").get("ends_on").asString()).isEqualTo(start.minusDays(1).toString());
    }

    @Test
    void aNullProductWithAnAmountIsNotAllowedAndChangesNothing() {
        String id = f.book(f.customer, f.unit).get("id").asString();
        String cover = api.updated(f.caller, id, "{\"coverage_product_id\": \"" + perThousand
                + "\", \"cover_minor\": 200000}").get("cover").get("id").asString();
        assertThat(api.issues(api.patch(f.caller, id, "{\"coverage_product_id\": null, \"cover_minor\": 300000}")))
                .containsExactly("cover_minor not_allowed");
        assertThat(api.read(f.caller, id).get("cover").get("id").asString()).isEqualTo(cover);
        assertThat(coverEvents(cover)).containsExactly("cover.started");
    }

    @Test
    void anotherCustomerChangesTheCoversCustomer() {
        String id = f.book(f.customer, f.unit).get("id").asString();
        String cover = api.updated(f.caller, id, "{\"coverage_product_id\": \"" + fixedLevel + "\"}").get("cover")
                .get("id").asString();
        UUID other = f.people.customer(f.caller);
        api.updated(f.caller, id, "{\"contact_id\": \"" + other + "\"}");
        assertThat(coverEvents(cover)).containsExactly("cover.started", "cover.changed");
        assertThat(f.events(cover).get(1).get("data").get("contact_id").asString()).isEqualTo(other.toString());
    }

    @Test
    void terminationEndsTheCoverOnTheEndDate() {
        String id = f.book(f.customer, f.unit, "\"move_in_date\": \"" + today().minusDays(10) + "\"")
                .get("id").asString();
        String cover = api.updated(f.caller, id, "{\"coverage_product_id\": \"" + fixedLevel + "\"}").get("cover")
                .get("id").asString();
        JsonNode terminated = f.action(id, "terminate", "{}");
        assertThat(terminated.get("cover").get("ends_on").asString()).isEqualTo(today().toString());
        assertThat(coverEvents(cover)).containsExactly("cover.started", "cover.ended");
        assertThat(f.events(cover).get(1).get("data").get("ends_on").asString()).isEqualTo(today().toString());
        assertThat(api.errorCode(api.patch(f.caller, id, "{\"coverage_product_id\": null}"), 409))
                .isEqualTo("conflict");
    }

    @Test
    void terminationEndsCoverThatHadNotStartedTheDayBeforeItsStart() {
        LocalDate start = today().plusDays(7);
        String id = f.book(f.customer, f.unit, "\"move_in_date\": \"" + start + "\"").get("id").asString();
        String cover = api.updated(f.caller, id, "{\"coverage_product_id\": \"" + fixedLevel + "\"}").get("cover")
                .get("id").asString();
        JsonNode terminated = f.action(id, "terminate", "{}");
        assertThat(terminated.get("end_date").asString()).isEqualTo(today().toString());
        assertThat(terminated.get("cover").get("starts_on").asString()).isEqualTo(start.toString());
        assertThat(terminated.get("cover").get("ends_on").asString()).isEqualTo(start.minusDays(1).toString());
        assertThat(f.events(cover).get(1).get("data").get("ends_on").asString())
                .isEqualTo(start.minusDays(1).toString());
    }
}
