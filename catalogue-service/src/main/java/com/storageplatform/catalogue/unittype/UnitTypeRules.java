package com.storageplatform.catalogue.unittype;

import static com.storageplatform.kit.validation.Text.blankToNull;
import static com.storageplatform.kit.validation.Text.strip;

import com.storageplatform.kit.validation.Validation;
import java.util.List;

/**
 * The rules of each unit type field, the same on create and update. Each method records what is wrong on {@code v}
 * (naming the field) and returns the value to store.
 */
final class UnitTypeRules {

    static final int NAME_MAX = 200;
    static final int DESCRIPTION_MAX = 2000;
    /** 1 cm to 100 m: wide enough for lockers and vehicle bays, narrow enough to catch a millimetre slip. */
    static final long SIZE_MIN_CM = 1;
    static final long SIZE_MAX_CM = 10_000;
    /** A monthly licence fee of up to 1,000,000.00 in the major unit. */
    static final long PRICE_MAX_MINOR = 100_000_000;

    /** UK VAT treatments of a licence fee; storage is standard-rated unless the operator opted not to tax. */
    static final List<String> VAT_TREATMENTS = List.of("standard_20", "reduced_5", "zero", "exempt", "outside_scope");
    static final String DEFAULT_VAT_TREATMENT = "standard_20";

    private UnitTypeRules() {
    }

    static String name(Validation v, String value) {
        String name = strip(value);
        v.require("name", name).maxLength("name", name, NAME_MAX);
        return name;
    }

    static String description(Validation v, String value) {
        String description = blankToNull(value);
        v.maxLength("description", description, DESCRIPTION_MAX);
        return description;
    }

    /** A size in centimetres, or null when not recorded. */
    static Integer size(Validation v, String field, Long value) {
        v.min(field, value, SIZE_MIN_CM).max(field, value, SIZE_MAX_CM);
        return value == null || v.has(field) ? null : value.intValue();
    }

    static long priceMinor(Validation v, Long value) {
        v.require("price_minor", value).min("price_minor", value, 0).max("price_minor", value, PRICE_MAX_MINOR);
        return value == null ? 0 : value;
    }

    static String currency(Validation v, String value) {
        v.require("currency", value).currency("currency", value);
        return value;
    }

    static String vatTreatment(Validation v, String value) {
        v.require("vat_treatment", value).oneOf("vat_treatment", value, VAT_TREATMENTS);
        return value;
    }

    static String status(Validation v, String value) {
        v.require("status", value).oneOf("status", value, UnitType.STATUSES);
        return value;
    }
}
