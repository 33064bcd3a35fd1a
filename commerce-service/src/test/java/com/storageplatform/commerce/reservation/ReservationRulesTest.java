package com.storageplatform.commerce.reservation;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.FieldIssue;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The pure rules of a reservation: hold bounds, a fee with its currency, coupons, and why one cannot be taken. */
class ReservationRulesTest {

    static final JsonMapper JSON = JsonMapper.builder().build();
    static final Instant NOW = Instant.parse("2026-11-25T12:00:00Z");
    static final LocalDate TODAY = LocalDate.parse("2026-11-25");
    static final UUID SITE = Ids.newId();
    static final UUID TYPE = Ids.newId();

    private static List<FieldIssue> heldUntil(String value) {
        Validation v = Validation.start();
        ReservationRules.heldUntil(v, value, NOW);
        return v.issues();
    }

    @Test
    void aHoldEndsInTheFutureAndAtMostNinetyDaysAhead() {
        assertThat(heldUntil("2026-11-25T12:00:01Z")).isEmpty();
        assertThat(heldUntil("2027-02-23T12:00:00Z")).isEmpty();
        assertThat(heldUntil("2026-11-25T12:00:00Z")).containsExactly(new FieldIssue("held_until", "below_minimum"));
        assertThat(heldUntil("2027-02-23T12:00:01Z")).containsExactly(new FieldIssue("held_until", "above_maximum"));
        assertThat(heldUntil("2026-11-26")).containsExactly(new FieldIssue("held_until", "invalid"));
        assertThat(NOW.plus(ReservationRules.HOLD_MAX)).isEqualTo(Instant.parse("2027-02-23T12:00:00Z"));
    }

    @Test
    void aMoveInDateIsTodayOrLater() {
        Validation v = Validation.start();
        ReservationRules.moveInDate(v, TODAY, TODAY);
        assertThat(v.isValid()).isTrue();
        ReservationRules.moveInDate(v, TODAY.minusDays(1), TODAY);
        assertThat(v.issues()).containsExactly(new FieldIssue("move_in_date", "below_minimum"));
    }

    @Test
    void aCouponAppliesWhenActiveValidTodayAndNamingTheSiteAndUnitTypeOrNone() {
        assertThat(applies(Map.of())).isTrue();
        assertThat(applies(Map.of("site_ids", List.of(SITE.toString()), "unit_type_ids", List.of(TYPE.toString()),
                "valid_from", "2026-11-25", "valid_to", "2026-11-25"))).isTrue();
        assertThat(applies(Map.of("status", "archived"))).isFalse();
        assertThat(applies(Map.of("valid_from", "2026-11-26"))).isFalse();
        assertThat(applies(Map.of("valid_to", "2026-11-24"))).isFalse();
        assertThat(applies(Map.of("site_ids", List.of(Ids.newId().toString())))).isFalse();
        assertThat(applies(Map.of("unit_type_ids", List.of(Ids.newId().toString())))).isFalse();
    }

    @Test
    void aReservationThatEndedSaysHowAndWhen() {
        Reservation active = reservation();
        assertThat(ReservationRules.ended(active, "booked")).isNull();
        Instant at = Instant.parse("2026-11-20T09:30:00Z");
        assertThat(ReservationRules.ended(active.cancelled(Reservation.REQUESTED, at), "booked").getMessage())
                .contains("was cancelled at 2026-11-20T09:30:00Z");
        assertThat(ReservationRules.ended(active.expired(at), "cancelled").getMessage())
                .contains("expired at 2026-11-20T09:30:00Z and cannot be cancelled");
        UUID agreement = Ids.newId();
        Reservation converted = active.converted(new Reservation.ReservationBooking("agreement", agreement), at);
        assertThat(ReservationRules.ended(converted, "booked").getMessage())
                .contains("was converted to agreement " + agreement);
        assertThat(ReservationRules.lapsed(active).getMessage())
                .contains("has already lapsed (at 2026-11-25T12:00:00Z)");
        assertThat(active.lapsedAt(NOW)).isTrue();
        assertThat(active.lapsedAt(NOW.minus(Duration.ofSeconds(1)))).isFalse();
        assertThat(active.expired(NOW).lapsedAt(NOW)).isFalse();
    }

    @Test
    void aFeeAndItsCurrencyComeTogether() {
        assertThat(parse(new CreateReservation(null, null, null, "api", null, null, 100L, null, null, null, null)))
                .contains(new FieldIssue("currency", "required"), new FieldIssue("unit_id", "required"),
                        new FieldIssue("contact_id", "required"));
        assertThat(parse(new CreateReservation(Ids.newId().toString(), Ids.newId().toString(), null, "api", null,
                null, null, "GBP", null, null, null))).containsExactly(new FieldIssue("licence_fee_minor", "required"));
        assertThat(parse(new CreateReservation(Ids.newId().toString(), null, Ids.newId().toString(), "api", null,
                null, 0L, "GBP", null, null, null))).isEmpty();
    }

    private static List<FieldIssue> parse(CreateReservation body) {
        Validation v = Validation.start();
        ReservationRules.parse(v, body, NOW);
        return v.issues();
    }

    private static boolean applies(Map<String, Object> overrides) {
        Map<String, Object> coupon = new java.util.HashMap<>(Map.of("status", "active", "site_ids", List.of(),
                "unit_type_ids", List.of()));
        coupon.putAll(overrides);
        JsonNode node = JSON.valueToTree(coupon);
        return ReservationRules.couponApplies(node, TODAY, SITE, TYPE);
    }

    private static Reservation reservation() {
        return new Reservation(Ids.newId(), Reservation.OBJECT, Ids.newId(), SITE, null, TYPE, "api",
                Reservation.ACTIVE, NOW, null, 100, "GBP", null, null, null, null, null, null, null, null, NOW, NOW);
    }
}
