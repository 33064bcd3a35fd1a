package com.storageplatform.e2e;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * The objects the tenancy matrix aims at: one (or more) per collection, made in one account through the public API.
 * The routes come from the route table and the OpenAPI document; this is only DATA, a minimal valid body per
 * collection, each {@code ${label}} standing for the id made by an earlier line. A collection with no line (one
 * whose objects the platform makes itself: events, pipelines, access credentials, widgets) is found through its
 * owner's list afterwards. Everything is made at the site {@code sites}; {@code sites#restricted} is the only site
 * of the matrix's site-restricted key, so every object "of a site" is outside it (an event is of the site its
 * {@code data} names).
 */
final class TenancyFixtures {

    /**
     * One create (a {@code label} for its id); when {@code label} is null, a step such as signing; when
     * {@code body} is null, a list to wait on for the first object the platform makes itself.
     */
    record Line(String label, String path, String body) {

        /** The collection the made object belongs to ({@code units#2} is a unit). */
        String collection() {
            int hash = label.indexOf('#');
            return hash < 0 ? label : label.substring(0, hash);
        }
    }

    static final List<Line> LINES = List.of(
            make("sites", "/v1/sites", """
                    {"name": "Matrix main", "timezone": "Europe/London"}"""),
            make("sites#restricted", "/v1/sites", """
                    {"name": "Matrix restricted", "timezone": "Europe/London"}"""),
            make("unit-types", "/v1/unit-types", """
                    {"site_id": "${sites}", "name": "Small", "price_minor": 5000, "currency": "GBP"}"""),
            make("units", "/v1/units", """
                    {"site_id": "${sites}", "unit_type_id": "${unit-types}", "name": "M1"}"""),
            make("units#order", "/v1/units", """
                    {"site_id": "${sites}", "unit_type_id": "${unit-types}", "name": "M2"}"""),
            make("units#agreement", "/v1/units", """
                    {"site_id": "${sites}", "unit_type_id": "${unit-types}", "name": "M3"}"""),
            make("products", "/v1/products", """
                    {"name": "Padlock", "price_mode": "fixed", "unit_price_e4": 129900, "currency": "GBP",
                     "usable_website": true}"""),
            make("coverage-products", "/v1/coverage-products", """
                    {"name": "Damage waiver", "kind": "waiver", "pricing_mode": "fixed_level", "price_minor": 599,
                     "currency": "GBP"}"""),
            make("coupons", "/v1/coupons", """
                    {"name": "Ten off", "discount_kind": "percent", "discount_value": 10, "duration": "once",
                     "site_ids": ["${sites}"]}"""),
            make("rate-plans", "/v1/rate-plans", """
                    {"unit_type_id": "${unit-types}", "price_minor": 8000, "currency": "GBP"}"""),
            make("price-rules", "/v1/price-rules", """
                    {"name": "Drive-up", "kind": "unit_feature", "feature": "drive_up", "adjustment_kind": "percent",
                     "adjustment_value": 15, "site_ids": ["${sites}"]}"""),
            make("contacts", "/v1/contacts", """
                    {"first_name": "Ada", "last_name": "Matrix", "email": "ada.matrix@example.com"}"""),
            make("reservations", "/v1/reservations", """
                    {"contact_id": "${contacts}", "unit_id": "${units}", "source": "api"}"""),
            make("orders", "/v1/orders", """
                    {"contact_id": "${contacts}", "unit_id": "${units#order}", "source": "storefront"}"""),
            make("agreements", "/v1/agreements", """
                    {"contact_id": "${contacts}", "unit_id": "${units#agreement}"}"""),
            make("contracts", "/v1/contracts", """
                    {"agreement_id": "${agreements}"}"""),
            step("/v1/agreements/${agreements}/sign", "{}"),
            // Signing issues the agreement's credential (compliance, from commerce's event).
            find("access-credentials", "/v1/access-credentials?agreement_id=${agreements}"),
            make("hardware-devices", "/v1/hardware-devices", """
                    {"site_id": "${sites}", "kind": "gate", "name": "Front gate"}"""),
            make("access-events", "/v1/test-helpers/access-events", """
                    {"kind": "entry", "credential_id": "${access-credentials}", "device_id": "${hardware-devices}"}"""),
            make("identity-verifications", "/v1/identity-verifications", """
                    {"contact_id": "${contacts}"}"""),
            make("subscriptions", "/v1/subscriptions", """
                    {"contact_id": "${contacts}", "site_id": "${sites}", "agreement_id": "${agreements}",
                     "billing_interval": "month", "interval_count": 1, "currency": "GBP"}"""),
            make("price-increases", "/v1/subscriptions/${subscriptions}/price-increases", """
                    {"effective_date": "2027-12-01", "increase_percent": 5}"""),
            make("integration-connections", "/v1/integration-connections", """
                    {"kind": "accounting", "provider": "xero", "name": "Books", "settings": {"tenant_id": "matrix"},
                     "credentials": {"client_id": "matrix", "client_secret": "matrix", "refresh_token": "matrix"}}"""),
            make("invoices", "/v1/invoices", """
                    {"contact_id": "${contacts}", "currency": "GBP", "collection_method": "offline",
                     "lines": [{"description": "Matrix", "amount_minor": 3500, "quantity": 1}]}"""),
            step("/v1/invoices/${invoices}/finalize", "{}"),
            make("credit-notes", "/v1/credit-notes", """
                    {"invoice_id": "${invoices}", "amount_minor": 500, "reason": "Goodwill"}"""),
            make("payment-methods", "/v1/payment-methods", """
                    {"contact_id": "${contacts}", "type": "card", "card_token": "test_card_visa"}"""),
            make("payments", "/v1/payments", """
                    {"rail": "card", "invoice_id": "${invoices}", "payment_method_id": "${payment-methods}",
                     "amount_minor": 1000, "currency": "GBP"}"""),
            make("payment-methods#bank", "/v1/payment-methods", """
                    {"contact_id": "${contacts}", "type": "bacs_debit", "bank_account": {"account_holder_name":
                     "Ada Matrix", "sort_code": "20-00-00", "account_number": "55779911"}}"""),
            make("mandates", "/v1/mandates", """
                    {"contact_id": "${contacts}", "payment_method_id": "${payment-methods#bank}"}"""),
            make("overlocks", "/v1/overlocks", """
                    {"agreement_id": "${agreements}", "reason": "Matrix"}"""),
            make("sale-processes", "/v1/sale-processes", """
                    {"agreement_id": "${agreements}"}"""),
            make("deals", "/v1/deals", """
                    {"contact_id": "${contacts}", "site_id": "${sites}", "channel": "phone"}"""),
            make("tasks", "/v1/tasks", """
                    {"title": "Call back", "contact_id": "${contacts}", "deal_id": "${deals}"}"""),
            make("notes", "/v1/notes", """
                    {"subject_type": "contact", "subject_id": "${contacts}", "body": "Matrix note"}"""),
            make("messages", "/v1/messages", """
                    {"contact_id": "${contacts}", "channel": "email", "kind": "transactional", "subject": "Hello",
                     "body": "Matrix"}"""),
            // A test account may name localhost; nothing the matrix does publishes deal.won.
            make("webhooks", "/v1/webhooks", """
                    {"url": "http://127.0.0.1:9/matrix", "enabled_events": ["deal.won"]}"""),
            make("events#helper", "/v1/test-helpers/events", """
                    {"type": "payment.succeeded", "data": {"object": "payment", "amount_minor": 1200}}"""),
            // An event of a record at the site (the signed agreement), for the restricted key's feed.
            find("events", "/v1/events?type=agreement.signed"));

