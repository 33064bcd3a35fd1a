package com.storageplatform.catalogue.internal;

import com.storageplatform.kit.paging.ListQuery;
import java.time.Instant;

/**
 * The one rule of which of commerce's holds (the {@code unit_holds} projection) still keep a unit from being
 * booked: a holder that occupies the unit, or one that holds it and whose {@code held_until} (if any) is still
 * ahead on the platform clock. A reservation whose time ran out stops blocking at once, before commerce's sweep
 * sends {@code reservation.expired}, as a coupon's quote stops counting at its {@code expires_at}. Units'
 * {@code bookable} and availability's counts both use it, so they never disagree.
 */
public final class LiveHolds {

    /** SQL: the hold row {@code h} still blocks booking at {@code :now}. */
    public static final String CONDITION = """
            (h.stage < 3 AND (h.stage = 2 OR h.held_until IS NULL OR h.held_until > :now))""";

    private LiveHolds() {
    }

    /**
     * Binds {@code :now} for {@link #CONDITION} where it is used. {@link ListQuery} binds a value only together
     * with a condition of its own, hence this one, which always holds.
     */
    public static ListQuery at(ListQuery query, Instant now) {
        return query.where("CAST(:now AS timestamptz) IS NOT NULL", "now", now);
    }
}
