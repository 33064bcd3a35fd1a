package com.storageplatform.catalogue.unit;

import com.storageplatform.catalogue.holds.Holds;
import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * What the other features of the catalogue (unit types, availability) may know of an account's units. They read
 * it here, never from the {@code units} table (ModuleBoundariesTest). Site access is the caller's to check.
 */
@Component
public class Units {

    private final UnitRepository units;

    Units(UnitRepository units) {
        this.units = units;
    }

    /** The account's unit, or empty when it has none with this id. */
    public Mono<Unit> find(UUID accountId, UUID id) {
        return units.find(accountId, id).map(StoredUnit::unit);
    }

    /** How many of the account's units of the unit type are not archived. */
    public Mono<Long> unarchivedOfType(UUID accountId, UUID unitTypeId) {
        return units.unarchivedOfType(accountId, unitTypeId);
    }

    /** SQL: how many units of the unit type row {@code unitType} are not archived. */
    public static String inUseOfType(String unitType) {
        return countOfType(unitType, "u.operator_status <> 'archived'");
    }

    /** SQL: how many units of the unit type row {@code unitType} are offered and free of live holds (:now). */
    public static String freeOfType(String unitType) {
        return countOfType(unitType, "u.operator_status = 'available' AND NOT " + Holds.liveOnUnit("u"));
    }

    /** SQL: how many units of the unit type row {@code unitType} are not archived and under a live hold (:now). */
    public static String heldOfType(String unitType) {
        return countOfType(unitType, "u.operator_status <> 'archived' AND " + Holds.liveOnUnit("u"));
    }

    private static String countOfType(String unitType, String condition) {
        return "(SELECT count(*) FROM units u WHERE u.unit_type_id = " + unitType + ".id AND " + condition + ")";
    }
}
