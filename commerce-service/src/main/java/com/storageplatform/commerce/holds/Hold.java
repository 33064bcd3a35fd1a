package com.storageplatform.commerce.holds;

import java.time.Instant;
import java.util.UUID;

/**
 * One held unit. {@code heldUntil} is set for a reservation: past it, the hold has lapsed and gives way to the
 * next booking at once, whether or not the expiry sweep has run.
 */
public record Hold(UUID unitId, Holder holder, UUID contactId, Instant heldUntil) {

    public boolean lapsedAt(Instant now) {
        return heldUntil != null && !heldUntil.isAfter(now);
    }
}
