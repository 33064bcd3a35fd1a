package com.storageplatform.compliance.contract;

import static com.storageplatform.kit.testsupport.ResourceApi.eventually;

import com.storageplatform.compliance.internal.Customers;
import com.storageplatform.compliance.internal.Records;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.ResourceApi;
import com.storageplatform.kit.testsupport.TestCallers;
import com.storageplatform.kit.testsupport.TestEvents;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * One account as the other services' events leave it in compliance: a site with an address, a unit at it, a
 * customer, and the agreements booked for them, each published on its owner's topic and awaited in compliance's
 * projections (as internal/ProjectionsTest does). Also the contracts API, the PDF's text, and what compliance
 * published.
 */
final class ContractFixture {

    static final String[] SCOPES = {"compliance:read", "compliance:write"};
    static final long FEE = 4500;

    final ResourceApi contracts;
    final ResourceApi templates;
    final Caller caller = TestCallers.apiCaller(SCOPES);
    final UUID site;
    final UUID unit;
    final UUID customer;

    private final WebTestClient client;
    private final DatabaseClient db;
    private final JsonMapper json;
    private final Records records;
    private final Customers customers;

    ContractFixture(WebTestClient client, JsonMapper json, DatabaseClient db, Records records, Customers customers) {
        this.client = client;
        this.db = db;
        this.json = json;
        this.records = records;
        this.customers = customers;
        this.contracts = new ResourceApi(client, json, "/v1/contracts");
        this.templates = contracts.on("/v1/contract-templates");
        site = site("Harbour Road");
        unit = unit(site, "A12");
        customer = customer("Ada", "Lovelace");
    }

    /** A site of the account with an address, as the catalogue publishes it. */
    UUID site(String name) {
        UUID id = Ids.newId();
        TestEvents.publish("catalogue.events", "site.created", caller.accountId(), Map.of("id", id.toString(),
                "object", "site", "name", name, "timezone", "Europe/London", "status", "active",
                "address", Map.of("line1", "1 Harbour Road", "city", "Bristol", "postcode", "BS1 4QA",
                        "country", "GB")));
        eventually(() -> records.site(caller.accountId(), id).block() != null);
        return id;
    }

    UUID unit(UUID atSite, String name) {
        UUID id = Ids.newId();
        TestEvents.publish("catalogue.events", "unit.created", caller.accountId(), Map.of("id", id.toString(),
                "object", "unit", "site_id", atSite.toString(), "name", name, "status", "available"));
        eventually(() -> records.unit(caller.accountId(), id).block() != null);
        return id;
    }

    /** A customer of the account, as commerce publishes it. */
    UUID customer(String firstName, String lastName) {
        UUID id = Ids.newId();
        TestEvents.publish("commerce.events", "contact.created", caller.accountId(), Map.of("id", id.toString(),
                "object", "contact", "first_name", firstName, "last_name", lastName, "email",
                "ada." + id + "@example.com", "status", "active"));
        eventually(() -> customers.find(caller.accountId(), id).block() != null);
        return id;
    }

    /** A draft agreement of the customer for the unit at 45.00 GBP a month from 1 December 2026. */
    UUID agreement() {
        return agreement(customer, unit, site, "draft");
    }

    UUID agreement(UUID contact, UUID unitId, UUID atSite, String status) {
        UUID id = Ids.newId();
        publishAgreement("agreement.created", terms(id, contact, unitId, atSite, status));
        return id;
    }

    /** The agreement's terms as commerce publishes them. */
    Map<String, Object> terms(UUID id, UUID contact, UUID unitId, UUID atSite, String status) {
        Map<String, Object> agreement = new LinkedHashMap<>();
        agreement.put("id", id.toString());
        agreement.put("object", "agreement");
        agreement.put("contact_id", contact.toString());
        agreement.put("unit_id", unitId.toString());
        agreement.put("site_id", atSite.toString());
        agreement.put("licence_fee_minor", FEE);
        agreement.put("currency", "GBP");
        agreement.put("move_in_date", "2026-12-01");
        agreement.put("status", status);
        agreement.put("access_status", "drafted");
        return agreement;
    }

    /** Commerce publishes the agreement as {@code data} says; awaited until compliance's copy reads it. */
    void publishAgreement(String type, Map<String, Object> data) {
        UUID id = UUID.fromString((String) data.get("id"));
        TestEvents.publish("commerce.events", type, caller.accountId(), data);
        eventually(() -> {
            JsonNode known = records.agreement(caller.accountId(), id).block();
            return known != null && known.path("status").asString().equals(data.get("status"))
                    && known.path("licence_fee_minor").asLong() == ((Number) data.get("licence_fee_minor")).longValue()
                    && known.path("unit_id").asString().equals(data.get("unit_id"));
        });
    }

    JsonNode create(UUID agreementId) {
        return contracts.create(caller, "{\"agreement_id\": \"" + agreementId + "\"}");
    }

    WebTestClient.ResponseSpec post(Caller as, UUID agreementId) {
        return contracts.post(as, "{\"agreement_id\": \"" + agreementId + "\"}");
    }

    WebTestClient.ResponseSpec sign(Caller as, String contractId, String body) {
        return contracts.action(as, contractId, "sign", body);
    }

    JsonNode signed(String contractId) {
        return contracts.body(sign(caller, contractId, "{\"name\": \"Ada Lovelace\", \"ip_address\": "
                + "\"203.0.113.7\"}").expectStatus().isOk()).get("data");
    }

    /** {@code GET /v1/contracts/{id}/document} as a client calls it. */
    WebTestClient.ResponseSpec document(Caller as, String contractId) {
        return client.get().uri("/v1/contracts/" + contractId + "/document")
                .header("Authorization", TestCallers.bearer(as)).exchange();
    }

    byte[] pdf(String contractId) {
        return document(caller, contractId).expectStatus().isOk().expectBody(byte[].class).returnResult()
                .getResponseBody();
    }

    /** The text of a PDF, as PDFBox reads it back, with its lines joined by single spaces. */
    static String text(byte[] pdf) {
        try (PDDocument document = Loader.loadPDF(pdf)) {
            return new PDFTextStripper().getText(document).replaceAll("\\s+", " ");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The types of the events compliance wrote about {@code subject} (its outbox), oldest first. */
    List<String> eventTypes(Object subject) {
        return events(subject).stream().map(event -> event.get("type").asString()).toList();
    }

    List<JsonNode> events(Object subject) {
        return db.sql("SELECT payload FROM outbox_events WHERE payload::jsonb ->> 'subject' = :id ORDER BY seq")
                .bind("id", subject.toString())
                .map(row -> json.readTree(row.get("payload", String.class)))
                .all().collectList().block();
    }
}
