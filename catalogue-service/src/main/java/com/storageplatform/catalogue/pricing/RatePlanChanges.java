package com.storageplatform.catalogue.pricing;

import com.storageplatform.kit.web.Patch;

/**
 * The body of {@code PATCH /v1/rate-plans/{id}}: {@code name}, {@code valid_from} and {@code valid_to} clear with
 * {@code null}; {@code unit_type_id} cannot change.
 */
record RatePlanChanges(Patch<String> unitTypeId, Patch<String> name, Patch<Long> priceMinor, Patch<String> currency,
        Patch<String> validFrom, Patch<String> validTo) {

    /** The plan as it would be, in body form, so the whole of it is judged again. */
    CreateRatePlan applyTo(RatePlan current) {
        return new CreateRatePlan(
                Patch.apply(unitTypeId, current.unitTypeId().toString()),
                Patch.apply(name, current.name()),
                Patch.apply(priceMinor, current.priceMinor()),
                Patch.apply(currency, current.currency()),
                Patch.apply(validFrom, current.validFrom() == null ? null : current.validFrom().toString()),
                Patch.apply(validTo, current.validTo() == null ? null : current.validTo().toString()));
    }
}
