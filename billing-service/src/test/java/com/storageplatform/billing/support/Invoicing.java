package com.storageplatform.billing.support;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.testsupport.TestCallers;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Invoices as a client makes them, for tests of what is done to them; and what billing stored about one. */
public final class Invoicing {

    private final WebTestClient client;
    private final JsonMapper json;
    private final DatabaseClient db;
    private final BillingApi invoices;

    public Invoicing(WebTestClient client, JsonMapper json, DatabaseClient db) {
        this.client = client;
        this.json = json;
        this.db = db;
        this.invoices = new BillingApi(client, json, "/v1/invoices");
    }

    public BillingApi invoices() {
        return invoices;
    }

    /** A draft for {@code customer} of one line of {@code amountMinor} (standard-rated VAT). */
    public String draft(Caller caller, UUID customer, long amountMinor) {
        return invoices.createId(caller, """
                {"contact_id": "%s", "currency": "GBP",
                 "lines": [{"description": "Unit A12, December", "amount_minor": %d, "quantity": 1}]}
                """.formatted(customer, amountMinor));
    }

    /** A draft as {@link #draft} made {@code open}, due in 14 days. */
    public String open(Caller caller, UUID customer, long amountMinor) {
        String id = draft(caller, customer, amountMinor);
        finalizeDraft(caller, id);
        return id;
    }

    /** An open invoice with a contents insurance line: it carries IPT. */
    public String openInsured(Caller caller, UUID customer) {
        String id = invoices.createId(caller, """
                {"contact_id": "%s", "currency": "GBP",
                 "lines": [{"description": "Unit A12", "amount_minor": 10000, "quantity": 1},
                           {"description": "Contents insurance", "amount_minor": 1120, "quantity": 1,
                            "kind": "insurance"}]}
                """.formatted(customer));
        finalizeDraft(caller, id);
        return id;
    }

    private void finalizeDraft(Caller caller, String id) {
        invoices.action(caller, id, "finalize", "{}").expectStatus().isOk();
    }

    public JsonNode read(Caller caller, String id) {
        return invoices.read(caller, id);
    }

    /** Its due date moved to {@code days} before today, as if it had been open that long. */
    public void dueDaysAgo(String id, int days) {
        db.sql("UPDATE invoices SET due_date = current_date - :days WHERE id = :id")
                .bind("days", days).bind("id", UUID.fromString(id)).then().block();
    }

    /** A refundable deposit of {@code amountMinor} billed on the invoice, in {@code status}, as orders record one. */
    public UUID deposit(Caller caller, UUID customer, String invoiceId, long amountMinor, String status) {
        UUID id = UUID.randomUUID();
        db.sql("""
                INSERT INTO deposits (account_id, id, contact_id, invoice_id, amount_minor, currency, status,
                       created_at, updated_at)
                VALUES (:account, :id, :contact, :invoice, :amount, 'GBP', :status, now(), now())
                """)
                .bind("account", caller.accountId()).bind("id", id).bind("contact", customer)
                .bind("invoice", UUID.fromString(invoiceId)).bind("amount", amountMinor).bind("status", status)
                .then().block();
        return id;
    }

    public String depositStatus(UUID deposit) {
        return db.sql("SELECT status FROM deposits WHERE id = :id").bind("id", deposit)
                .map(row -> row.get("status", String.class)).one().block();
    }

    /** Runs the job now, as the platform admin would; answers its result line. */
    public String runJob(String name) {
        byte[] body = client.post().uri("/internal/jobs/" + name + "/run")
                .header("Authorization", TestCallers.bearer(TestCallers.platformAdmin()))
                .exchange().expectStatus().isOk().expectBody().returnResult().getResponseBody();
        return json.readTree(body).path("data").path("result").asString();
    }

    /**
     * Everything billing stored about the invoice: its row, its lines, its deposits, its credit notes and every
     * event about it. Equal before and after a refused request when that request wrote nothing.
     */
    public String stored(String id) {
        UUID invoice = UUID.fromString(id);
        return String.join("\n",
                one("SELECT row_to_json(i)::text FROM invoices i WHERE id = :id", invoice),
                one("SELECT coalesce(json_agg(l ORDER BY position), '[]')::text FROM invoice_lines l "
                        + "WHERE invoice_id = :id", invoice),
                one("SELECT coalesce(json_agg(d ORDER BY id), '[]')::text FROM deposits d WHERE invoice_id = :id",
                        invoice),
                one("SELECT coalesce(json_agg(c ORDER BY id), '[]')::text FROM credit_notes c "
                        + "WHERE invoice_id = :id", invoice),
                one("SELECT coalesce(json_agg(payload ORDER BY seq), '[]')::text FROM outbox_events "
                        + "WHERE payload::jsonb ->> 'subject' = CAST(:id AS text)", invoice));
    }

    private String one(String sql, UUID id) {
        return db.sql(sql).bind("id", id).map(row -> row.get(0, String.class)).one().block();
    }
}
