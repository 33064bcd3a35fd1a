package com.storageplatform.compliance.access.control;

import java.time.Instant;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * The outcome of one lock command (an overlock applied or released on a unit), once the system settled it: the
 * {@code data} of {@code access_lock.confirmed} and {@code access_lock.failed}, and the answer of the overlock test
 * helpers.
 *
 * @param overlockId the overlock the command is for (its {@code reference}); null for a reference that is not one
 * @param operation  {@code apply} or {@code release}
 * @param status     {@code confirmed} or {@code failed}
 * @param reason     why it failed, as the system said (never a code); null when confirmed
 */
public record AccessLock(@Nullable UUID overlockId, String object, String operation, UUID commandId, UUID siteId,
        UUID unitId, String status, @Nullable String reason, Instant settledAt) {

    public static final String OBJECT = "access_lock";
    public static final String APPLY = "apply";
    public static final String RELEASE = "release";

    public boolean confirmed() {
        return AccessCommand.CONFIRMED.equals(status);
    }
}
