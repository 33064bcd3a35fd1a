package com.storageplatform.commerce.support;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.TestEvents;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;

/**
 * The catalogue as commerce sees it in a test: records published on {@code catalogue.events} exactly as the
 * catalogue's outbox would (the REST shapes of docs/api/catalogue.md), each call returning once commerce's
 * projection holds the record; prices set on the {@link CataloguePeer}.
 */
public final class Catalogue {

    public static final String TOPIC = "catalogue.events";
    private static final Duration WAIT = Duration.ofSeconds(30);

    private final DatabaseClient db;

    public Catalogue(DatabaseClient db) {
        this.db = db;
    }

    public UUID site(Caller caller, String name) {
        UUID id = Ids.newId();
        Map<String, Object> site = record(id, "site");
        site.put("name", name);
        site.put("timezone", "Europe/London");
        site.put("status", "active");
        return publish(caller, "site.created", site);
    }

    /** An active unit type at {@code site}, priced {@code priceMinor} GBP a month (standard-rated VAT). */
    public UUID unitType(Caller caller, UUID site, long priceMinor) {
        UUID id = Ids.newId();
        Map<String, Object> type = record(id, "unit_type");
        type.put("site_id", site.toString());
        type.put("name", "Unit type " + id.toString().substring(30));
        type.put("price_minor", priceMinor);
        type.put("currency", "GBP");
        type.put("vat_treatment", "standard_20");
        type.put("status", "active");
        CataloguePeer.price(id, id, priceMinor, "GBP");
        return publish(caller, "unit_type.created", type);
    }

    /** A unit with the operator's {@code status} ({@code available}, {@code out_of_service}, {@code archived}). */
    public UUID unit(Caller caller, UUID site, UUID unitType, String name, String status, long priceMinor) {
        UUID id = Ids.newId();
        Map<String, Object> unit = record(id, "unit");
        unit.put("site_id", site.toString());
        unit.put("unit_type_id", unitType.toString());
        unit.put("name", name);
        unit.put("status", status);
        unit.put("features", List.of());
        CataloguePeer.price(id, unitType, priceMinor, "GBP");
        return publish(caller, "unit.created", unit);
    }

    public UUID unit(Caller caller, UUID site, UUID unitType, String name) {
        return unit(caller, site, unitType, name, "available", 5000);
    }

    /** Publishes {@code type} with {@code data} (which must carry {@code id}) and waits for the projection. */
    public UUID publish(Caller caller, String type, Map<String, Object> data) {
        UUID id = UUID.fromString((String) data.get("id"));
        TestEvents.publish(TOPIC, type, caller.accountId(), data);
        awaitProjected(caller.accountId(), id, data);
        return id;
    }

    private void awaitProjected(UUID accountId, UUID id, Map<String, Object> data) {
        String expected = String.valueOf(data.get("updated_at"));
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (System.nanoTime() < deadline) {
            String seen = db.sql("SELECT data ->> 'updated_at' FROM catalogue_records "
                            + "WHERE account_id = :account AND id = :id")
                    .bind("account", accountId).bind("id", id)
                    .map(row -> row.get(0, String.class)).one().block();
            if (expected.equals(seen)) {
                return;
            }
            sleep();
        }
        throw new AssertionError("commerce never projected catalogue record " + id);
    }

    private static Map<String, Object> record(UUID id, String object) {
        Map<String, Object> data = new HashMap<>();
        data.put("id", id.toString());
        data.put("object", object);
        String now = java.time.Instant.now().toString();
        data.put("created_at", now);
        data.put("updated_at", now);
        return data;
    }

    private static void sleep() {
        try {
            Thread.sleep(50);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
