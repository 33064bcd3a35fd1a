package com.storageplatform.compliance.access.device;

import com.storageplatform.kit.web.Patch;

/**
 * The body of {@code PATCH /v1/hardware-devices/{id}}: left out stays, {@code null} clears (the kit's Patch). A
 * device's site and kind are fixed.
 *
 * @param name        {@code null} keeps it (a device always has a name)
 * @param unitId      another unit at the device's site, or {@code null} for none
 * @param externalRef the gate system's id, or {@code null} for none
 * @param status      {@code active} or {@code inactive}; {@code null} keeps it
 */
record HardwareDeviceChanges(Patch<String> name, Patch<String> unitId, Patch<String> externalRef,
        Patch<String> status) {
}
