package com.storageplatform.commerce.holds;

import java.util.UUID;

/** What holds a unit: a reservation, an online order being paid, or an agreement from booking until it ends. */
public record Holder(String kind, UUID id) {

    public static final String RESERVATION = "reservation";
    public static final String ORDER = "order";
    public static final String AGREEMENT = "agreement";

    public static Holder reservation(UUID id) {
        return new Holder(RESERVATION, id);
    }

    public static Holder order(UUID id) {
        return new Holder(ORDER, id);
    }

    public static Holder agreement(UUID id) {
        return new Holder(AGREEMENT, id);
    }

    /** A booking (an agreement or an order) takes up a reservation of the same customer for the same unit. */
    boolean books() {
        return AGREEMENT.equals(kind) || ORDER.equals(kind);
    }
}
