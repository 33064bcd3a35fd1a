package com.storageplatform.commerce.support;

import com.storageplatform.kit.caller.Caller;
import java.util.List;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * One fresh account as the catalogue's and crm's events leave it in commerce: a site (Norwich), a unit type, an
 * available unit and a customer. Each feature's fixture (agreements, orders, reservations) extends it with its own
 * API and requests.
 */
public class AccountFixture {

    public final DatabaseClient db;
    public final JsonMapper json;
    public final Catalogue catalogue;
    public final People people;
    public final Caller caller;
    public final UUID site;
    public final UUID type;
    public final UUID unit;
    public final UUID customer;
    private final long unitPriceMinor;

    /**
     * @param typePriceMinor the unit type's monthly price
     * @param unitPriceMinor the monthly price the catalogue quotes for each unit
     * @param unitName       the first unit's name
     */
    protected AccountFixture(DatabaseClient db, JsonMapper json, Caller caller, long typePriceMinor,
            long unitPriceMinor, String unitName) {
        this.db = db;
        this.json = json;
        this.catalogue = new Catalogue(db);
        this.people = new People(db);
        this.caller = caller;
        this.unitPriceMinor = unitPriceMinor;
        this.site = catalogue.site(caller, "Norwich");
        this.type = catalogue.unitType(caller, site, typePriceMinor);
        this.unit = newUnit(unitName);
        this.customer = people.customer(caller);
    }

    /** Another available unit of the same type and site. */
    public UUID newUnit(String name) {
        return catalogue.unit(caller, site, type, name, "available", unitPriceMinor);
    }

    /** Who holds {@code unitId} now, as {@code kind:id}, or null. */
    public String holderOf(UUID unitId) {
        return db.sql("SELECT holder_kind || ':' || holder_id AS h FROM unit_holds WHERE account_id = :a "
                        + "AND unit_id = :u")
                .bind("a", caller.accountId()).bind("u", unitId)
                .map(row -> row.get("h", String.class)).one().block();
    }

    /** The types of the events commerce wrote about {@code subject}, oldest first. */
    public List<String> eventTypes(String subject) {
        return events(subject).stream().map(event -> event.get("type").asString()).toList();
    }

    /** The events commerce wrote about {@code subject} (its outbox), oldest first. */
    public List<JsonNode> events(String subject) {
        return db.sql("SELECT payload FROM outbox_events WHERE payload::jsonb ->> 'subject' = :id ORDER BY seq")
                .bind("id", subject)
                .map(row -> json.readTree(row.get("payload", String.class)))
                .all().collectList().block();
    }
}
