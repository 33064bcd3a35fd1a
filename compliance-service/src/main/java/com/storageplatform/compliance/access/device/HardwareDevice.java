package com.storageplatform.compliance.access.device;

import com.storageplatform.kit.openapi.OneOf;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * The {@code hardware_device} resource: a gate, door or lock of a site, as the site's gate system knows it. The body
 * of {@code GET /v1/hardware-devices/{id}}.
 *
 * @param siteId      the site it is at; fixed once created
 * @param unitId      the unit a door or lock is on; null for a device of the whole site (a gate)
 * @param kind        {@code gate}, {@code door} or {@code lock}; fixed once created
 * @param name        the operator's name for it ("Main gate")
 * @param externalRef the gate system's own id of the device, which its reports name it by; null when not set, each
 *                    the account's once
 * @param status      {@code active}, or {@code inactive} (out of use: its reports are still recorded)
 */
public record HardwareDevice(UUID id, String object, UUID siteId, @Nullable UUID unitId, @OneOf("KINDS") String kind,
        String name, @Nullable String externalRef, @OneOf("STATUSES") String status, Instant createdAt,
        Instant updatedAt) {

    public static final String OBJECT = "hardware_device";

    public static final List<String> KINDS = List.of("gate", "door", "lock");

    public static final String ACTIVE = "active";
    public static final String INACTIVE = "inactive";
    public static final List<String> STATUSES = List.of(ACTIVE, INACTIVE);

    HardwareDevice edited(UUID unitId, String name, String externalRef, String status) {
        return new HardwareDevice(id, object, siteId, unitId, kind, name, externalRef, status, createdAt, updatedAt);
    }

    HardwareDevice updatedAt(Instant at) {
        return new HardwareDevice(id, object, siteId, unitId, kind, name, externalRef, status, createdAt, at);
    }
}
