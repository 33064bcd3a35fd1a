package com.storageplatform.commerce.order;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.commerce.support.BillingPeer;
import com.storageplatform.commerce.support.CataloguePeer;
import com.storageplatform.commerce.support.CommerceApi;
import com.storageplatform.commerce.support.CommerceTest;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.testsupport.TestCallers;
import com.storageplatform.kit.testsupport.TestEvents;
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

/** {@code /v1/orders}: create and its rules, the binding price, PATCH re-pricing, reads, lists, sites, tenants. */
@CommerceTest
class OrderTest {

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    @Autowired
    PlatformClock clock;

    OrderFixture f;
    CommerceApi api;
    TestEvents events;

    @BeforeEach
    void setUp() {
        f = new OrderFixture(client, json, db);
        api = f.api;
        events = TestEvents.on("commerce.events");
    }

    @AfterEach
    void tearDown() {
        clock.setOffset(Duration.ZERO);
        events.close();
    }

    LocalDate today() {
        return LocalDate.now(clock.withZone(ZoneId.of("Europe/London")));
    }

    /** The 1st of next month: a full first period. */
    String firstOfNextMonth() {
        return today().withDayOfMonth(1).plusMonths(1).toString();
    }

    @Test
    void anOrderShowsItsWholeCostBeforePaymentHoldsItsUnitAndSaysSo() {
        JsonNode order = f.order(", \"move_in_date\": \"" + firstOfNextMonth() + "\"");

        assertThat(order.propertyNames()).containsExactly("id", "object", "contact_id", "site_id", "unit_id",
                "unit_type_id", "reservation_id", "move_in_date", "source", "coupon_id", "coupon_code",
                "coverage_product_id", "products", "currency", "lines", "subtotal_minor", "discount_minor",
                "vat_minor", "total_due_today_minor", "recurring_amount_minor", "recurring_amount_from",
                "recurring_discount_until", "deposit_minor", "priced_at", "status", "payment", "agreement_id",
                "return_url", "completed_at", "abandoned_at", "cancelled_at", "created_at", "updated_at");
        assertThat(order.get("object").asString()).isEqualTo("order");
        assertThat(order.get("status").asString()).isEqualTo("awaiting_payment");
        assertThat(order.get("source").asString()).isEqualTo("api");
        assertThat(order.get("site_id").asString()).isEqualTo(f.site.toString());
        assertThat(order.get("unit_type_id").asString()).isEqualTo(f.type.toString());
        assertThat(order.get("currency").asString()).isEqualTo("GBP");
        JsonNode fee = order.get("lines").get(0);
        assertThat(fee.get("kind").asString()).isEqualTo("licence_fee");
        assertThat(fee.get("amount_minor").asLong()).isEqualTo(9000);
        assertThat(fee.get("vat_treatment").asString()).isEqualTo("standard_20");
        assertThat(fee.get("vat_rate").asInt()).isEqualTo(20);
        assertThat(fee.get("vat_minor").asLong()).isEqualTo(1800);
        assertThat(fee.get("total_minor").asLong()).isEqualTo(10800);
        assertThat(order.get("total_due_today_minor").asLong()).isEqualTo(10800);
        assertThat(order.get("recurring_amount_minor").asLong()).isEqualTo(10800);
        assertThat(order.get("recurring_amount_from").asString())
                .isEqualTo(LocalDate.parse(firstOfNextMonth()).plusMonths(1).toString());
        assertThat(order.get("deposit_minor").asLong()).isZero();
        assertThat(order.get("payment").isNull()).isTrue();
        assertThat(order.get("priced_at").asString()).isEqualTo(order.get("created_at").asString());
        String id = order.get("id").asString();
        assertThat(f.holderOf(f.unit)).isEqualTo("order:" + id);
        assertThat(api.read(f.caller, id)).isEqualTo(order);

        List<JsonNode> created = OrderFixture.events(events, json, id, 1, "order.created");
        assertThat(created).hasSize(1);
        assertThat(created.get(0).get("data")).isEqualTo(order);

        // Another customer cannot order the unit while this order holds it.
        UUID other = f.people.customer(f.caller);
        assertThat(api.errorCode(api.post(f.caller, f.body(other, f.unit, "")), 409)).isEqualTo("unit_reserved");
    }

    @Test
    void theFirstPeriodIsProratedFromTheMoveInDateAndTheDefaultMoveInIsTodayAtTheSite() {
        JsonNode order = f.order("");
        LocalDate today = today();
        assertThat(order.get("move_in_date").asString()).isEqualTo(today.toString());
        long expected = OrderPricing.prorate(9000, today);
        assertThat(order.get("lines").get(0).get("amount_minor").asLong()).isEqualTo(expected);
        assertThat(order.get("lines").get(0).get("description").asString()).contains(today.toString());
    }

