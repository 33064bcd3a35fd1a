package com.storageplatform.catalogue.unit;

import static com.storageplatform.kit.validation.Text.blankToNull;

import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.FieldIssue;

/** The rules of each unit field, the same on create and update; each returns the value to store. */
final class UnitRules {

    static final int NAME_MAX = 100;
    static final int FLOOR_MAX = 50;
    static final int NOTES_MAX = 2000;

    private UnitRules() {
    }

    static String name(Validation v, String value) {
        String name = value == null ? null : value.strip();
        v.require("name", name).maxLength("name", name, NAME_MAX);
        return name;
    }

    static String floor(Validation v, String value) {
        String floor = blankToNull(value);
        v.maxLength("floor", floor, FLOOR_MAX);
        return floor;
    }

    static String notes(Validation v, String value) {
        String notes = blankToNull(value);
        v.maxLength("notes", notes, NOTES_MAX);
        return notes;
    }

    /** Only the operator's statuses are settable: {@code reserved} and {@code occupied} are {@code not_allowed}. */
    static String status(Validation v, String value) {
        v.require("status", value);
        if (value != null && !Unit.OPERATOR_STATUSES.contains(value)) {
            v.add("status", Unit.STATUSES.contains(value) ? FieldIssue.NOT_ALLOWED : FieldIssue.INVALID);
        }
        return value;
    }
}
