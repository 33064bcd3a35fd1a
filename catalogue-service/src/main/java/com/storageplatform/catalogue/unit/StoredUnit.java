package com.storageplatform.catalogue.unit;

/**
 * A unit row: the API view plus the two things its status is made of, the operator's status and commerce's
 * occupancy (none, reserved, occupied).
 */
record StoredUnit(Unit unit, String operatorStatus, String occupancy) {

    boolean isHeld() {
        return !Unit.FREE.equals(occupancy);
    }
}
