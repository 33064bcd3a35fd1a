package com.storageplatform.catalogue.holds;

import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * What the other features of the catalogue may know of commerce's holds (the {@code unit_holds} projection),
 * never read from its table directly (ModuleBoundariesTest). Statements that must read in one go (units'
 * {@code bookable}, availability's counts) take their SQL from here, binding the platform clock's {@code :now}.
 *
 * <p>The one rule of which holds still keep a unit from being booked: a holder that occupies the unit, or one that
 * holds it and whose {@code held_until} (if any) is still ahead on the platform clock. A reservation whose time ran
 * out stops blocking at once, before commerce's sweep sends {@code reservation.expired}, as a coupon's quote stops
 * counting at its {@code expires_at}. Units' {@code bookable} and availability's counts both use it, so they never
 * disagree.
 */
@Component
public class Holds {

    /** The parameter the SQL below compares {@code held_until} with: the platform clock's now. */
    public static final String NOW = "now";

    /** SQL: the hold row {@code h} still blocks booking at {@code :now}. */
    private static final String LIVE = "(h.stage < 3 AND (h.stage = 2 OR h.held_until IS NULL OR h.held_until > :now))";

    private final HoldRepository holds;

    Holds(HoldRepository holds) {
        this.holds = holds;
    }

    /** What the live holds say of the unit: {@code occupied}, {@code reserved}, or {@code none}. */
    public Mono<String> occupancy(UUID accountId, UUID unitId) {
        return holds.occupancy(accountId, unitId);
    }

    /** SQL: a live hold is on the unit row {@code unit} (a table name or alias of {@code units}). */
    public static String liveOnUnit(String unit) {
        return "EXISTS (SELECT 1 FROM unit_holds h WHERE h.account_id = " + unit + ".account_id AND h.unit_id = "
                + unit + ".id AND " + LIVE + ")";
    }

    /**
     * SQL: as {@link #liveOnUnit}, leaving out the hold of the reservation {@code :reservationParameter} names
     * (which may be NULL: then none is left out).
     */
    public static String liveOnUnitExcept(String unit, String reservationParameter) {
        return "EXISTS (SELECT 1 FROM unit_holds h WHERE h.account_id = " + unit + ".account_id AND h.unit_id = "
                + unit + ".id AND " + LIVE + " AND NOT (h.holder_kind = 'reservation' AND h.holder_id IS NOT "
                + "DISTINCT FROM :" + reservationParameter + "))";
    }

    /** SQL: how many live holds are on the unit type row {@code unitType} without a unit of their own. */
    public static String liveOnTypeOnly(String unitType) {
        return "(SELECT count(*) FROM unit_holds h WHERE h.account_id = " + unitType + ".account_id"
                + " AND h.unit_type_id = " + unitType + ".id AND h.unit_id IS NULL AND " + LIVE + ")";
    }
}
