package com.storageplatform.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.devstack.DevStack;
import com.storageplatform.kit.testsupport.WebhookReceiver;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Commerce's main journeys through the gateway on the devstack: an enquiry becomes a reservation, a signed licence
 * and an occupied unit, with the events arriving as signed webhooks under their public names; an online order
 * holds its unit and shows its binding price; a site-restricted key cannot reach another site's unit or see that
 * site's agreements; the walk-in record is readable but never a customer.
 */
class CommerceJourneysE2E {

    static final List<String> SCOPES = List.of("sites:read", "sites:write", "units:read", "units:write",
            "contacts:read", "contacts:write", "reservations:read", "reservations:write", "agreements:read",
            "agreements:write", "billing:read", "billing:write", "webhooks:read", "webhooks:write", "events:read");
    static final Duration WAIT = Duration.ofSeconds(60);

    private final DevStack stack = Stack.get();

    /** An operator's test account with every commerce scope, and the calls the journeys make. */
    private static final class Shop {
        final Admin admin;
        final Admin.Operator operator;
        final String key;
        final DevStack stack;

        Shop(DevStack stack, String name) {
            this.stack = stack;
            this.admin = new Admin(stack);
            this.operator = admin.newOperator(name);
            this.key = admin.apiKey(operator, "test", SCOPES, null).path("key").asString();
        }

        Http.Response post(String path, String json) {
            return Http.post(stack.gatewayUrl() + path, key, json);
        }

        Http.Response get(String path) {
            return Http.get(stack.gatewayUrl() + path, key);
        }

        JsonNode created(String path, String json) {
            Http.Response response = post(path, json);
            assertThat(response.status()).as(path + " " + response.body()).isEqualTo(201);
            return response.data();
        }

        JsonNode ok(Http.Response response) {
            assertThat(response.status()).as(response.body().toString()).isEqualTo(200);
            return response.data();
        }

        String site(String name) {
            return created("/v1/sites", "{\"name\": \"%s\", \"timezone\": \"Europe/London\"}".formatted(name))
                    .path("id").asString();
        }

        String unitType(String site) {
            return created("/v1/unit-types", """
                    {"site_id": "%s", "name": "50 sq ft", "price_minor": 6000, "currency": "GBP"}
                    """.formatted(site)).path("id").asString();
        }

        String unit(String site, String type, String name) {
            return created("/v1/units", """
                    {"site_id": "%s", "unit_type_id": "%s", "name": "%s"}
                    """.formatted(site, type, name)).path("id").asString();
        }

        String contact(String first) {
            return created("/v1/contacts", """
                    {"first_name": "%s", "last_name": "Jones", "email": "%s@example.com"}
                    """.formatted(first, first.toLowerCase())).path("id").asString();
        }

        /** A reservation, once commerce has learnt of the unit from the catalogue's events. */
        JsonNode reservation(String contact, String unit) {
            String body = """
                    {"contact_id": "%s", "unit_id": "%s", "source": "storefront"}
                    """.formatted(contact, unit);
            Http.Response response = post("/v1/reservations", body);
            long deadline = System.nanoTime() + WAIT.toNanos();
            while (response.status() == 422 && System.nanoTime() < deadline) {
                Webhooks.sleep(200);
                response = post("/v1/reservations", body);
            }
            assertThat(response.status()).as(response.body().toString()).isEqualTo(201);
            return response.data();
        }

        /** Proves the catalogue has applied every commerce event of this test account published so far. */
        CommerceEvents.Marker marker() {
            return new CommerceEvents.Marker(stack, key, operator.testAccountId());
        }

        /**
         * The types of the deliveries the receiver got, once every expected type has arrived; each delivery's
         * signature is verified with the endpoint's secret.
         */
        List<String> deliveredTypes(WebhookReceiver receiver, JsonNode endpoint, List<String> expected) {
            return Webhooks.deliveredTypes(receiver, endpoint.path("secret").asString(), expected, WAIT);
        }

        /** The event feed's types (newest first), once it holds {@code last}. */
        List<String> feedTypes(String last) {
            return CommerceEvents.eventually(() -> {
                List<String> types = new ArrayList<>();
                ok(get("/v1/events?limit=100")).forEach(e -> types.add(e.path("type").asString()));
                return types;
            }, types -> types.contains(last));
        }

