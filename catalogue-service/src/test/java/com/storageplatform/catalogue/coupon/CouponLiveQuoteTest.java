package com.storageplatform.catalogue.coupon;

import static com.storageplatform.kit.testsupport.ResourceApi.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.catalogue.product.CatalogueApi;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.TestEvents;
import com.storageplatform.kit.time.PlatformClock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code PATCH /v1/coupons/{id}} is 409 when it changes the terms of a coupon a live quote carries: live quotes come
 * from commerce's {@code quote.*} events on Kafka, and a quote stops being live when it is closed or its
 * {@code expires_at} passes on the platform clock.
 */
@PlatformTest
class CouponLiveQuoteTest {

    static final String TOPIC = "commerce.events";
    static final List<String> TERM_CHANGES = List.of("{\"discount_value\": 15}",
            "{\"discount_kind\": \"fixed_amount\", \"discount_value\": 500, \"currency\": \"GBP\"}",
            "{\"duration\": \"repeating\", \"duration_months\": 3}", "{\"duration\": \"forever\"}");

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    @Autowired
    PlatformClock clock;

    CatalogueApi api;
    final Caller caller = CatalogueApi.newAccount();

    @BeforeEach
    void setUp() {
        api = new CatalogueApi(client, json, "/v1/coupons");
    }

    @AfterEach
    void resetClock() {
        clock.setOffset(Duration.ZERO);
    }

    private String coupon() {
        return api.createId(caller, """
                {"name": "Ten off", "discount_kind": "percent", "discount_value": 10, "duration": "once"}
                """);
    }

    private UUID quote(String type, UUID quote, String couponId, Instant expiresAt) {
        Map<String, Object> data = new HashMap<>();
        data.put("object", "quote");
        data.put("id", quote.toString());
        data.put("coupon_id", couponId);
        data.put("status", "live");
        data.put("expires_at", expiresAt == null ? null : expiresAt.toString());
        return TestEvents.publish(TOPIC, type, caller.accountId(), data);
    }

    private String status(UUID quote) {
        return db.sql("SELECT status FROM quotes WHERE id = :id").bind("id", quote)
                .map(row -> row.get("status", String.class)).one().block();
    }

    @Test
    void termsAreFrozenWhileALiveQuoteCarriesTheCouponAndFreeOnceItExpires() {
        String coupon = coupon();
        UUID quote = Ids.newId();
        quote("quote.created", quote, coupon, null);
        eventually(() -> "live".equals(status(quote)));

        for (String change : TERM_CHANGES) {
            assertThat(api.errorCode(api.patch(caller, coupon, change), 409)).as(change).isEqualTo("conflict");
        }
        assertThat(api.updated(caller, coupon, "{\"name\": \"Ten percent off\", \"code\": \"TEN\", "
                + "\"discount_value\": 10, \"auto_apply\": true}").get("name").asString()).isEqualTo("Ten percent off");
        assertThat(api.issues(api.patch(caller, coupon, "{\"discount_value\": 150}")))
                .containsExactly("discount_value above_maximum");

        quote("quote.expired", quote, coupon, null);
        eventually(() -> "expired".equals(status(quote)));

        assertThat(api.updated(caller, coupon, "{\"discount_value\": 15}").get("discount_value").asLong())
                .isEqualTo(15);
    }

    @Test
    void aQuotePastItsExpiryIsNotLiveEvenWithoutAnEvent() {
        String coupon = coupon();
        UUID quote = Ids.newId();
        quote("quote.created", quote, coupon, clock.instant().plus(Duration.ofHours(1)));
        eventually(() -> "live".equals(status(quote)));

        assertThat(api.errorCode(api.patch(caller, coupon, "{\"discount_value\": 20}"), 409)).isEqualTo("conflict");
        clock.advance(Duration.ofHours(2));
        assertThat(api.updated(caller, coupon, "{\"discount_value\": 20}").get("discount_value").asLong())
                .isEqualTo(20);
    }

    @Test
    void aQuoteThatDropsTheCouponOrIsAcceptedOrWithdrawnNoLongerHoldsIt() {
        String first = coupon();
        String second = coupon();
        UUID moved = Ids.newId();
        UUID withdrawn = Ids.newId();
        quote("quote.created", moved, first, null);
        quote("quote.created", withdrawn, second, null);
        eventually(() -> "live".equals(status(moved)) && "live".equals(status(withdrawn)));
        assertThat(api.errorCode(api.patch(caller, first, "{\"discount_value\": 30}"), 409)).isEqualTo("conflict");

        quote("quote.updated", moved, null, null);
        quote("quote.withdrawn", withdrawn, second, null);
        // A late quote.updated for the withdrawn quote must not bring it back to life.
        quote("quote.updated", withdrawn, second, null);
        UUID marker = Ids.newId();
        quote("quote.created", marker, null, null);
        eventually(() -> status(marker) != null);

        assertThat(status(withdrawn)).isEqualTo("withdrawn");
        assertThat(api.updated(caller, first, "{\"discount_value\": 30}").get("discount_value").asLong())
                .isEqualTo(30);
        assertThat(api.updated(caller, second, "{\"duration\": \"forever\"}").get("duration").asString())
                .isEqualTo("forever");

        UUID accepted = Ids.newId();
        quote("quote.created", accepted, first, null);
        eventually(() -> "live".equals(status(accepted)));
        assertThat(api.errorCode(api.patch(caller, first, "{\"discount_value\": 40}"), 409)).isEqualTo("conflict");
        quote("quote.accepted", accepted, first, null);
        eventually(() -> "accepted".equals(status(accepted)));
        assertThat(api.updated(caller, first, "{\"discount_value\": 40}").get("discount_value").asLong())
                .isEqualTo(40);
    }

    @Test
    void anotherAccountsLiveQuoteDoesNotHoldTheCoupon() {
        String coupon = coupon();
        UUID quote = Ids.newId();
        Map<String, Object> data = new HashMap<>();
        data.put("object", "quote");
        data.put("id", quote.toString());
        data.put("coupon_id", coupon);
        data.put("status", "live");
        TestEvents.publish(TOPIC, "quote.created", Ids.newId(), data);
        eventually(() -> "live".equals(status(quote)));

        assertThat(api.updated(caller, coupon, "{\"discount_value\": 25}").get("discount_value").asLong())
                .isEqualTo(25);
    }
}
