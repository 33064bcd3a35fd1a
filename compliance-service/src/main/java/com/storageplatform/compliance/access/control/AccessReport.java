package com.storageplatform.compliance.access.control;

import java.time.Instant;
import java.util.UUID;

/**
 * One report of a gate or lock system, in the platform's words: the outcome of a command, or something that
 * happened at a gate. An adapter turns its system's notifications into these; the simulator makes them itself.
 * Every one goes through {@link AccessReports#receive}.
 *
 * @param provider     the system ({@link AccessControl#provider()})
 * @param reportId     the system's own id of the report: a report is applied once per (provider, report id)
 * @param accountId    the account it is about (a live adapter knows it from the connection the notification came
 *                     for)
 * @param commandId    for {@link Kind#CONFIRMED} and {@link Kind#FAILED}: the command it settles
 * @param deviceRef    for entries, exits and denials: the system's id of the device ({@code external_ref}); null
 *                     when it names none
 * @param credentialId for entries, exits and denials: the credential used (its reference at the system); null for
 *                     a code the system does not know
 * @param occurredAt   when it happened at the system
 * @param message      for {@link Kind#FAILED}: what the system said went wrong (never a code)
 */
public record AccessReport(String provider, String reportId, Kind kind, UUID accountId, UUID commandId,
        String deviceRef, UUID credentialId, Instant occurredAt, String message) {

    public enum Kind {
        /** The command was carried out. */
        CONFIRMED,
        /** The command could not be carried out. */
        FAILED,
        /** Someone came in through a gate or door. */
        ENTRY,
        /** Someone went out. */
        EXIT,
        /** A code or fob was refused at a gate or door. */
        DENIED;

        boolean isOutcome() {
            return this == CONFIRMED || this == FAILED;
        }
    }
}
