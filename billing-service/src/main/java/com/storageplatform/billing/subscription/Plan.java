package com.storageplatform.billing.subscription;

import com.storageplatform.billing.subscription.Subscription.PendingRenewalChange;
import java.time.Instant;
import java.time.LocalDate;
import java.util.UUID;

/**
 * A plan as its {@code subscriptions} row keeps it: the terms and the state of billing, without its charges and
 * promotion (which {@link SubscriptionRepository} reads beside it into a {@link Subscription}). Changed through
 * {@link #edit()}, so no two fields of one type can be swapped silently.
 *
 * @param hasLicenceFee          whether it bills a licence fee (a plan on an agreement does)
 * @param licenceFeeVatTreatment the unit type's VAT treatment when the plan was made, or the one its item named
 * @param timezone               the site's time zone: the billing run's today for this plan
 */
record Plan(UUID id, UUID contactId, UUID siteId, UUID agreementId, String status, String billingInterval,
        int intervalCount, String currency, long amountMinor, boolean hasLicenceFee, String licenceFeeVatTreatment,
        String licenceFeeDescription, LocalDate startDate, LocalDate currentPeriodStart, LocalDate currentPeriodEnd,
        LocalDate nextBillingDate, int anchorDay, LocalDate endsOn, UUID paymentMethodId, UUID mandateId,
        String defaultRail, boolean autoCollect, boolean collectionWaived, boolean standingOrder,
        String customerReference, String timezone, PendingRenewalChange pendingRenewalChange, Instant startedAt,
        Instant pausedAt, Instant cancelledAt, Instant endedAt, Instant createdAt, Instant updatedAt) {

    /** Active or past due: the plans whose renewal date only {@code renewal-date} moves. */
    boolean isRunning() {
        return Subscription.ACTIVE.equals(status) || Subscription.PAST_DUE.equals(status);
    }

    Builder edit() {
        return new Builder(this);
    }

    /** A copy of a plan with some fields changed. */
    static final class Builder {
        private UUID id;
        private UUID contactId;
        private UUID siteId;
        private UUID agreementId;
        private String status;
        private String billingInterval;
        private int intervalCount;
        private String currency;
        private long amountMinor;
        private boolean hasLicenceFee;
        private String licenceFeeVatTreatment;
        private String licenceFeeDescription;
        private LocalDate startDate;
        private LocalDate currentPeriodStart;
        private LocalDate currentPeriodEnd;
        private LocalDate nextBillingDate;
        private int anchorDay;
        private LocalDate endsOn;
        private UUID paymentMethodId;
        private UUID mandateId;
        private String defaultRail;
        private boolean autoCollect;
        private boolean collectionWaived;
        private boolean standingOrder;
        private String customerReference;
        private String timezone;
        private PendingRenewalChange pendingRenewalChange;
        private Instant startedAt;
        private Instant pausedAt;
        private Instant cancelledAt;
        private Instant endedAt;
        private Instant createdAt;
        private Instant updatedAt;

        Builder(Plan p) {
            id = p.id;
            contactId = p.contactId;
            siteId = p.siteId;
            agreementId = p.agreementId;
            status = p.status;
            billingInterval = p.billingInterval;
            intervalCount = p.intervalCount;
            currency = p.currency;
            amountMinor = p.amountMinor;
            hasLicenceFee = p.hasLicenceFee;
            licenceFeeVatTreatment = p.licenceFeeVatTreatment;
            licenceFeeDescription = p.licenceFeeDescription;
            startDate = p.startDate;
            currentPeriodStart = p.currentPeriodStart;
            currentPeriodEnd = p.currentPeriodEnd;
            nextBillingDate = p.nextBillingDate;
            anchorDay = p.anchorDay;
            endsOn = p.endsOn;
            paymentMethodId = p.paymentMethodId;
            mandateId = p.mandateId;
            defaultRail = p.defaultRail;
            autoCollect = p.autoCollect;
            collectionWaived = p.collectionWaived;
            standingOrder = p.standingOrder;
            customerReference = p.customerReference;
            timezone = p.timezone;
            pendingRenewalChange = p.pendingRenewalChange;
            startedAt = p.startedAt;
            pausedAt = p.pausedAt;
            cancelledAt = p.cancelledAt;
            endedAt = p.endedAt;
            createdAt = p.createdAt;
            updatedAt = p.updatedAt;
        }

        Builder contactId(UUID value) {
            contactId = value;
            return this;
        }

        Builder siteId(UUID value) {
            siteId = value;
            return this;
        }

        Builder agreementId(UUID value) {
            agreementId = value;
            return this;
        }

        Builder status(String value) {
            status = value;
            return this;
        }

        Builder billingInterval(String value) {
            billingInterval = value;
            return this;
        }

        Builder intervalCount(int value) {
            intervalCount = value;
            return this;
        }

        Builder currency(String value) {
            currency = value;
            return this;
        }

        Builder amountMinor(long value) {
            amountMinor = value;
            return this;
        }

        Builder hasLicenceFee(boolean value) {
            hasLicenceFee = value;
            return this;
        }

        Builder licenceFeeVatTreatment(String value) {
            licenceFeeVatTreatment = value;
            return this;
        }

        Builder licenceFeeDescription(String value) {
            licenceFeeDescription = value;
            return this;
        }

        Builder startDate(LocalDate value) {
            startDate = value;
            return this;
        }

        Builder currentPeriodStart(LocalDate value) {
            currentPeriodStart = value;
            return this;
        }

        Builder currentPeriodEnd(LocalDate value) {
            currentPeriodEnd = value;
            return this;
        }

        Builder nextBillingDate(LocalDate value) {
            nextBillingDate = value;
            return this;
        }

        Builder anchorDay(int value) {
            anchorDay = value;
            return this;
        }

        Builder endsOn(LocalDate value) {
            endsOn = value;
            return this;
        }

        Builder paymentMethodId(UUID value) {
            paymentMethodId = value;
            return this;
        }

        Builder mandateId(UUID value) {
            mandateId = value;
            return this;
        }

        Builder defaultRail(String value) {
            defaultRail = value;
            return this;
        }

        Builder autoCollect(boolean value) {
            autoCollect = value;
            return this;
        }

        Builder collectionWaived(boolean value) {
            collectionWaived = value;
            return this;
        }

        Builder standingOrder(boolean value) {
            standingOrder = value;
            return this;
        }

        Builder customerReference(String value) {
            customerReference = value;
            return this;
        }

        Builder timezone(String value) {
            timezone = value;
            return this;
        }

        Builder pendingRenewalChange(PendingRenewalChange value) {
            pendingRenewalChange = value;
            return this;
        }

        Builder startedAt(Instant value) {
            startedAt = value;
            return this;
        }

        Builder pausedAt(Instant value) {
            pausedAt = value;
            return this;
        }

        Builder cancelledAt(Instant value) {
            cancelledAt = value;
            return this;
        }

        Builder endedAt(Instant value) {
            endedAt = value;
            return this;
        }

        Builder updatedAt(Instant value) {
            updatedAt = value;
            return this;
        }

        Plan build() {
            return new Plan(id, contactId, siteId, agreementId, status, billingInterval, intervalCount, currency,
                    amountMinor, hasLicenceFee, licenceFeeVatTreatment, licenceFeeDescription, startDate,
                    currentPeriodStart, currentPeriodEnd, nextBillingDate, anchorDay, endsOn, paymentMethodId,
                    mandateId, defaultRail, autoCollect, collectionWaived, standingOrder, customerReference, timezone,
                    pendingRenewalChange, startedAt, pausedAt, cancelledAt, endedAt, createdAt, updatedAt);
        }
    }
}