    @Test
    void createNeedsACustomerAndAUnitOrAReservationAndAMoveInFromToday() {
        assertThat(api.issues(api.post(f.caller, "{}"))).containsExactly("contact_id required", "unit_id required");
        assertThat(api.issues(api.post(f.caller, f.body(f.customer, f.unit, ", \"move_in_date\": \"12/01\", "
                + "\"source\": \"phone\"")))).containsExactlyInAnyOrder("source invalid", "move_in_date invalid");
        assertThat(api.issues(api.post(f.caller, f.body(f.customer, f.unit, ", \"move_in_date\": \""
                + today().minusDays(1) + "\"")))).containsExactly("move_in_date below_minimum");
        assertThat(api.issues(api.post(f.caller, f.body(f.customer, UUID.randomUUID(), ""))))
                .containsExactly("unit_id invalid");
        assertThat(api.issues(api.post(f.caller, f.body(f.customer, com.storageplatform.kit.id.Ids.newId(), ""))))
                .containsExactly("unit_id not_found");
        assertThat(api.issues(api.post(f.caller, f.body(f.people.walkIn(f.caller), f.unit, ""))))
                .containsExactly("contact_id not_allowed");
        assertThat(api.issues(api.post(f.caller, f.body(com.storageplatform.kit.id.Ids.newId(), f.unit, ""))))
                .containsExactly("contact_id not_found");
        UUID archived = f.catalogue.unit(f.caller, f.site, f.type, "Z9", "archived", 9000);
        assertThat(api.body(api.post(f.caller, f.body(f.customer, archived, "")).expectStatus().isEqualTo(409))
                .path("error").path("message").asString()).contains("archived");
        UUID broken = f.catalogue.unit(f.caller, f.site, f.type, "Z8", "out_of_service", 9000);
        assertThat(api.body(api.post(f.caller, f.body(f.customer, broken, "")).expectStatus().isEqualTo(409))
                .path("error").path("message").asString()).contains("out of service");
        // Nothing was held by the refused requests.
        assertThat(f.holderOf(f.unit)).isNull();
    }

    @Test
    void customersRacingForOneUnitEndWithExactlyOneOrderAndARefusalPublishesNothing() throws Exception {
        UUID unit = f.newUnit("RACE");
        List<UUID> customers = java.util.stream.IntStream.range(0, 6).mapToObj(i -> f.people.customer(f.caller))
                .toList();
        long eventsBefore = outboxRows();
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(6);
        try {
            List<java.util.concurrent.Future<Integer>> answers = new java.util.ArrayList<>();
            for (UUID customer : customers) {
                answers.add(pool.submit(() -> api.post(f.caller, f.body(customer, unit, "")).returnResult(byte[].class)
                        .getStatus().value()));
            }
            List<Integer> statuses = new java.util.ArrayList<>();
            for (java.util.concurrent.Future<Integer> answer : answers) {
                statuses.add(answer.get(60, java.util.concurrent.TimeUnit.SECONDS));
            }
            assertThat(statuses).containsOnly(201, 409);
            assertThat(statuses.stream().filter(s -> s == 201).count()).isEqualTo(1);
        } finally {
            pool.shutdownNow();
        }
        assertThat(f.holderOf(unit)).startsWith("order:");
        // One order, one order.created: the refused requests wrote and published nothing.
        assertThat(api.listedIds(f.caller, "")).hasSize(1);
        assertThat(outboxRows() - eventsBefore).isEqualTo(1);
    }

    private long outboxRows() {
        return db.sql("SELECT count(*) AS n FROM outbox_events WHERE payload::jsonb ->> 'accountid' = :a")
                .bind("a", f.caller.accountId().toString()).map(row -> row.get("n", Long.class)).one().block();
    }

    @Test
    void aUnitAnotherCustomerHasReservedIsRefusedNamingTheReservationAndItsDate() {
        UUID other = f.people.customer(f.caller);
        JsonNode reservation = api.on("/v1/reservations").create(f.caller, "{\"contact_id\": \"" + other
                + "\", \"unit_id\": \"" + f.unit + "\", \"source\": \"api\"}");
        String heldUntil = java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'")
                .withZone(ZoneId.of("UTC")).format(java.time.Instant.parse(reservation.get("held_until").asString()));
        JsonNode refused = api.body(api.post(f.caller, f.body(f.customer, f.unit, "")).expectStatus().isEqualTo(409));
        assertThat(refused.path("error").path("code").asString()).isEqualTo("unit_reserved");
        assertThat(refused.path("error").path("message").asString())
                .contains("reservation " + reservation.get("id").asString()).contains(heldUntil);
        assertThat(f.holderOf(f.unit)).isEqualTo("reservation:" + reservation.get("id").asString());
        assertThat(api.listedIds(f.caller, "")).isEmpty();
    }

    @Test
    void anArchivedCustomerWhoOrdersIsUnarchived() {
        UUID archived = f.people.archivedCustomer(f.caller);
        api.create(f.caller, f.body(archived, f.unit, ""));
        assertThat(f.people.status(f.caller, archived)).isEqualTo("active");
        assertThat(f.eventTypes(archived.toString())).containsExactly("contact.unarchived");
    }