        /** The unit's status as the catalogue shows it, once it reads {@code expected}. */
        String awaitUnitStatus(String unit, String expected) {
            long deadline = System.nanoTime() + WAIT.toNanos();
            String status = ok(get("/v1/units/" + unit)).path("status").asString();
            while (!status.equals(expected) && System.nanoTime() < deadline) {
                Webhooks.sleep(200);
                status = ok(get("/v1/units/" + unit)).path("status").asString();
            }
            return status;
        }
    }

    @Test
    void anEnquiryBecomesAReservationASignedLicenceAndAnOccupiedUnitWithSignedWebhooks() {
        Shop shop = new Shop(stack, "Journey Storage");
        try (WebhookReceiver receiver = new WebhookReceiver()) {
            JsonNode endpoint = shop.created("/v1/webhooks", """
                    {"url": "%s", "enabled_events": ["contact.*", "reservation.*", "agreement.*"]}
                    """.formatted(receiver.url()));
            String site = shop.site("Cambridge");
            String unit = shop.unit(site, shop.unitType(site), "C1");
            String contact = shop.contact("Ada");

            JsonNode reservation = shop.reservation(contact, unit);
            assertThat(reservation.path("status").asString()).isEqualTo("active");
            assertThat(reservation.path("licence_fee_minor").asLong()).isEqualTo(6000);
            assertThat(shop.awaitUnitStatus(unit, "reserved")).isEqualTo("reserved");

            // Booking the unit reserved for the same customer takes the reservation up without naming it.
            JsonNode agreement = shop.created("/v1/agreements", """
                    {"contact_id": "%s", "unit_id": "%s"}
                    """.formatted(contact, unit));
            assertThat(agreement.path("reservation_id").asString()).isEqualTo(reservation.path("id").asString());
            assertThat(shop.ok(shop.get("/v1/reservations/" + reservation.path("id").asString()))
                    .path("status").asString()).isEqualTo("converted");

            String id = agreement.path("id").asString();
            JsonNode signed = shop.ok(shop.post("/v1/agreements/" + id + "/sign", "{}"));
            assertThat(signed.path("access_status").asString()).isEqualTo("signed");
            // Signing books the unit; only moving in occupies it. The unit read "reserved" before signing too, so
            // wait until the catalogue has applied every event published so far, signing included, then look.
            shop.marker().awaitApplied();
            assertThat(shop.ok(shop.get("/v1/units/" + unit)).path("status").asString()).isEqualTo("reserved");
            JsonNode active = shop.ok(shop.post("/v1/agreements/" + id + "/move-in", "{}"));
            assertThat(active.path("status").asString()).isEqualTo("active");
            assertThat(shop.awaitUnitStatus(unit, "occupied")).isEqualTo("occupied");

            // A last public event, after every internal one the journey made (conversion, move-in).
            shop.ok(Http.patch(stack.gatewayUrl() + "/v1/contacts/" + contact, shop.key, "{\"phone\": \"+441223000000\"}"));

            List<String> expected = List.of("contact.created", "reservation.created", "agreement.created",
                    "agreement.signed", "contact.updated");
            assertThat(shop.deliveredTypes(receiver, endpoint, expected)).containsAll(expected);
            // Internal names never reach the feed (the log every delivery comes from): once the last public event
            // is in it, so is everything the account published before it.
            List<String> feed = shop.feedTypes("contact.updated");
            assertThat(feed).contains("agreement.signed")
                    .doesNotContain("agreement.activated", "agreement.updated", "reservation.converted");
        }
    }