    /** Imports take a CSV file, not JSON: made apart, from the documented sample. */
    static final String IMPORT = "/v1/imports?type=contacts&dry_run=true";

    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([^}]+)}");
    /** Long enough for a service to learn, from another's events, of what an earlier line made. */
    private static final long PROJECTION_WAIT_NANOS = 20_000_000_000L;

    private TenancyFixtures() {
    }

    private static Line make(String label, String path, String body) {
        return new Line(label, path, body);
    }

    private static Line find(String label, String list) {
        return new Line(label, list, null);
    }

    private static Line step(String path, String body) {
        return new Line(null, path, body);
    }

    /**
     * Makes every line's object with {@code key} (holding every scope); answers label → id. A line that cannot be
     * made (a prerequisite missing, or refused) is printed and left out: its collection's object is then looked
     * for in the owner's list, and the coverage guard fails if none is found and the collection is not exempt.
     */
    static Map<String, String> make(String gatewayUrl, String key, Path repoRoot) {
        Map<String, String> made = new LinkedHashMap<>();
        for (Line line : LINES) {
            String path = substitute(line.path(), made);
            if (path != null && line.body() == null) {
                String id = CommerceEvents.eventually(() -> MatrixCalls.send("GET", gatewayUrl + path, key, null),
                        list -> !list.data().path(0).path("id").asString("").isEmpty()).data().path(0).path("id")
                        .asString("");
                if (id.isEmpty()) {
                    System.out.println("[matrix] fixture " + path + ": nothing listed");
                } else {
                    made.put(line.label(), id);
                }
                continue;
            }
            String body = line.body() == null ? null : substitute(line.body(), made);
            if (path == null || body == null) {
                System.out.println("[matrix] fixture " + line.path() + ": skipped, a prerequisite was not made");
                continue;
            }
            Http.Response answer = postUntilKnown(gatewayUrl + path, key, body);
            if (answer.status() / 100 != 2) {
                System.out.println("[matrix] fixture " + path + ": " + answer.status() + " " + answer.body());
                continue;
            }
            if (line.label() != null) {
                made.put(line.label(), answer.data().path("id").asString());
            }
        }
        Http.Response imported = Http.send(HttpRequest.newBuilder(URI.create(gatewayUrl + IMPORT))
                .header("Authorization", "Bearer " + key)
                .header("Idempotency-Key", UUID.randomUUID().toString())
                .header("Content-Type", "text/csv")
                .POST(HttpRequest.BodyPublishers.ofString(read(repoRoot.resolve("docs/samples/contacts.csv")))));
        if (imported.status() == 201) {
            made.put("imports", imported.data().path("id").asString());
        } else {
            System.out.println("[matrix] fixture " + IMPORT + ": " + imported.status() + " " + imported.body());
        }
        return made;
    }

    /**
     * POSTs until the answer is no longer a 404 or 422 that a projection not yet caught up explains (a unit
     * commerce has not heard of), or the wait is over.
     */
    private static Http.Response postUntilKnown(String url, String key, String body) {
        long deadline = System.nanoTime() + PROJECTION_WAIT_NANOS;
        Http.Response answer = MatrixCalls.send("POST", url, key, body);
        while ((answer.status() == 422 || answer.status() == 404) && System.nanoTime() < deadline) {
            Webhooks.sleep(250);
            answer = MatrixCalls.send("POST", url, key, body);
        }
        return answer;
    }

    /** The text with each {@code ${label}} replaced by its id; null when one was not made. */
    static String substitute(String text, Map<String, String> made) {
        Matcher matcher = PLACEHOLDER.matcher(text);
        StringBuilder out = new StringBuilder();
        while (matcher.find()) {
            String id = made.get(matcher.group(1));
            if (id == null) {
                return null;
            }
            matcher.appendReplacement(out, Matcher.quoteReplacement(id));
        }
        matcher.appendTail(out);
        return out.toString();
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