    @Test
    void aSiteRestrictedCallerCannotOrderOrSeeAnotherSitesUnit() {
        UUID otherSite = f.catalogue.site(f.caller, "Ipswich");
        Caller restricted = TestCallers.restrictedTo(f.caller, otherSite);
        assertThat(api.errorCode(api.post(restricted, f.body(f.customer, f.unit, "")), 403))
                .isEqualTo("site_forbidden");
        String id = f.order("").get("id").asString();
        assertThat(api.errorCode(api.get(restricted, "/" + id), 403)).isEqualTo("site_forbidden");
        assertThat(api.listedIds(restricted, "")).isEmpty();
        assertThat(api.errorCode(api.get(restricted, "?site_id=" + f.site), 403)).isEqualTo("site_forbidden");
        assertThat(api.listedIds(TestCallers.restrictedTo(f.caller, f.site), "")).containsExactly(id);
    }

    @Test
    void aSiteRestrictedCallerCannotChangePayOrCancelAnotherSitesOrderAsItCannotReadIt() {
        JsonNode order = f.order("");
        String id = order.get("id").asString();
        Caller restricted = TestCallers.restrictedTo(f.caller, f.catalogue.site(f.caller, "Ipswich"));
        assertThat(api.errorCode(api.get(restricted, "/" + id), 403)).isEqualTo("site_forbidden");
        assertThat(api.errorCode(api.patch(restricted, id, "{\"products\": []}"), 403)).isEqualTo("site_forbidden");
        assertThat(api.errorCode(api.patch(restricted, id, "{\"move_in_date\": \"" + firstOfNextMonth() + "\"}"),
                403)).isEqualTo("site_forbidden");
        assertThat(api.errorCode(api.action(restricted, id, "pay", "{\"rail\": \"card\"}"), 403))
                .isEqualTo("site_forbidden");
        assertThat(api.errorCode(api.action(restricted, id, "cancel", "{}"), 403)).isEqualTo("site_forbidden");
        assertThat(BillingPeer.requests(UUID.fromString(id))).isEmpty();
        assertThat(api.read(f.caller, id)).isEqualTo(order);
        assertThat(f.eventTypes(id)).containsExactly("order.created");
    }

    @Test
    void anotherAccountsOrderIsNotFoundAndItsIdsAreUnknown() {
        String id = f.order("").get("id").asString();
        Caller stranger = TestCallers.apiCaller(OrderFixture.SCOPES);
        assertThat(api.errorCode(api.get(stranger, "/" + id), 404)).isEqualTo("not_found");
        assertThat(api.errorCode(api.patch(stranger, id, "{\"products\": []}"), 404)).isEqualTo("not_found");
        assertThat(api.errorCode(api.action(stranger, id, "cancel", "{}"), 404)).isEqualTo("not_found");
        assertThat(api.errorCode(api.action(stranger, id, "pay", "{\"rail\": \"card\"}"), 404))
                .isEqualTo("not_found");
        assertThat(BillingPeer.requests(UUID.fromString(id))).isEmpty();
        assertThat(api.listedIds(stranger, "")).isEmpty();
        assertThat(api.issues(api.post(stranger, f.body(f.customer, f.unit, ""))))
                .contains("contact_id not_found");
    }

    @Test
    void listsAreNewestFirstFilteredAndPaged() {
        String first = f.order("").get("id").asString();
        UUID other = f.people.customer(f.caller);
        String second = api.create(f.caller, f.body(other, f.newUnit("B2"), "")).get("id").asString();
        assertThat(api.listedIds(f.caller, "")).containsExactly(second, first);
        assertThat(api.listedIds(f.caller, "?contact_id=" + other)).containsExactly(second);
        assertThat(api.listedIds(f.caller, "?site_id=" + f.site)).containsExactly(second, first);
        assertThat(api.listedIds(f.caller, "?status=completed")).isEmpty();
        api.action(f.caller, first, "cancel", "{}").expectStatus().isOk();
        assertThat(api.listedIds(f.caller, "?status=cancelled")).containsExactly(first);
        JsonNode page = api.list(f.caller, "?limit=1");
        assertThat(page.get("data")).hasSize(1);
        String cursor = page.path("meta").path("cursor").path("next").asString();
        assertThat(api.listedIds(f.caller, "?limit=1&cursor=" + cursor)).containsExactly(first);
        assertThat(api.issues(api.get(f.caller, "?status=open"), 400)).containsExactly("status invalid");
        assertThat(api.issues(api.get(f.caller, "?contact_id=x"), 400)).containsExactly("contact_id invalid");
    }

    // ------------------------------------------------------------------ coupons

