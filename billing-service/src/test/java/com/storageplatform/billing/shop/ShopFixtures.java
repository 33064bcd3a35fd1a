package com.storageplatform.billing.shop;

import com.storageplatform.billing.support.Accounts;
import com.storageplatform.billing.support.BillingApi;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.TestCallers;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.http.MediaType;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What a shop test sets up: products in billing's copy of the catalogue (written straight into it, as the
 * catalogue's events leave it), customers and their invoices, sales and returns through the API, and everything
 * billing stored for an account.
 */
final class ShopFixtures {

    final WebTestClient client;
    final JsonMapper json;
    final DatabaseClient db;
    final Accounts accounts;
    final BillingApi invoices;
    final BillingApi payments;

    ShopFixtures(WebTestClient client, JsonMapper json, DatabaseClient db) {
        this.client = client;
        this.json = json;
        this.db = db;
        this.accounts = new Accounts(db, json);
        this.invoices = new BillingApi(client, json, "/v1/invoices");
        this.payments = invoices.on("/v1/payments");
    }

    /** The catalogue's archive boxes (3.45 GBP, standard rated), with {@code changes} made to them. */
    UUID product(Caller caller, Object... changes) {
        UUID id = Ids.newId();
        Map<String, Object> product = ShopProductsTest.boxes(id);
        for (int i = 0; i < changes.length; i += 2) {
            product = ShopProductsTest.with(product, (String) changes[i], changes[i + 1]);
        }
        db.sql("""
                INSERT INTO records (account_id, id, object, data, deleted, event_time)
                VALUES (:account, :id, 'product', CAST(:data AS jsonb), false, now())
                """)
                .bind("account", caller.accountId()).bind("id", id).bind("data", json.writeValueAsString(product))
                .then().block();
        return id;
    }

    /** An open invoice of {@code customer} for {@code amountMinor} GBP. */
    String openInvoice(Caller caller, UUID customer, long amountMinor) {
        String id = invoices.createId(caller, """
                {"contact_id": "%s", "currency": "GBP",
                 "lines": [{"description": "Unit A12, December", "amount_minor": %d, "quantity": 1}]}
                """.formatted(customer, amountMinor));
        invoices.action(caller, id, "finalize", "").expectStatus().isOk();
        return id;
    }

    /** A card of {@code customer} saved from a test token; their default card when it is their first. */
    String card(Caller caller, UUID customer, String token) {
        return invoices.on("/v1/payment-methods").createId(caller, """
                {"contact_id": "%s", "type": "card", "card_token": "%s"}
                """.formatted(customer, token));
    }

    /** {@code amountMinor} paid against the invoice offline, through {@code POST /v1/payments}: the payment. */
    JsonNode payOffline(Caller caller, String invoiceId, long amountMinor) {
        return payments.body(post(caller, "/v1/payments", "pay-" + Ids.newId(), """
                {"rail": "offline", "offline_method": "card_terminal", "invoice_id": "%s", "amount_minor": %d,
                 "currency": "GBP"}
                """.formatted(invoiceId, amountMinor)).expectStatus().isCreated()).get("data");
    }

    /** {@code POST /v1/invoices/shop-sales} with {@code key} as its {@code Idempotency-Key} (null for none). */
    WebTestClient.ResponseSpec sale(Caller caller, String key, String body) {
        return post(caller, "/v1/invoices/shop-sales", key, body);
    }

    /** A sale answered 201, under a fresh key: its invoice. */
    JsonNode sold(Caller caller, String body) {
        return invoices.body(sale(caller, "sale-" + Ids.newId(), body).expectStatus().isCreated()).get("data");
    }

    /** {@code qty} of {@code product} sold to {@code contact}, paid offline on the card terminal: its invoice. */
    JsonNode soldOffline(Caller caller, UUID contact, UUID product, int qty) {
        return sold(caller, """
                {"contact_id": "%s", "currency": "GBP", "items": [{"product_id": "%s", "quantity": %d}],
                 "payment": {"rail": "offline", "offline_method": "card_terminal"}}
                """.formatted(contact, product, qty));
    }