    @Test
    void anOnlineOrderHoldsItsUnitAndShowsItsPriceInFullBeforePayment() {
        Shop shop = new Shop(stack, "Checkout Storage");
        String site = shop.site("Oxford");
        String unit = shop.unit(site, shop.unitType(site), "O1");
        String contact = shop.contact("Grace");
        shop.reservation(shop.contact("Probe"), unit);   // waits until commerce knows the unit...
        String other = shop.unit(site, shop.unitType(site), "O2");
        shop.reservation(contact, other);                  // ...and this one

        JsonNode order = shop.created("/v1/orders", """
                {"contact_id": "%s", "unit_id": "%s", "source": "storefront"}
                """.formatted(contact, other));
        assertThat(order.path("status").asString()).isEqualTo("awaiting_payment");
        assertThat(order.path("total_due_today_minor").asLong()).isPositive();
        assertThat(order.path("recurring_amount_minor").asLong()).isPositive();
        assertThat(order.path("lines").isArray()).isTrue();
        assertThat(shop.awaitUnitStatus(other, "reserved")).isEqualTo("reserved");
        // A change re-prices the order, and the answer says so.
        Http.Response moved = Http.patch(stack.gatewayUrl() + "/v1/orders/" + order.path("id").asString(), shop.key,
                "{\"move_in_date\": \"%s\"}".formatted(java.time.LocalDate.now(java.time.ZoneId.of("Europe/London"))
                        .plusDays(40)));
        assertThat(shop.ok(moved).path("priced_at").asString()).isNotEqualTo(order.path("priced_at").asString());
        assertThat(moved.header("Service-Repriced")).isEqualTo("true");
        // The deprecated kyc_status is signalled on a contact read through the gateway.
        Http.Response read = shop.get("/v1/contacts/" + contact);
        assertThat(read.header("Deprecation")).startsWith("@");
        assertThat(read.header("Sunset")).isNotBlank();
        assertThat(Account.errorCode(shop.post("/v1/reservations", """
                {"contact_id": "%s", "unit_id": "%s", "source": "api"}
                """.formatted(shop.contact("Late"), other)), 409)).isEqualTo("unit_reserved");
    }

    @Test
    void anOrderPaidThroughBillingCompletesAsAnAgreementWithSignedWebhooks() {
        Shop shop = new Shop(stack, "Paid Storage");
        try (WebhookReceiver receiver = new WebhookReceiver()) {
            JsonNode endpoint = shop.created("/v1/webhooks", """
                    {"url": "%s", "enabled_events": ["order.*", "agreement.*"]}
                    """.formatted(receiver.url()));
            String site = shop.site("York");
            String unit = shop.unit(site, shop.unitType(site), "Y1");
            String contact = shop.contact("Ann");
            String reservation = shop.reservation(contact, unit).path("id").asString();
            JsonNode order = shop.created("/v1/orders", """
                    {"contact_id": "%s", "unit_id": "%s", "source": "storefront"}
                    """.formatted(contact, unit));
            String orderId = order.path("id").asString();
            assertThat(order.path("reservation_id").asString()).isEqualTo(reservation);

            // Paid through billing-service: commerce asks billing's POST /v1/payments, which issues the order's
            // invoice and charges the card (the simulator on a test account). The customer returns to the
            // operator's portal, a setting commerce learns from auth's operator.settings_updated.
            Http.Response portal = Http.patch(stack.gatewayUrl() + "/admin/v1/operators/" + shop.operator.id()
                    + "/settings", stack.adminToken(), "{\"customer_portal_url\": \"https://my.example.com/account\"}");
            assertThat(portal.status()).as(portal.body().toString()).isEqualTo(200);
            JsonNode paid = CommerceEvents.eventually(() -> shop.post("/v1/orders/" + orderId + "/pay", """
                    {"rail": "card", "card_token": "test_card_visa"}
                    """), response -> response.status() != 422).data();
            assertThat(paid.path("payment").path("status").asString()).as(paid.toString()).isEqualTo("succeeded");
            JsonNode payment = shop.ok(shop.get("/v1/payments/" + paid.path("payment").path("id").asString()));
            assertThat(payment.path("order_id").asString()).isEqualTo(orderId);
            assertThat(payment.path("amount_minor").asLong()).isEqualTo(order.path("total_due_today_minor").asLong());
            JsonNode invoice = shop.ok(shop.get("/v1/invoices/" + payment.path("invoice_id").asString()));
            assertThat(invoice.path("status").asString()).isEqualTo("paid");
            assertThat(invoice.path("source").asString()).isEqualTo("order");
            JsonNode completed = CommerceEvents.eventually(() -> shop.ok(shop.get("/v1/orders/" + orderId)),
                    o -> o.path("status").asString().equals("completed"));
            assertThat(completed.path("status").asString()).as(completed.toString()).isEqualTo("completed");
            String agreementId = completed.path("agreement_id").asString();
            JsonNode agreement = shop.ok(shop.get("/v1/agreements/" + agreementId));
            assertThat(agreement.path("contact_id").asString()).isEqualTo(contact);
            assertThat(agreement.path("unit_id").asString()).isEqualTo(unit);
            assertThat(agreement.path("reservation_id").asString()).isEqualTo(reservation);

            List<String> expected = List.of("order.created", "order.completed", "agreement.created");
            assertThat(shop.deliveredTypes(receiver, endpoint, expected)).containsAll(expected);
        }
    }