    @Test
    void aCouponCodeDiscountsTheFirstLicenceFeeAndPublishesAQuote() {
        UUID coupon = f.coupon("HALF-" + f.customer.toString().substring(30).toUpperCase(), Map.of());
        String code = "half-" + f.customer.toString().substring(30);
        JsonNode order = f.order(", \"move_in_date\": \"" + firstOfNextMonth() + "\", \"coupon_code\": \"" + code
                + "\"");
        assertThat(order.get("coupon_id").asString()).isEqualTo(coupon.toString());
        assertThat(order.get("coupon_code").asString()).isEqualTo(code.toUpperCase());
        assertThat(order.get("discount_minor").asLong()).isEqualTo(4500);
        assertThat(order.get("total_due_today_minor").asLong()).isEqualTo(5400);
        assertThat(order.get("recurring_amount_minor").asLong()).isEqualTo(10800);
        String id = order.get("id").asString();
        JsonNode quote = OrderFixture.events(events, json, id, 1, "quote.created").get(0).get("data");
        assertThat(quote.get("object").asString()).isEqualTo("quote");
        assertThat(quote.get("id").asString()).isEqualTo(id);
        assertThat(quote.get("coupon_id").asString()).isEqualTo(coupon.toString());
        assertThat(quote.get("status").asString()).isEqualTo("live");
        assertThat(java.time.Instant.parse(quote.get("expires_at").asString())).isEqualTo(
                java.time.Instant.parse(order.get("created_at").asString()).plus(Duration.ofDays(1)));
    }

    @Test
    void aCouponIsRefusedWhereTheCatalogueSaysItCannotBeUsed() {
        String tag = f.customer.toString().substring(28).toUpperCase();
        assertThat(api.issues(api.post(f.caller, f.body(f.customer, f.unit, ", \"coupon_code\": \"NOPE-" + tag
                + "\"")))).containsExactly("coupon_code not_found");
        f.coupon("STAFF-" + tag, Map.of("online", false));
        assertThat(api.issues(api.post(f.caller, f.body(f.customer, f.unit, ", \"source\": \"storefront\", "
                + "\"coupon_code\": \"STAFF-" + tag + "\"")))).containsExactly("coupon_code not_allowed");
        f.coupon("ELSEWHERE-" + tag, Map.of("site_ids", List.of(f.catalogue.site(f.caller, "Cromer").toString())));
        assertThat(api.issues(api.post(f.caller, f.body(f.customer, f.unit, ", \"coupon_code\": \"ELSEWHERE-"
                + tag + "\"")))).containsExactly("coupon_code not_allowed");
        UUID otherType = f.catalogue.unitType(f.caller, f.site, 100);
        f.coupon("TYPE-" + tag, Map.of("unit_type_ids", List.of(otherType.toString())));
        assertThat(api.issues(api.post(f.caller, f.body(f.customer, f.unit, ", \"coupon_code\": \"TYPE-" + tag
                + "\"")))).containsExactly("coupon_code not_allowed");
        f.coupon("OVER-" + tag, Map.of("valid_to", today().minusDays(1).toString()));
        assertThat(api.issues(api.post(f.caller, f.body(f.customer, f.unit, ", \"coupon_code\": \"OVER-" + tag
                + "\"")))).containsExactly("coupon_code not_allowed");
        f.coupon("SOON-" + tag, Map.of("valid_from", today().plusDays(1).toString()));
        assertThat(api.issues(api.post(f.caller, f.body(f.customer, f.unit, ", \"coupon_code\": \"SOON-" + tag
                + "\"")))).containsExactly("coupon_code not_allowed");
        f.coupon("GONE-" + tag, Map.of("status", "archived"));
        assertThat(api.issues(api.post(f.caller, f.body(f.customer, f.unit, ", \"coupon_code\": \"GONE-" + tag
                + "\"")))).containsExactly("coupon_code not_allowed");
        // The staff-only coupon is fine for a back-office order.
        assertThat(f.order(", \"source\": \"backoffice\", \"coupon_code\": \"STAFF-" + tag + "\"")
                .get("discount_minor").asLong()).isPositive();
    }

    @Test
    void theAutoApplyCouponGivingMostAppliesWithoutACode() {
        f.coupon("SMALL-" + f.customer.toString().substring(28), Map.of("auto_apply", true, "discount_value", 10));
        UUID big = f.coupon("BIG-" + f.customer.toString().substring(28),
                Map.of("auto_apply", true, "discount_value", 20));
        f.coupon("NOT-AUTO-" + f.customer.toString().substring(28), Map.of("discount_value", 90));
        JsonNode order = f.order(", \"move_in_date\": \"" + firstOfNextMonth() + "\"");
        assertThat(order.get("coupon_id").asString()).isEqualTo(big.toString());
        assertThat(order.get("discount_minor").asLong()).isEqualTo(1800);
    }

    @Test
    void aRepeatingCouponAlsoDiscountsTheRecurringFeeButNeverProductsOrCover() {
        String tag = f.customer.toString().substring(28);
        f.coupon("REP-" + tag, Map.of("duration", "repeating", "duration_months", 3, "discount_value", 100));
        UUID box = f.product("Box", 34500, Map.of());
        UUID waiver = f.coverage("Damage waiver", 500, Map.of());
        JsonNode order = f.order(", \"move_in_date\": \"" + firstOfNextMonth() + "\", \"coupon_code\": \"REP-" + tag
                + "\", \"products\": [{\"product_id\": \"" + box + "\", \"quantity\": 2}], "
                + "\"coverage_product_id\": \"" + waiver + "\"");
        assertThat(order.get("discount_minor").asLong()).isEqualTo(9000);
        // Cover 500 + 100 VAT, two boxes 690 (VAT inclusive): the fee is free.
        assertThat(order.get("total_due_today_minor").asLong()).isEqualTo(600 + 690);
        assertThat(order.get("recurring_amount_minor").asLong()).isEqualTo(600);
        assertThat(order.get("recurring_discount_until").asString())
                .isEqualTo(LocalDate.parse(firstOfNextMonth()).plusMonths(3).minusDays(1).toString());
        assertThat(order.get("coverage_product_id").asString()).isEqualTo(waiver.toString());
        assertThat(order.get("products").get(0).get("quantity").asInt()).isEqualTo(2);
    }

