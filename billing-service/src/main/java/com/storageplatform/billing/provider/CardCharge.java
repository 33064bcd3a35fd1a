package com.storageplatform.billing.provider;

/**
 * What the provider answered to a charge.
 *
 * @param redirectUrl    where to send the customer for the step-up ({@link Outcome#REQUIRES_ACTION} only)
 * @param failureCode    the provider's decline code ({@link Outcome#FAILED} only)
 * @param failureMessage the provider's words for it ({@link Outcome#FAILED} only)
 */
public record CardCharge(String providerRef, Outcome outcome, String redirectUrl, String failureCode,
        String failureMessage) {

    public enum Outcome { SUCCEEDED, REQUIRES_ACTION, PROCESSING, FAILED, CANCELLED }
}
