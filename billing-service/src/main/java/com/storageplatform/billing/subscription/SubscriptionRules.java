package com.storageplatform.billing.subscription;

import com.storageplatform.billing.invoice.Invoice.Line;
import com.storageplatform.billing.subscription.CreateSubscription.ItemInput;
import com.storageplatform.billing.subscription.Subscription.Item;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.FieldIssue;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/** The pure checks of a plan's body: every bad field is recorded on the {@link Validation} at once. */
final class SubscriptionRules {

    static final int MAX_INTERVAL_COUNT = 12;
    static final int MAX_ITEMS = 20;
    static final int MAX_QUANTITY = 1000;
    static final int MAX_TEXT = 200;
    static final int MAX_DESCRIPTION = 500;
    /** The invoice line maximum (100,000,000.00). */
    static final long MAX_AMOUNT_MINOR = 100_000_000_00L;

    private SubscriptionRules() {
    }

    /** The create body's fields, checked one by one. */
    record Terms(UUID contactId, UUID siteId, String interval, int count, String currency, UUID agreementId,
            Long amountMinor, Integer anchorDay, LocalDate startDate, LocalDate nextBillingDate,
            String promotionCode, List<ItemRequest> items, UUID paymentMethodId, UUID mandateId, String defaultRail,
            boolean autoCollect, boolean collectionWaived, String customerReference) {
    }

    /** An item as sent, checked; {@code at} is its path ({@code items[1]}) for later refusals. */
    record ItemRequest(String at, String itemType, String description, UUID productId, int quantity,
            Long amountMinor, String priceInterval, Integer priceIntervalCount, String vatTreatment) {
    }

    static Terms check(Validation v, CreateSubscription body) {
        UUID contactId = v.requiredId("contact_id", body.contactId());
        UUID siteId = v.requiredId("site_id", body.siteId());
        v.require("billing_interval", body.billingInterval())
                .oneOf("billing_interval", body.billingInterval(), Subscription.INTERVALS);
        intervalCount(v, "interval_count", body.intervalCount(), true);
        v.require("currency", body.currency()).currency("currency", body.currency());
        UUID agreementId = v.optionalId("agreement_id", body.agreementId());
        amount(v, "amount_minor", body.amountMinor());
        anchorDay(v, "anchor_day", body.billingInterval(), body.anchorDay());
        LocalDate startDate = v.optionalDate("start_date", body.startDate());
        LocalDate nextBillingDate = v.optionalDate("next_billing_date", body.nextBillingDate());
        v.maxLength("promotion_code", body.promotionCode(), 50).printable("promotion_code", body.promotionCode(),
                false);
        UUID paymentMethodId = v.optionalId("payment_method_id", body.paymentMethodId());
        UUID mandateId = v.optionalId("mandate_id", body.mandateId());
        String rail = body.defaultRail() != null ? body.defaultRail()
                : mandateId != null ? "bacs_dd" : paymentMethodId != null ? "card" : "offline";
        v.oneOf("default_rail", rail, Subscription.RAILS);
        v.maxLength("customer_reference", body.customerReference(), MAX_TEXT)
                .printable("customer_reference", body.customerReference(), false);
        List<ItemRequest> items = items(v, body.items(), agreementId != null);
        v.check(agreementId == null && body.amountMinor() != null && body.amountMinor() > 0, "amount_minor",
                FieldIssue.NOT_ALLOWED);
        v.orThrow();
        return new Terms(contactId, siteId, body.billingInterval(), body.intervalCount(), body.currency(),
                agreementId, body.amountMinor(), body.anchorDay(), startDate, nextBillingDate, body.promotionCode(),
                items, paymentMethodId, mandateId, rail, body.autoCollect() == null || body.autoCollect(),
                Boolean.TRUE.equals(body.collectionWaived()), body.customerReference());
    }