    // ------------------------------------------------------------------ products, cover, deposit

    @Test
    void productsMustBeTheAccountsActiveAndSoldOnlineForAStorefrontOrder() {
        UUID shopOnly = f.product("Counter padlock", 120000, Map.of("usable_website", false));
        UUID archived = f.product("Old tape", 10000, Map.of("status", "archived"));
        UUID good = f.product("Tape", 10000, Map.of());
        assertThat(api.issues(api.post(f.caller, f.body(f.customer, f.unit, ", \"products\": [{\"product_id\": \""
                + good + "\", \"quantity\": 0}, {\"product_id\": \"" + good + "\", \"quantity\": 101}, "
                + "{\"product_id\": \"" + archived + "\"}]"))))
                .containsExactlyInAnyOrder("products[0].quantity below_minimum", "products[1].quantity above_maximum",
                        "products[1].product_id duplicate", "products[2].quantity required");
        assertThat(api.issues(api.post(f.caller, f.body(f.customer, f.unit, ", \"source\": \"storefront\", "
                + "\"products\": [{\"product_id\": \"" + shopOnly + "\", \"quantity\": 1}, {\"product_id\": \""
                + archived + "\", \"quantity\": 1}, {\"product_id\": \"" + com.storageplatform.kit.id.Ids.newId()
                + "\", \"quantity\": 1}, {\"product_id\": \"" + good + "\", \"quantity\": 100}]"))))
                .containsExactlyInAnyOrder("products[0].product_id not_allowed", "products[1].product_id not_allowed",
                        "products[2].product_id not_found");
        // At the counter (back office) the shop-only padlock can be sold.
        JsonNode order = f.order(", \"source\": \"backoffice\", \"products\": [{\"product_id\": \"" + shopOnly
                + "\", \"quantity\": 1}]");
        JsonNode line = order.get("lines").get(1);
        assertThat(line.get("kind").asString()).isEqualTo("product");
        assertThat(line.get("total_minor").asLong()).isEqualTo(1200);
        assertThat(line.get("vat_minor").asLong()).isEqualTo(200);
    }

    @Test
    void coverIsOnlyAnActiveFixedLevelMonthlyWaiverThatDoesNotSayInsurance() {
        UUID insurance = f.coverage("Goods cover", 500, Map.of("kind", "insurance", "insurer_name", "Acme"));
        UUID namedInsured = f.coverage("Insured waiver", 500, Map.of());
        UUID perThousand = f.coverage("Per thousand", 500, Map.of("pricing_mode", "per_thousand"));
        UUID inactive = f.coverage("Old waiver", 500, Map.of("status", "inactive"));
        for (UUID refused : List.of(insurance, namedInsured, perThousand, inactive)) {
            assertThat(api.issues(api.post(f.caller, f.body(f.customer, f.unit, ", \"coverage_product_id\": \""
                    + refused + "\"")))).containsExactly("coverage_product_id not_allowed");
        }
        assertThat(api.issues(api.post(f.caller, f.body(f.customer, f.unit, ", \"coverage_product_id\": \""
                + com.storageplatform.kit.id.Ids.newId() + "\"")))).containsExactly("coverage_product_id not_found");
        UUID waiver = f.coverage("Damage waiver", 700, Map.of());
        JsonNode order = f.order(", \"move_in_date\": \"" + firstOfNextMonth() + "\", \"coverage_product_id\": \""
                + waiver + "\"");
        JsonNode cover = order.get("lines").get(1);
        assertThat(cover.get("kind").asString()).isEqualTo("cover");
        assertThat(cover.get("vat_treatment").asString()).isEqualTo("standard_20");
        assertThat(cover.get("total_minor").asLong()).isEqualTo(840);
        assertThat(order.get("recurring_amount_minor").asLong()).isEqualTo(10800 + 840);

        // An explicit null removes it, re-pricing the order.
        JsonNode without = api.updated(f.caller, order.get("id").asString(), "{\"coverage_product_id\": null}");
        assertThat(without.get("coverage_product_id").isNull()).isTrue();
        assertThat(without.get("recurring_amount_minor").asLong()).isEqualTo(10800);
    }

