package com.storageplatform.crm.support;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import tools.jackson.databind.json.JsonMapper;

/**
 * What crm learns from the catalogue's and commerce's events (its {@code records}), written as the kit's projection
 * would write them: a site, a unit type and a unit at it, an agreement and a reservation of a customer.
 */
public final class Bookings {

    private final DatabaseClient db;
    private final JsonMapper json;

    public Bookings(DatabaseClient db, JsonMapper json) {
        this.db = db;
        this.json = json;
    }

    public UUID site(Caller caller) {
        UUID id = Ids.newId();
        record(caller, id, "site", Map.of("id", id.toString(), "object", "site", "name", "Harbour",
                "timezone", "Europe/London", "status", "active"));
        return id;
    }

    public UUID unitType(Caller caller, UUID site) {
        UUID id = Ids.newId();
        record(caller, id, "unit_type", Map.of("id", id.toString(), "object", "unit_type", "site_id",
                site.toString(), "name", "50 sq ft", "price_minor", 10000, "currency", "GBP", "status", "active"));
        return id;
    }

    /** An available unit of {@code unitType} at {@code site}. */
    public UUID unit(Caller caller, UUID site, UUID unitType) {
        UUID id = Ids.newId();
        record(caller, id, "unit", Map.of("id", id.toString(), "object", "unit", "site_id", site.toString(),
                "unit_type_id", unitType.toString(), "name", "A" + id.toString().substring(30), "status",
                "available"));
        return id;
    }

    /** A {@code pending_move_in} agreement of {@code customer} at {@code site}. */
    public UUID agreement(Caller caller, UUID customer, UUID site) {
        return agreement(caller, customer, site, "pending_move_in");
    }

    /** An agreement of {@code customer} at {@code site} with this status ({@code quote}, ...). */
    public UUID agreement(Caller caller, UUID customer, UUID site, String status) {
        UUID id = Ids.newId();
        Map<String, Object> agreement = new LinkedHashMap<>();
        agreement.put("id", id.toString());
        agreement.put("object", "agreement");
        agreement.put("contact_id", customer.toString());
        agreement.put("site_id", site.toString());
        agreement.put("unit_id", Ids.newId().toString());
        agreement.put("status", status);
        record(caller, id, "agreement", agreement);
        return id;
    }

    /** A reservation of {@code customer} at {@code site} with this status, held until {@code heldUntil}. */
    public UUID reservation(Caller caller, UUID customer, UUID site, UUID dealId, String status, Instant heldUntil) {
        UUID id = Ids.newId();
        Map<String, Object> reservation = new LinkedHashMap<>();
        reservation.put("id", id.toString());
        reservation.put("object", "reservation");
        reservation.put("contact_id", customer.toString());
        reservation.put("site_id", site.toString());
        reservation.put("deal_id", dealId == null ? null : dealId.toString());
        reservation.put("status", status);
        reservation.put("held_until", heldUntil.toString());
        record(caller, id, "reservation", reservation);
        return id;
    }

    private void record(Caller caller, UUID id, String object, Map<String, ?> data) {
        db.sql("""
                INSERT INTO records (account_id, id, object, data, deleted, event_time)
                VALUES (:account, :id, :object, CAST(:data AS jsonb), false, now())
                """)
                .bind("account", caller.accountId()).bind("id", id).bind("object", object)
                .bind("data", json.writeValueAsString(data))
                .then().block();
    }
}
