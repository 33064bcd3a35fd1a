package com.storageplatform.billing.support;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import tools.jackson.databind.json.JsonMapper;

/**
 * What billing learns from the catalogue's and commerce's events (its {@code records}), written as the projection
 * would write them: a site, a unit type, an agreement on them, a coupon, a reservation or order offering it.
 */
public final class Bookings {

    private final DatabaseClient db;
    private final JsonMapper json;

    public Bookings(DatabaseClient db, JsonMapper json) {
        this.db = db;
        this.json = json;
    }

    /** A site in Europe/London. */
    public UUID site(Caller caller) {
        UUID id = Ids.newId();
        record(caller, id, "site", Map.of("id", id.toString(), "object", "site", "name", "Harbour",
                "timezone", "Europe/London", "status", "active"));
        return id;
    }

    /** A unit type with this VAT treatment of its licence fee. */
    public UUID unitType(Caller caller, UUID site, String vatTreatment) {
        UUID id = Ids.newId();
        record(caller, id, "unit_type", Map.of("id", id.toString(), "object", "unit_type", "site_id",
                site.toString(), "name", "50 sq ft", "price_minor", 10000, "currency", "GBP", "vat_treatment",
                vatTreatment, "status", "active"));
        return id;
    }

    /**
     * An agreement of {@code customer} at {@code site} for a unit of {@code unitType}, {@code pending_move_in}, at a
     * monthly fee, with {@code changes} (field, value pairs) made to it.
     */
    public UUID agreement(Caller caller, UUID customer, UUID site, UUID unitType, LocalDate moveIn, long monthlyFee,
            Object... changes) {
        UUID id = Ids.newId();
        Map<String, Object> agreement = new LinkedHashMap<>();
        agreement.put("id", id.toString());
        agreement.put("object", "agreement");
        agreement.put("contact_id", customer.toString());
        agreement.put("unit_id", Ids.newId().toString());
        agreement.put("site_id", site.toString());
        agreement.put("unit_type_id", unitType.toString());
        agreement.put("reservation_id", null);
        agreement.put("order_id", null);
        agreement.put("licence_fee_minor", monthlyFee);
        agreement.put("currency", "GBP");
        agreement.put("move_in_date", moveIn == null ? null : moveIn.toString());
        agreement.put("status", "pending_move_in");
        agreement.put("end_date", null);
        for (int i = 0; i < changes.length; i += 2) {
            agreement.put((String) changes[i], changes[i + 1]);
        }
        record(caller, id, "agreement", agreement);
        return id;
    }

    /** A coupon with this code and discount; {@code durationMonths} for a repeating one. */
    public UUID coupon(Caller caller, String code, String kind, long value, String duration,
            Integer durationMonths, Object... changes) {
        UUID id = Ids.newId();
        Map<String, Object> coupon = new LinkedHashMap<>();
        coupon.put("id", id.toString());
        coupon.put("object", "coupon");
        coupon.put("name", code + " offer");
        coupon.put("code", code);
        coupon.put("discount_kind", kind);
        coupon.put("discount_value", value);
        coupon.put("currency", "fixed_amount".equals(kind) ? "GBP" : null);
        coupon.put("duration", duration);
        coupon.put("duration_months", durationMonths);
        coupon.put("site_ids", java.util.List.of());
        coupon.put("unit_type_ids", java.util.List.of());
        coupon.put("status", "active");
        coupon.put("valid_from", null);
        coupon.put("valid_to", null);
        for (int i = 0; i < changes.length; i += 2) {
            coupon.put((String) changes[i], changes[i + 1]);
        }
        record(caller, id, "coupon", coupon);
        return id;
    }

    /** A reservation (or, with object {@code order}, an online order) that offered {@code coupon}. */
    public UUID booking(Caller caller, String object, UUID coupon) {
        UUID id = Ids.newId();
        Map<String, Object> booking = new LinkedHashMap<>();
        booking.put("id", id.toString());
        booking.put("object", object);
        booking.put("coupon_id", coupon == null ? null : coupon.toString());
        record(caller, id, object, booking);
        return id;
    }

    /** A catalogue product sold at {@code priceMinor} (per one), standard rated. */
    public UUID product(Caller caller, String name, long priceMinor) {
        UUID id = Ids.newId();
        record(caller, id, "product", Map.of("id", id.toString(), "object", "product", "name", name,
                "price_mode", "fixed", "unit_price_e4", priceMinor * 100, "currency", "GBP", "vat_treatment",
                "standard_20", "status", "active"));
        return id;
    }

    /** A coverage product in the catalogue's REST shape. */
    public UUID coverageProduct(Caller caller, String kind, String pricingMode, Long priceMinor, Long rate,
            Long roundingStep) {
        UUID id = Ids.newId();
        Map<String, Object> product = new LinkedHashMap<>();
        product.put("id", id.toString());
        product.put("object", "coverage_product");
        product.put("name", "insurance".equals(kind) ? "Goods insurance" : "Damage waiver");
        product.put("kind", kind);
        product.put("pricing_mode", pricingMode);
        product.put("price_minor", priceMinor);
        product.put("rate_per_thousand_minor", rate);
        product.put("rounding_step", roundingStep);
        product.put("currency", "GBP");
        product.put("billing_cycle", "monthly");
        product.put("status", "active");
        record(caller, id, "coverage_product", product);
        return id;
    }

    /** Writes (or replaces) a record as the projection keeps it. */
    public void record(Caller caller, UUID id, String object, Map<String, Object> data) {
        db.sql("""
                INSERT INTO records (account_id, id, object, data, deleted, event_time)
                VALUES (:account, :id, :object, CAST(:data AS jsonb), false, now())
                ON CONFLICT (account_id, id) DO UPDATE SET data = EXCLUDED.data, event_time = EXCLUDED.event_time
                """)
                .bind("account", caller.accountId()).bind("id", id).bind("object", object)
                .bind("data", json.writeValueAsString(data))
                .then().block();
    }
}