    @Test
    void aPatchTakesOnlyAnActiveFixedLevelMonthlyWaiverThatDoesNotSayInsuranceAsCover() {
        JsonNode order = f.order(", \"move_in_date\": \"" + firstOfNextMonth() + "\"");
        String id = order.get("id").asString();
        List<UUID> refused = List.of(f.coverage("Storage insurance waiver", 500, Map.of()),
                f.coverage("Old waiver", 500, Map.of("status", "inactive")),
                f.coverage("Per thousand", 500, Map.of("pricing_mode", "per_thousand")),
                f.coverage("Yearly waiver", 500, Map.of("billing_cycle", "annual")),
                f.coverage("Euro waiver", 500, Map.of("currency", "EUR")));
        for (UUID product : refused) {
            assertThat(api.issues(api.patch(f.caller, id, "{\"coverage_product_id\": \"" + product + "\"}")))
                    .as(product.toString()).containsExactly("coverage_product_id not_allowed");
        }
        assertThat(api.issues(api.patch(f.caller, id, "{\"coverage_product_id\": \""
                + com.storageplatform.kit.id.Ids.newId() + "\"}"))).containsExactly("coverage_product_id not_found");
        assertThat(api.issues(api.patch(f.caller, id, "{\"coverage_product_id\": \"x\"}")))
                .containsExactly("coverage_product_id invalid");
        // Nothing changed, nothing published.
        assertThat(api.read(f.caller, id)).isEqualTo(order);
        assertThat(f.eventTypes(id)).containsExactly("order.created");
    }

    @Test
    void theOperatorsRefundableDepositIsItsOwnLineWithoutVatAndNeverDiscounted() {
        f.settings(Map.of("refundable_deposit_minor", 5000));
        String tag = f.customer.toString().substring(28);
        f.coupon("ALL-" + tag, Map.of("discount_value", 100));
        JsonNode order = f.order(", \"move_in_date\": \"" + firstOfNextMonth() + "\", \"coupon_code\": \"ALL-" + tag
                + "\"");
        JsonNode deposit = order.get("lines").get(2);
        assertThat(deposit.get("kind").asString()).isEqualTo("deposit");
        assertThat(deposit.get("vat_minor").asLong()).isZero();
        assertThat(deposit.get("total_minor").asLong()).isEqualTo(5000);
        assertThat(order.get("deposit_minor").asLong()).isEqualTo(5000);
        assertThat(order.get("total_due_today_minor").asLong()).isEqualTo(5000);
    }

    @Test
    void theDepositInTheOperatorsCurrencyIsNotAskedOfAnOrderInAnotherCurrency() {
        f.settings(Map.of("refundable_deposit_minor", 5000));
        UUID euros = f.newUnit("EU1");
        CataloguePeer.price(euros, f.type, 9000, "EUR");
        JsonNode order = f.order(euros, ", \"move_in_date\": \"" + firstOfNextMonth() + "\"");
        assertThat(order.get("currency").asString()).isEqualTo("EUR");
        assertThat(order.get("deposit_minor").asLong()).isZero();
        assertThat(order.get("lines")).extracting(line -> line.get("kind").asString()).containsExactly("licence_fee");
        assertThat(order.get("total_due_today_minor").asLong()).isEqualTo(10800);
        // In the operator's currency (GBP) the deposit is asked.
        assertThat(f.order(", \"move_in_date\": \"" + firstOfNextMonth() + "\"").get("deposit_minor").asLong())
                .isEqualTo(5000);
    }

    // ------------------------------------------------------------------ PATCH and the binding price

    @Test
    void aPatchRepricesTheWholeOrderAndSaysSo() {
        JsonNode order = f.order(", \"move_in_date\": \"" + firstOfNextMonth() + "\"");
        String id = order.get("id").asString();
        CataloguePeer.price(f.unit, f.type, 12000, "GBP");
        clock.advance(Duration.ofSeconds(2));
        String later = LocalDate.parse(firstOfNextMonth()).plusMonths(1).toString();
        WebTestClient.ResponseSpec response = api.patch(f.caller, id, "{\"move_in_date\": \"" + later + "\"}");
        response.expectHeader().valueEquals("Service-Repriced", "true");
        JsonNode repriced = api.body(response.expectStatus().isOk()).get("data");
        assertThat(repriced.get("move_in_date").asString()).isEqualTo(later);
        assertThat(repriced.get("total_due_today_minor").asLong()).isEqualTo(14400);
        assertThat(repriced.get("priced_at").asString()).isNotEqualTo(order.get("priced_at").asString());
        JsonNode updated = OrderFixture.events(events, json, id, 1, "order.updated").get(0);
        assertThat(updated.get("data")).isEqualTo(repriced);
        // A PATCH changing nothing re-prices nothing.
        WebTestClient.ResponseSpec empty = api.patch(f.caller, id, "{}");
        empty.expectHeader().doesNotExist("Service-Repriced");
        assertThat(api.body(empty.expectStatus().isOk()).get("data")).isEqualTo(repriced);
        assertThat(api.issues(api.patch(f.caller, id, "{\"move_in_date\": null}")))
                .containsExactly("move_in_date required");
        assertThat(api.issues(api.patch(f.caller, id, "{\"move_in_date\": \"" + today().minusDays(1) + "\"}")))
                .containsExactly("move_in_date below_minimum");
    }

