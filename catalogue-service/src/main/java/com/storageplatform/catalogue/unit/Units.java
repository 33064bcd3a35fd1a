package com.storageplatform.catalogue.unit;

import com.storageplatform.catalogue.holds.Holds;
import com.storageplatform.catalogue.unittype.Features;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.validation.Validation;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * What the other features of the catalogue (unit types, availability, imports) may know of an account's units, and
 * how imports create them. They read it here, never from the {@code units} table (ModuleBoundariesTest). Site access
 * is the caller's to check.
 */
@Component
public class Units {

    private final UnitRepository units;
    private final UnitService service;

    Units(UnitRepository units, UnitService service) {
        this.units = units;
        this.service = service;
    }

    /**
     * A new unit's own fields judged by the rules of {@code POST /v1/units}, each problem recorded on {@code v}
     * under the body's field name ({@code name}, {@code floor}, {@code status}, {@code features[i]},
     * {@code notes}); a null status is {@code available}.
     */
    public static NewUnit judge(Validation v, UUID siteId, UUID unitTypeId, String name, String floor,
            String status, List<String> features, String notes) {
        return new NewUnit(siteId, unitTypeId, UnitRules.name(v, name), UnitRules.floor(v, floor),
                status == null ? Unit.AVAILABLE : UnitRules.status(v, status), Features.judge(v, "features", features),
                UnitRules.notes(v, notes));
    }

    /**
     * Creates the unit as {@code POST /v1/units} does once its checks pass (with {@code unit.created}), in the
     * caller's transaction; 409 when the site has a unit of that name already.
     */
    public Mono<Unit> create(Caller caller, NewUnit unit) {
        return service.insert(caller, unit);
    }

    /** Of {@code names} at the account's {@code siteIds}, those a unit has, lower-cased (names ignore case). */
    public Mono<Map<UUID, Set<String>>> takenNames(UUID accountId, Collection<UUID> siteIds,
            Collection<String> names) {
        return siteIds.isEmpty() || names.isEmpty() ? Mono.just(Map.of())
                : units.takenNames(accountId, siteIds, names);
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
