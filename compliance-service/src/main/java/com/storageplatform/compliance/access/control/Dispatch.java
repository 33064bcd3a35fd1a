package com.storageplatform.compliance.access.control;

/** What an {@link AccessControl} answered when a command was handed to it. */
public sealed interface Dispatch {

    String provider();

    /**
     * The system took the command; its outcome comes later as a report.
     *
     * @param providerRef         the system's id of what it will do, if it gives one; null otherwise
     * @param simulatedOutcome    the simulator's report of the outcome, which the sender hands to
     *                            {@link AccessReports#receive} once the command is recorded sent, the path of a real
     *                            report; null for a live system, whose report comes by itself
     */
    record Accepted(String provider, String providerRef, AccessReport simulatedOutcome) implements Dispatch {
    }

    /** The system refused the command for good (a code it will not take, a unit it does not know). */
    record Refused(String provider, String reason) implements Dispatch {
    }

    /** The system could not be reached or was too slow: the command is sent again later. */
    record Unavailable(String provider, String reason) implements Dispatch {
    }
}
