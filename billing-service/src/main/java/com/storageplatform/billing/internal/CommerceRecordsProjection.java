package com.storageplatform.billing.internal;

import java.util.Map;
import java.util.Set;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;

/**
 * Commerce's records subscriptions read, from {@code commerce.events} (docs/api/commerce.md): agreements (the
 * source of a plan's move-in date, unit and customer), reservations and orders (the promotion a booking took up),
 * and covers.
 */
@Component
class CommerceRecordsProjection extends RecordsProjection {

    CommerceRecordsProjection(DatabaseClient db) {
        super(db, "commerce.events", Map.of(
                "agreement", Set.of("created", "activated", "updated", "terminated", "access_held",
                        "access_released"),
                "reservation", Set.of("created", "cancelled", "expired", "converted"),
                "order", Set.of("created", "updated", "completed", "cancelled"),
                "cover", Set.of("started", "changed", "ended")));
    }
}
