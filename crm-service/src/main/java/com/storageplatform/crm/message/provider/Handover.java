package com.storageplatform.crm.message.provider;

/**
 * What a provider did with a message handed to it. A provider never answers with an exception: every failure is
 * one of these, so the sender's policy is one switch.
 */
public sealed interface Handover {

    /**
     * The provider took the message ({@code sent}).
     *
     * @param providerMessageId the provider's id, which its delivery reports name
     * @param simulatedReport   the report a simulator will send for it ({@link DeliveryReport.Kind#DELIVERED} or
     *                          {@code BOUNCED}); null for a live provider and for a simulated message that awaits a
     *                          test helper
     */
    record Accepted(String provider, String providerMessageId, DeliveryReport.Kind simulatedReport)
            implements Handover {
    }

    /** The provider refused the message for good (a bad address, a number it cannot reach): {@code failed}. */
    record Refused(String provider, String reason) implements Handover {
    }

    /**
     * The provider could not be reached, or answered that it is busy or failing: the message is tried again later,
     * a bounded number of times.
     */
    record Unavailable(String provider, String reason) implements Handover {
    }
}