    @Test
    void aRepricingOfAnOrderWhoseMoveInDateHasPassedNeedsANewOneAsCreateWould() {
        String id = f.order("").get("id").asString();
        LocalDate movedIn = today();
        ZoneId london = ZoneId.of("Europe/London");
        // Made before midnight at the site, changed after: its move-in date is now yesterday.
        clock.advance(Duration.between(clock.instant(), movedIn.plusDays(1).atStartOfDay(london).toInstant())
                .plusMinutes(1));
        UUID waiver = f.coverage("Damage waiver", 500, Map.of());
        String cover = "\"coverage_product_id\": \"" + waiver + "\"";
        WebTestClient.ResponseSpec refused = api.patch(f.caller, id, "{" + cover + "}");
        assertThat(api.issues(refused)).containsExactly("move_in_date below_minimum");
        assertThat(api.errorMessage(api.patch(f.caller, id, "{" + cover + "}"), 422, "validation_error"))
                .contains(movedIn.toString()).contains("has passed");
        assertThat(api.read(f.caller, id).get("move_in_date").asString()).isEqualTo(movedIn.toString());
        assertThat(f.eventTypes(id)).containsExactly("order.created");
        // With a new date it is re-priced.
        JsonNode repriced = api.updated(f.caller, id, "{" + cover + ", \"move_in_date\": \"" + today() + "\"}");
        assertThat(repriced.get("move_in_date").asString()).isEqualTo(today().toString());
        assertThat(repriced.get("coverage_product_id").asString()).isEqualTo(waiver.toString());
    }

    @Test
    void aPatchSendingTheOrdersCurrentChoicesRepricesNothing() {
        String tag = f.customer.toString().substring(28);
        f.coupon("SAME-" + tag, Map.of("discount_value", 10));
        UUID waiver = f.coverage("Damage waiver", 500, Map.of());
        UUID box = f.product("Box", 34500, Map.of());
        String products = "[{\"product_id\": \"" + box + "\", \"quantity\": 2}]";
        JsonNode order = f.order(", \"move_in_date\": \"" + firstOfNextMonth() + "\", \"coupon_code\": \"SAME-"
                + tag + "\", \"coverage_product_id\": \"" + waiver + "\", \"products\": " + products);
        String id = order.get("id").asString();
        // The catalogue's price moves: a re-pricing would take it, breaking the binding price.
        CataloguePeer.price(f.unit, f.type, 12000, "GBP");
        clock.advance(Duration.ofSeconds(2));
        for (String same : List.of("{\"coverage_product_id\": \"" + waiver + "\"}", "{\"products\": " + products + "}",
                "{\"move_in_date\": \"" + firstOfNextMonth() + "\"}", "{\"coupon_code\": \"same-" + tag + "\"}",
                "{\"coupon_code\": \" SAME-" + tag + " \", \"coverage_product_id\": \"" + waiver
                        + "\", \"products\": " + products + ", \"move_in_date\": \"" + firstOfNextMonth() + "\"}")) {
            WebTestClient.ResponseSpec response = api.patch(f.caller, id, same);
            response.expectHeader().doesNotExist("Service-Repriced");
            assertThat(api.body(response.expectStatus().isOk()).get("data")).as(same).isEqualTo(order);
        }
        assertThat(api.read(f.caller, id)).isEqualTo(order);
        assertThat(f.eventTypes(id)).containsExactly("order.created", "quote.created");

        // Without a coupon, cover or products, sending them empty is no change either.
        String bare = f.order(f.newUnit("N1"), ", \"move_in_date\": \"" + firstOfNextMonth() + "\"").get("id")
                .asString();
        WebTestClient.ResponseSpec nothing = api.patch(f.caller, bare, "{\"coupon_code\": null, "
                + "\"coverage_product_id\": null, \"products\": []}");
        nothing.expectHeader().doesNotExist("Service-Repriced");
        nothing.expectStatus().isOk();
        assertThat(f.eventTypes(bare)).containsExactly("order.created");
    }

    @Test
    void aFeeTheCatalogueNowQuotesInAnotherCurrencyCannotRepriceTheOrder() {
        JsonNode order = f.order(", \"move_in_date\": \"" + firstOfNextMonth() + "\"");
        String id = order.get("id").asString();
        CataloguePeer.price(f.unit, f.type, 9000, "EUR");
        String later = LocalDate.parse(firstOfNextMonth()).plusMonths(1).toString();
        JsonNode refused = api.body(api.patch(f.caller, id, "{\"move_in_date\": \"" + later + "\"}")
                .expectStatus().isEqualTo(409));
        assertThat(refused.path("error").path("message").asString()).contains("EUR").contains("GBP");
        assertThat(api.read(f.caller, id)).isEqualTo(order);
        assertThat(f.eventTypes(id)).containsExactly("order.created");
    }

