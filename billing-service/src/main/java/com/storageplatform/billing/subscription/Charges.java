package com.storageplatform.billing.subscription;

import com.storageplatform.billing.subscription.Subscription.Item;
import java.time.LocalDate;
import java.util.OptionalLong;
import java.util.UUID;

/**
 * The price of a repeating charge per billing period of its plan, from the charge's own original price
 * ({@link PriceConversion}). A price sent without a period of its own is the plan period's: on a plan billed every
 * period that is a price per one interval, which later interval changes convert; on a plan billed every two or more
 * intervals it is a price of that whole period only, so the charge has no price of its own (PATCH rule 5).
 */
final class Charges {

    private Charges() {
    }

    /** The charge, or null when its own price cannot be priced for the plan's period. */
    static Item priced(UUID id, String kind, String description, UUID productId, UUID coverId, int quantity,
            long price, String priceInterval, Integer priceIntervalCount, String vatTreatment, String planInterval,
            int planCount) {
        String ownInterval = priceInterval;
        Integer ownCount = priceIntervalCount;
        Long ownPrice = price;
        if (ownInterval == null) {
            if (planCount == 1) {
                ownInterval = planInterval;
                ownCount = 1;
            } else {
                ownPrice = null;
            }
        }
        OptionalLong amount = ownPrice == null ? OptionalLong.of(price)
                : PriceConversion.convert(ownPrice, ownInterval, ownCount, planInterval, planCount);
        if (amount.isEmpty()) {
            return null;
        }
        return new Item(id, kind, description, productId, coverId, quantity, amount.getAsLong(), ownPrice,
                ownPrice == null ? null : ownInterval, ownPrice == null ? null : ownCount, vatTreatment, null, null);
    }

    /** The charge re-priced for a plan period of {@code count} × {@code interval}; null when it cannot be. */
    static Item repriced(Item charge, String interval, int count) {
        if (charge.priceMinor() == null) {
            return null;
        }
        OptionalLong amount = PriceConversion.convert(charge.priceMinor(), charge.priceInterval(),
                charge.priceIntervalCount(), interval, count);
        return amount.isEmpty() ? null : withAmount(charge, amount.getAsLong());
    }

    static Item withAmount(Item c, long amountMinor) {
        return new Item(c.id(), c.itemType(), c.description(), c.productId(), c.coverId(), c.quantity(), amountMinor,
                c.priceMinor(), c.priceInterval(), c.priceIntervalCount(), c.vatTreatment(), c.startsOn(),
                c.endsOn());
    }

    static Item withDates(Item c, LocalDate startsOn, LocalDate endsOn) {
        return new Item(c.id(), c.itemType(), c.description(), c.productId(), c.coverId(), c.quantity(),
                c.amountMinor(), c.priceMinor(), c.priceInterval(), c.priceIntervalCount(), c.vatTreatment(),
                startsOn, endsOn);
    }
}
