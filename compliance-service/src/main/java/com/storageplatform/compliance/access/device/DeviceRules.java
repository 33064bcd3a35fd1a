package com.storageplatform.compliance.access.device;

import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.Patch;
import java.util.UUID;

/** The pure rules of a hardware device's fields: every bad one collected into one 422. */
final class DeviceRules {

    static final int MAX_NAME = 100;
    static final int MAX_EXTERNAL_REF = 200;

    private DeviceRules() {
    }

    /** The create body's fields, checked; ids null where absent or refused. */
    record Terms(UUID siteId, UUID unitId, String kind, String name, String externalRef, String status) {
    }

    static Terms check(Validation v, CreateHardwareDevice b) {
        UUID siteId = v.requiredId("site_id", b.siteId());
        UUID unitId = v.optionalId("unit_id", b.unitId());
        v.require("kind", b.kind()).oneOf("kind", b.kind(), HardwareDevice.KINDS);
        String status = b.status() == null ? HardwareDevice.ACTIVE : b.status();
        v.oneOf("status", status, HardwareDevice.STATUSES);
        return new Terms(siteId, unitId, b.kind(), name(v, b.name()), externalRef(v, b.externalRef()), status);
    }

    /**
     * The PATCH body's values, checked. {@code name} and {@code status} are null when not sent or sent as
     * {@code null} (both keep them); {@code unitId} and {@code externalRef} stay {@link Patch}es.
     */
    record Sent(String name, Patch<UUID> unitId, Patch<String> externalRef, String status) {
    }

    static Sent check(Validation v, HardwareDeviceChanges c) {
        String name = c.name() == null || c.name().isNull() ? null : name(v, c.name().value());
        String status = c.status() == null || c.status().isNull() ? null : c.status().value();
        v.oneOf("status", status, HardwareDevice.STATUSES);
        return new Sent(name, c.unitId() == null ? null : c.unitId().map(value -> v.optionalId("unit_id", value)),
                c.externalRef() == null ? null : Patch.of(externalRef(v, c.externalRef().value())), status);
    }

    /** A name as stored: trimmed, required, at most 100 printable characters on one line. */
    static String name(Validation v, String name) {
        String trimmed = name == null ? null : name.strip();
        v.require("name", trimmed).maxLength("name", trimmed, MAX_NAME).printable("name", trimmed, false);
        return trimmed;
    }

    /** An external reference as stored: trimmed, empty is none, at most 200 printable characters on one line. */
    static String externalRef(Validation v, String ref) {
        String trimmed = ref == null || ref.isBlank() ? null : ref.strip();
        v.maxLength("external_ref", trimmed, MAX_EXTERNAL_REF).printable("external_ref", trimmed, false);
        return trimmed;
    }
}
