package com.storageplatform.webhooks.event;

/**
 * What the other features of the dispatcher (deliveries) may read of the event log, never from the {@code events}
 * table directly (ModuleBoundariesTest). The delivery queue's claim, one statement, takes its SQL from here.
 */
public final class Events {

    private Events() {
    }

    /**
     * SQL: a join ({@code alias}) giving the event {@code eventIdColumn} names, in the account
     * {@code accountIdColumn} names, as a delivery sends it: {@code type}, {@code created}, {@code event_version},
     * {@code event_data} (the stored JSON as text) and {@code traceparent} (the trace it arrived with, or null).
     */
    public static String forDelivery(String accountIdColumn, String eventIdColumn, String alias) {
        return "JOIN LATERAL (SELECT ev.type, ev.created, ev.api_version AS event_version, ev.data::text AS event_data,"
                + " ev.traceparent FROM events ev WHERE ev.account_id = " + accountIdColumn
                + " AND ev.id = " + eventIdColumn + ") " + alias + " ON TRUE";
    }
}