    /** {@code POST /v1/invoices/{id}/return} with {@code key} as its {@code Idempotency-Key} (null for none). */
    WebTestClient.ResponseSpec returning(Caller caller, String invoiceId, String key, String body) {
        return post(caller, "/v1/invoices/" + invoiceId + "/return", key, body);
    }

    /** A return answered 200, under a fresh key: the {@code shop_return}. */
    JsonNode returned(Caller caller, String invoiceId, String body) {
        return invoices.body(returning(caller, invoiceId, "return-" + Ids.newId(), body).expectStatus().isOk())
                .get("data");
    }

    private WebTestClient.ResponseSpec post(Caller caller, String path, String key, String body) {
        WebTestClient.RequestBodySpec request = client.post().uri(path)
                .header("Authorization", TestCallers.bearer(caller));
        if (key != null) {
            request = request.header("Idempotency-Key", key);
        }
        return request.contentType(MediaType.APPLICATION_JSON).bodyValue(body).exchange();
    }

    /** The payments of an invoice, oldest first. */
    List<JsonNode> paymentsOf(Caller caller, String invoiceId) {
        List<JsonNode> found = new ArrayList<>();
        payments.list(caller, "?invoice_id=" + invoiceId).get("data").values().forEach(found::add);
        Collections.reverse(found);
        return found;
    }

    /** The types of the events billing wrote about {@code subject}, oldest first. */
    List<String> eventTypes(Object subject) {
        return accounts.eventTypes(subject);
    }

    /** The data of every event of {@code type} billing wrote for the account, oldest first. */
    List<JsonNode> events(Caller caller, String type) {
        return db.sql("""
                SELECT payload FROM outbox_events WHERE partition_key = :account AND event_type = :type ORDER BY seq
                """)
                .bind("account", caller.accountId().toString()).bind("type", type)
                .map(row -> json.readTree(row.get("payload", String.class)).get("data"))
                .all().collectList().block();
    }

    /**
     * Everything billing stored for the account: invoices and their lines, payments, credit notes and every event.
     * Equal before and after a refused request when that request wrote nothing.
     */
    String stored(Caller caller) {
        UUID account = caller.accountId();
        return String.join("\n",
                one("SELECT coalesce(json_agg(i ORDER BY id), '[]')::text FROM invoices i WHERE account_id = :a",
                        account),
                one("SELECT coalesce(json_agg(l ORDER BY invoice_id, position), '[]')::text FROM invoice_lines l "
                        + "WHERE account_id = :a", account),
                one("SELECT coalesce(json_agg(p ORDER BY id), '[]')::text FROM payments p WHERE account_id = :a",
                        account),
                one("SELECT coalesce(json_agg(c ORDER BY id), '[]')::text FROM credit_notes c WHERE account_id = :a",
                        account),
                // The accounting sync publishes its outcomes a moment after billing's own events reach it, whatever
                // a request does: they are not a sale's writes.
                one("SELECT coalesce(json_agg(payload ORDER BY seq), '[]')::text FROM outbox_events "
                        + "WHERE partition_key = CAST(:a AS text) AND event_type NOT LIKE 'accounting.%'",
                        account));
    }

    /** The sale that has taken the invoice's debt in, or null. */
    UUID inSale(String invoiceId) {
        return db.sql("SELECT in_sale_id FROM invoices WHERE id = :id").bind("id", UUID.fromString(invoiceId))
                .map(row -> java.util.Optional.ofNullable(row.get("in_sale_id", UUID.class))).one().block()
                .orElse(null);
    }

    private String one(String sql, UUID account) {
        return db.sql(sql).bind("a", account).map(row -> row.get(0, String.class)).one().block();
    }
}
