package com.storageplatform.compliance.access.control;

import java.util.UUID;

/**
 * A command about the lock of one unit (an overlock), for {@link AccessControl}.
 *
 * @param commandId the platform's id of the command, which the report of its outcome names
 * @param reference what the requester calls the overlock (its id), for the system's records
 */
public record LockCommand(UUID commandId, UUID accountId, UUID siteId, UUID unitId, String reference) {
}