    @Test
    void aSiteRestrictedKeyCannotReachAnotherSitesUnitAndSeesOnlyItsSitesAgreements() {
        Shop shop = new Shop(stack, "Two Sites Storage");
        String mine = shop.site("Norwich");
        String theirs = shop.site("Ipswich");
        String myUnit = shop.unit(mine, shop.unitType(mine), "N1");
        String theirUnit = shop.unit(theirs, shop.unitType(theirs), "I1");
        String contact = shop.contact("Mary");
        shop.reservation(contact, myUnit);
        shop.reservation(contact, theirUnit);
        shop.created("/v1/agreements", "{\"contact_id\": \"%s\", \"unit_id\": \"%s\"}".formatted(contact, myUnit));
        String theirAgreement = shop.created("/v1/agreements",
                "{\"contact_id\": \"%s\", \"unit_id\": \"%s\"}".formatted(contact, theirUnit)).path("id").asString();

        String restricted = shop.admin.apiKey(shop.operator, "test", SCOPES, List.of(mine)).path("key").asString();
        Http.Response refused = Http.post(stack.gatewayUrl() + "/v1/reservations", restricted, """
                {"contact_id": "%s", "unit_id": "%s", "source": "api"}
                """.formatted(shop.contact("Other"), theirUnit));
        assertThat(Account.errorCode(refused, 403)).isEqualTo("site_forbidden");
        List<String> sites = new ArrayList<>();
        Http.get(stack.gatewayUrl() + "/v1/agreements?contact_id=" + contact, restricted).data()
                .forEach(a -> sites.add(a.path("site_id").asString()));
        assertThat(sites).containsExactly(mine);
        assertThat(Account.errorCode(Http.get(stack.gatewayUrl() + "/v1/agreements/" + theirAgreement, restricted),
                403)).isEqualTo("site_forbidden");
    }

    @Test
    void theWalkInRecordIsReadableButNeverACustomerAndAnotherOperatorsContactIsNotFound() {
        Shop shop = new Shop(stack, "Walk-in Storage");
        String walkIn = Http.get(stack.gatewayUrl() + "/admin/v1/operators/" + shop.operator.id(),
                stack.adminToken()).data().path("walk_in_contact_ids").path("test").asString();
        long deadline = System.nanoTime() + WAIT.toNanos();
        Http.Response read = shop.get("/v1/contacts/" + walkIn);
        while (read.status() == 404 && System.nanoTime() < deadline) {
            Webhooks.sleep(200);
            read = shop.get("/v1/contacts/" + walkIn);
        }
        assertThat(shop.ok(read).path("system_role").asString()).isEqualTo("walk_in");
        String site = shop.site("Bath");
        String type = shop.unitType(site);
        String unit = shop.unit(site, type, "B1");
        // Commerce learns of units in the order the catalogue published them: once B2 is known, so is B1.
        shop.reservation(shop.contact("Probe"), shop.unit(site, type, "B2"));
        assertThat(Account.issues(shop.post("/v1/agreements", """
                {"contact_id": "%s", "unit_id": "%s"}
                """.formatted(walkIn, unit)))).contains("contact_id not_allowed");

        Shop other = new Shop(stack, "Other Storage");
        assertThat(Account.errorCode(other.get("/v1/contacts/" + shop.contact("Private")), 404))
                .isEqualTo("not_found");
    }
}