    static void intervalCount(Validation v, String field, Integer count, boolean required) {
        if (required) {
            v.require(field, count);
        }
        if (count != null) {
            v.min(field, count.longValue(), 1).max(field, count.longValue(), MAX_INTERVAL_COUNT);
        }
    }

    static void amount(Validation v, String field, Long amount) {
        v.min(field, amount, 0).max(field, amount, MAX_AMOUNT_MINOR);
    }

    /** 1 to 31 for monthly and yearly plans, 1 (Monday) to 7 (Sunday) for weekly ones. */
    static void anchorDay(Validation v, String field, String interval, Integer day) {
        if (day != null) {
            v.min(field, day.longValue(), 1).max(field, day.longValue(), Subscription.WEEK.equals(interval) ? 7 : 31);
        }
    }

    /**
     * The items as sent: no {@code items} is null (one licence-fee line on a plan with an agreement). Coverage is no
     * longer an item type (Versioning 7): 422 {@code not_allowed} on {@code items[i].item_type}.
     */
    static List<ItemRequest> items(Validation v, List<ItemInput> inputs, boolean hasAgreement) {
        if (inputs == null) {
            return null;
        }
        v.check(inputs.size() > MAX_ITEMS, "items", FieldIssue.ABOVE_MAXIMUM);
        List<ItemRequest> items = new ArrayList<>();
        boolean licenceFee = false;
        for (int i = 0; i < inputs.size() && i < MAX_ITEMS; i++) {
            String at = "items[" + i + "]";
            ItemInput in = inputs.get(i);
            if (in == null) {
                v.add(at, FieldIssue.REQUIRED);
                continue;
            }
            String type = in.itemType();
            v.require(at + ".item_type", type);
            if ("coverage".equals(type)) {
                v.add(at + ".item_type", FieldIssue.NOT_ALLOWED);
            } else if (type != null) {
                v.oneOf(at + ".item_type", type, Item.CLIENT_TYPES);
            }
            if (Item.LICENCE_FEE.equals(type)) {
                v.check(licenceFee, at + ".item_type", FieldIssue.DUPLICATE);
                v.check(!hasAgreement, at + ".item_type", FieldIssue.NOT_ALLOWED);
                licenceFee = true;
            }
            UUID productId = Item.PRODUCT.equals(type) ? v.requiredId(at + ".product_id", in.productId())
                    : v.optionalId(at + ".product_id", in.productId());
            v.check(productId != null && !Item.PRODUCT.equals(type), at + ".product_id", FieldIssue.NOT_ALLOWED);
            if (Item.FEE.equals(type)) {
                v.require(at + ".description", in.description()).require(at + ".amount_minor", in.amountMinor());
            }
            v.maxLength(at + ".description", in.description(), MAX_DESCRIPTION)
                    .printable(at + ".description", in.description(), false);
            if (in.quantity() != null) {
                v.min(at + ".quantity", in.quantity().longValue(), 1)
                        .max(at + ".quantity", in.quantity().longValue(), MAX_QUANTITY);
            }
            amount(v, at + ".amount_minor", in.amountMinor());
            v.oneOf(at + ".price_interval", in.priceInterval(), Subscription.INTERVALS);
            intervalCount(v, at + ".price_interval_count", in.priceIntervalCount(), false);
            v.check(in.priceIntervalCount() != null && in.priceInterval() == null, at + ".price_interval",
                    FieldIssue.REQUIRED);
            v.check(in.priceInterval() != null && in.amountMinor() == null, at + ".amount_minor",
                    FieldIssue.REQUIRED);
            v.oneOf(at + ".vat_treatment", in.vatTreatment(), Line.VAT_TREATMENTS);
            items.add(new ItemRequest(at, type, in.description(), productId,
                    in.quantity() == null ? 1 : in.quantity(), in.amountMinor(), in.priceInterval(),
                    in.priceInterval() == null ? null : in.priceIntervalCount() == null ? 1 : in.priceIntervalCount(),
                    in.vatTreatment()));
        }
        return items;
    }
}