    @Test
    void aCouponAddedChangedOrRemovedByPatchPublishesTheQuote() {
        String tag = f.customer.toString().substring(28);
        UUID ten = f.coupon("TEN-" + tag, Map.of("discount_value", 10));
        UUID twenty = f.coupon("TWENTY-" + tag, Map.of("discount_value", 20));
        String id = f.order(", \"move_in_date\": \"" + firstOfNextMonth() + "\"").get("id").asString();
        assertThat(api.updated(f.caller, id, "{\"coupon_code\": \"TEN-" + tag + "\"}").get("discount_minor")
                .asLong()).isEqualTo(900);
        assertThat(OrderFixture.events(events, json, id, 1, "quote.created").get(0).get("data").get("coupon_id")
                .asString()).isEqualTo(ten.toString());
        api.updated(f.caller, id, "{\"coupon_code\": \"TWENTY-" + tag + "\"}");
        api.updated(f.caller, id, "{\"coupon_code\": null}");
        List<JsonNode> updates = OrderFixture.events(events, json, id, 2, "quote.updated");
        assertThat(updates).hasSize(2);
        assertThat(updates.get(0).get("data").get("coupon_id").asString()).isEqualTo(twenty.toString());
        assertThat(updates.get(1).get("data").get("coupon_id").isNull()).isTrue();
    }

    @Test
    void aCouponLeavingAStorefrontOrdersFirstCardPaymentUnderTheMinimumIsRefused() {
        String tag = f.customer.toString().substring(28);
        f.coupon("FREE-" + tag, Map.of("discount_value", 100));
        String id = api.create(f.caller, f.body(f.customer, f.unit, ", \"source\": \"storefront\", "
                + "\"move_in_date\": \"" + firstOfNextMonth() + "\"")).get("id").asString();
        assertThat(api.issues(api.patch(f.caller, id, "{\"coupon_code\": \"FREE-" + tag + "\"}")))
                .containsExactly("coupon_code below_minimum");
        assertThat(api.read(f.caller, id).get("coupon_id").isNull()).isTrue();
        // Not a website order: the same coupon is accepted.
        String api2 = f.order(f.newUnit("C3"), ", \"move_in_date\": \"" + firstOfNextMonth() + "\"").get("id")
                .asString();
        assertThat(api.updated(f.caller, api2, "{\"coupon_code\": \"FREE-" + tag + "\"}")
                .get("total_due_today_minor").asLong()).isZero();
    }

    @Test
    void anAutomaticCouponTakingOverCannotLeaveAStorefrontOrdersFirstCardPaymentUnderTheMinimum() {
        String tag = f.customer.toString().substring(28);
        String storefront = ", \"source\": \"storefront\", \"move_in_date\": \"" + firstOfNextMonth() + "\"";
        // Ordered before any automatic coupon exists: none applies.
        String plain = f.order(storefront).get("id").asString();
        UUID free = f.coupon("AUTOFREE-" + tag, Map.of("discount_value", 100, "auto_apply", true));
        UUID ten = f.coupon("TEN-" + tag, Map.of("discount_value", 10));
        JsonNode coded = f.order(f.newUnit("S2"), storefront + ", \"coupon_code\": \"TEN-" + tag + "\"");
        String id = coded.get("id").asString();
        assertThat(coded.get("coupon_id").asString()).isEqualTo(ten.toString());

        // Removing the code would let the automatic 100% coupon take the first payment to nothing.
        assertThat(api.issues(api.patch(f.caller, id, "{\"coupon_code\": null}")))
                .containsExactly("coupon_code below_minimum");
        assertThat(api.read(f.caller, id)).isEqualTo(coded);
        // So would a re-pricing of the order that never had a coupon.
        String later = LocalDate.parse(firstOfNextMonth()).plusMonths(1).toString();
        assertThat(api.issues(api.patch(f.caller, plain, "{\"move_in_date\": \"" + later + "\"}")))
                .containsExactly("coupon_code below_minimum");
        assertThat(api.read(f.caller, plain).get("coupon_id").isNull()).isTrue();
        // Not a website order: the automatic coupon takes over.
        String backoffice = f.order(f.newUnit("S3"), ", \"source\": \"backoffice\", \"move_in_date\": \""
                + firstOfNextMonth() + "\", \"coupon_code\": \"TEN-" + tag + "\"").get("id").asString();
        JsonNode taken = api.updated(f.caller, backoffice, "{\"coupon_code\": null}");
        assertThat(taken.get("coupon_id").asString()).isEqualTo(free.toString());
        assertThat(taken.get("total_due_today_minor").asLong()).isZero();
    }

    @Test
    void payAsksBillingForThePriceFixedAtCreationNotTodaysCataloguePrice() {
        String id = f.order(", \"move_in_date\": \"" + firstOfNextMonth() + "\"").get("id").asString();
        CataloguePeer.price(f.unit, f.type, 20000, "GBP");
        f.settings(Map.of("customer_portal_url", "https://portal.example/acme"));
        JsonNode paid = f.pay(id, "{\"rail\": \"card\"}");
        assertThat(BillingPeer.requests(UUID.fromString(id)).get(0).body().get("amount_minor").asLong())
                .isEqualTo(10800);
        assertThat(paid.get("payment").get("amount_minor").asLong()).isEqualTo(10800);
        assertThat(paid.get("return_url").asString()).isEqualTo("https://portal.example/acme");
    }
}
