package com.storageplatform.billing.payment;

import com.storageplatform.billing.calendar.BacsTimeline;
import com.storageplatform.billing.invoice.Invoice;
import com.storageplatform.billing.invoice.IssuedInvoices;
import com.storageplatform.kit.request.MutationFilter;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.FieldIssue;
import java.net.URI;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The pure checks of a payment's body, every bad field recorded at once: the fields themselves, payments rule 1 (an
 * offline recording needs an {@code Idempotency-Key}) and rule 3 (the providers' minimums). What needs the
 * database (the customer, their card or mandate, the invoice: rules 2, 4 and 5) is judged afterwards by
 * {@link PaymentService}.
 */
final class PaymentRules {

    /** Rule 3: the least a card collects in one payment, in minor units. */
    static final long CARD_MINIMUM_MINOR = 30;
    /** Rule 3: the least a Direct Debit collects in one payment, in minor units. */
    static final long BACS_DD_MINIMUM_MINOR = 100;
    static final long MAX_AMOUNT_MINOR = 100_000_000_00L;
    static final int MAX_REFERENCE = 200;
    static final int MAX_DESCRIPTION = 500;
    static final int MAX_CARD_TOKEN = 255;
    static final int MAX_RETURN_URL = 2000;
    static final int MAX_LINES = 100;
    /** Bacs debits pounds only. */
    static final String BACS_CURRENCY = "GBP";

    /** Commerce's line kinds and the invoice line kind each is billed as (deposit and discount are folded in). */
    static final Map<String, String> ORDER_LINE_KINDS = Map.of("licence_fee", "licence_fee",
            Invoice.Line.PRODUCT, Invoice.Line.PRODUCT, "cover", Invoice.Line.CHARGE);
    static final String DEPOSIT = "deposit";
    static final String DISCOUNT = "discount";

    private PaymentRules() {
    }

    /**
     * A payment's body, checked.
     *
     * @param orderLines the invoice lines of an order's payment (its deposit apart), else empty
     */
    record Request(String rail, long amountMinor, String currency, UUID contactId, UUID invoiceId,
            UUID subscriptionId, String offlineMethod, String reference, String description, UUID paymentMethodId,
            UUID mandateId, String cardToken, UUID orderId, List<Invoice.Line> orderLines, long depositMinor,
            String returnUrl) {

        boolean isOrder() {
            return orderId != null;
        }
    }

    /**
     * @param hasIdempotencyKey whether the request carries an {@code Idempotency-Key} (rule 1)
     * @throws com.storageplatform.kit.web.ApiException 422 naming every bad field
     */
    static Request check(CreatePayment body, boolean hasIdempotencyKey) {
        Validation v = Validation.start();
        String rail = body.rail();
        v.require("rail", rail).oneOf("rail", rail, Payment.RAILS);
        boolean offline = Payment.OFFLINE.equals(rail);
        boolean card = Payment.CARD.equals(rail);
        boolean directDebit = Payment.BACS_DD.equals(rail);

        Long amount = body.amountMinor();
        v.require("amount_minor", amount).min("amount_minor", amount, 1).max("amount_minor", amount, MAX_AMOUNT_MINOR);
        v.require("currency", body.currency()).currency("currency", body.currency());
        v.check(directDebit && body.currency() != null && !v.has("currency")
                && !BACS_CURRENCY.equals(body.currency()), "currency", FieldIssue.NOT_ALLOWED);

        UUID invoiceId = v.optionalId("invoice_id", body.invoiceId());
        UUID contactId = v.optionalId("contact_id", body.contactId());
        v.check(body.invoiceId() == null && body.contactId() == null, "contact_id", FieldIssue.REQUIRED);
        UUID subscriptionId = v.optionalId("subscription_id", body.subscriptionId());
        UUID paymentMethodId = v.optionalId("payment_method_id", body.paymentMethodId());
        v.check(body.paymentMethodId() != null && rail != null && !card, "payment_method_id", FieldIssue.NOT_ALLOWED);
        UUID mandateId = v.optionalId("mandate_id", body.mandateId());
        v.check(body.mandateId() != null && rail != null && !directDebit, "mandate_id", FieldIssue.NOT_ALLOWED);
        v.check(body.cardToken() != null && rail != null && !card, "card_token", FieldIssue.NOT_ALLOWED);
        v.check(body.cardToken() != null && body.paymentMethodId() != null, "card_token", FieldIssue.NOT_ALLOWED);
        v.check(body.cardToken() != null && body.cardToken().isBlank(), "card_token", FieldIssue.INVALID);
        v.maxLength("card_token", body.cardToken(), MAX_CARD_TOKEN).printable("card_token", body.cardToken(), false);

        if (offline) {
            v.require("offline_method", body.offlineMethod())
                    .oneOf("offline_method", body.offlineMethod(), Payment.OFFLINE_METHODS);
            v.check(Payment.OTHER.equals(body.offlineMethod())
                    && (body.reference() == null || body.reference().isBlank()), "reference", FieldIssue.REQUIRED);
        } else if (rail != null) {
            v.check(body.offlineMethod() != null, "offline_method", FieldIssue.NOT_ALLOWED);
            v.check(body.reference() != null, "reference", FieldIssue.NOT_ALLOWED);
        }
        v.maxLength("reference", body.reference(), MAX_REFERENCE).printable("reference", body.reference(), false);
        v.maxLength("description", body.description(), MAX_DESCRIPTION)
                .printable("description", body.description(), true);
        v.maxLength("return_url", body.returnUrl(), MAX_RETURN_URL)
                .check(body.returnUrl() != null && !isHttps(body.returnUrl()), "return_url", FieldIssue.INVALID);

        UUID orderId = v.optionalId("order_id", body.orderId());
        v.check(body.orderId() != null && body.invoiceId() != null, "order_id", FieldIssue.NOT_ALLOWED);
        v.check(body.orderId() == null && body.lines() != null, "lines", FieldIssue.NOT_ALLOWED);
        v.check(body.orderId() == null && body.depositMinor() != null, "deposit_minor", FieldIssue.NOT_ALLOWED);
        long deposit = body.depositMinor() == null ? 0 : body.depositMinor();
        v.min("deposit_minor", body.depositMinor(), 0).max("deposit_minor", body.depositMinor(), MAX_AMOUNT_MINOR);
        List<Invoice.Line> orderLines = List.of();
        if (body.orderId() != null) {
            orderLines = orderLines(v, body.lines());
            long total = orderLines.stream().mapToLong(Invoice.Line::totalMinor).sum() + deposit;
            boolean comparable = amount != null && v.issues().stream().noneMatch(issue ->
                    issue.field().startsWith("lines") || issue.field().equals("deposit_minor")
                            || issue.field().equals("amount_minor"));
            // The invoice billed is the order's: the payment pays all of it.
            v.check(comparable && total != amount, "amount_minor", FieldIssue.INVALID);
        }

        // Rule 1: an offline recording settles at once, so a retry must be recognised as one.
        v.check(offline && !hasIdempotencyKey, MutationFilter.KEY_HEADER, FieldIssue.REQUIRED);
        // Rule 3: below what the provider collects in one payment.
        v.check(amount != null && rail != null && amount < minimumOf(rail), "amount_minor",
                FieldIssue.BELOW_MINIMUM);
        v.orThrow();
        return new Request(rail, amount, body.currency(), contactId, invoiceId, subscriptionId,
                offline ? body.offlineMethod() : null, body.reference(), body.description(), paymentMethodId,
                mandateId, body.cardToken(), orderId, orderLines, deposit, body.returnUrl());
    }

    /**
     * Rules 4, 5 and 2, and what is left to collect, in that order of judgement: the invoice must be the payer's
     * (422 on {@code invoice_id}), a {@code subscription_id} the invoice's own plan or a plan of the payer (422
     * {@code not_found} on {@code subscription_id} for a plan the account does not have, {@code not_allowed} for
     * another customer's), the currency the invoice's (422 on {@code currency}), its status one that can be paid
     * (409), and the amount no more than it still lets be collected ({@link Invoice#collectableMinor()} of the locked
     * row: 422 {@code above_maximum}). Without an invoice only rule 5 applies.
     *
     * @param invoice the invoice locked for the request, or null
     * @throws com.storageplatform.kit.web.ApiException the first rule broken
     */
    static void judge(Request request, UUID payerId, Invoice invoice) {
        judge(request, payerId, invoice, null);
    }

    /** @param planCustomer the customer of the plan {@code subscription_id} names; null when the account has none */
    static void judge(Request request, UUID payerId, Invoice invoice, UUID planCustomer) {
        if (invoice != null && !invoice.contactId().equals(payerId)) {
            throw ApiException.invalid("invoice_id", FieldIssue.NOT_ALLOWED,
                    "The invoice belongs to another customer than the one paying.");
        }
        UUID plan = invoice == null ? null : invoice.subscriptionId();
        if (request.subscriptionId() != null && !request.subscriptionId().equals(plan)) {
            if (planCustomer == null) {
                throw ApiException.invalid("subscription_id", FieldIssue.NOT_FOUND, "The account has no such plan.");
            }
            if (!planCustomer.equals(payerId)) {
                throw ApiException.invalid("subscription_id", FieldIssue.NOT_ALLOWED,
                        "The plan belongs to another customer than the one paying.");
            }
        }
        if (invoice == null) {
            return;
        }
        if (!invoice.currency().equals(request.currency())) {
            throw ApiException.invalid("currency", FieldIssue.INVALID,
                    "The invoice is in " + invoice.currency() + "; a payment against it must be too.");
        }
        if (!Invoice.PAYABLE.contains(invoice.status())) {
            throw ApiException.conflict("The invoice is " + invoice.status() + "; a payment can be taken only "
                    + "against an open, partially paid or overdue invoice.");
        }
        if (request.amountMinor() > invoice.collectableMinor()) {
            throw ApiException.invalid("amount_minor", FieldIssue.ABOVE_MAXIMUM,
                    "At most " + invoice.collectableMinor() + " can be collected against this invoice: it owes "
                            + invoice.amountDueMinor() + ", of which " + invoice.amountInFlightMinor()
                            + " is being collected already.");
        }
    }

    /**
     * Rule 6 (and the mandate's own limit): a Direct Debit is requested for the day the invoice's advance notice
     * named while the cycle can still meet it, never earlier, else for the first day the bank can debit; never
     * before the mandate's {@code next_possible_charge_date}. Every day it returns is a working day.
     *
     * @param noticed      the day the advance notice named, or null without one
     * @param nextPossible the mandate's next possible charge date, or null
     */
    static LocalDate chargeDate(BacsTimeline timeline, Instant now, LocalDate noticed, LocalDate nextPossible) {
        LocalDate today = BacsTimeline.requestDay(now);
        LocalDate date = noticed != null ? timeline.chargeDateFor(noticed, today) : timeline.earliestChargeDate(today);
        return nextPossible != null && date.isBefore(nextPossible) ? timeline.dueDate(nextPossible) : date;
    }

    /** The least {@code rail} collects in one payment (rule 3); 1 for an offline recording, which has no minimum. */
    static long minimumOf(String rail) {
        return switch (rail) {
            case Payment.CARD -> CARD_MINIMUM_MINOR;
            case Payment.BACS_DD -> BACS_DD_MINIMUM_MINOR;
            default -> 1;
        };
    }

    /**
     * Commerce's lines as invoice lines: each billed at its total (VAT included), a {@code discount} taken off the
     * {@code licence_fee} line of its VAT treatment, {@code deposit} lines left to {@code deposit_minor}.
     */
    static List<Invoice.Line> orderLines(Validation v, List<CreatePayment.OrderLine> lines) {
        v.require("lines", lines);
        if (lines == null) {
            return List.of();
        }
        v.check(lines.isEmpty(), "lines", FieldIssue.BELOW_MINIMUM);
        v.check(lines.size() > MAX_LINES, "lines", FieldIssue.ABOVE_MAXIMUM);
        List<Integer> billed = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String at = "lines[" + i + "]";
            CreatePayment.OrderLine line = lines.get(i);
            if (line == null) {
                v.add(at, FieldIssue.REQUIRED);
                continue;
            }
            boolean discount = DISCOUNT.equals(line.kind());
            v.require(at + ".kind", line.kind());
            v.check(line.kind() != null && !discount && !DEPOSIT.equals(line.kind())
                    && !ORDER_LINE_KINDS.containsKey(line.kind()), at + ".kind", FieldIssue.INVALID);
            v.require(at + ".description", line.description())
                    .maxLength(at + ".description", line.description(), MAX_DESCRIPTION)
                    .printable(at + ".description", line.description(), false);
            v.require(at + ".quantity", line.quantity());
            v.check(line.quantity() != null && line.quantity() < 1, at + ".quantity", FieldIssue.BELOW_MINIMUM);
            v.require(at + ".vat_treatment", line.vatTreatment())
                    .oneOf(at + ".vat_treatment", line.vatTreatment(), Invoice.Line.VAT_TREATMENTS);
            Long total = line.totalMinor();
            v.require(at + ".total_minor", total);
            v.check(total != null && (discount ? total > 0 : total < 0), at + ".total_minor", FieldIssue.INVALID);
            v.check(total != null && Math.abs(total) > MAX_AMOUNT_MINOR, at + ".total_minor",
                    FieldIssue.ABOVE_MAXIMUM);
            boolean good = v.issues().stream()
                    .noneMatch(issue -> issue.field().equals(at) || issue.field().startsWith(at + "."));
            if (good && !DEPOSIT.equals(line.kind())) {
                billed.add(i);
            }
        }
        Map<Integer, Long> totals = new LinkedHashMap<>();
        for (int i : billed) {
            CreatePayment.OrderLine line = lines.get(i);
            if (!DISCOUNT.equals(line.kind())) {
                totals.put(i, line.totalMinor());
            }
        }
        for (int i : billed) {
            CreatePayment.OrderLine discount = lines.get(i);
            if (!DISCOUNT.equals(discount.kind())) {
                continue;
            }
            Integer fee = totals.keySet().stream()
                    .filter(f -> "licence_fee".equals(lines.get(f).kind())
                            && lines.get(f).vatTreatment().equals(discount.vatTreatment()))
                    .findFirst().orElse(null);
            if (fee == null || totals.get(fee) + discount.totalMinor() < 0) {
                v.add("lines[" + i + "]", FieldIssue.INVALID);
                continue;
            }
            totals.put(fee, totals.get(fee) + discount.totalMinor());
        }
        return totals.entrySet().stream().map(e -> invoiceLine(lines.get(e.getKey()), e.getValue())).toList();
    }

    /** A line billed at {@code totalMinor}: per unit when the quantity divides it, else as one of the whole. */
    private static Invoice.Line invoiceLine(CreatePayment.OrderLine line, long totalMinor) {
        String kind = ORDER_LINE_KINDS.get(line.kind());
        int quantity = line.quantity();
        if (totalMinor % quantity == 0) {
            return IssuedInvoices.line(kind, line.description(), quantity, totalMinor / quantity,
                    line.vatTreatment(), null);
        }
        return IssuedInvoices.line(kind, line.description() + " (× " + quantity + ")", 1, totalMinor,
                line.vatTreatment(), null);
    }

    private static boolean isHttps(String url) {
        try {
            URI uri = new URI(url);
            return "https".equals(uri.getScheme()) && uri.getHost() != null && uri.getRawUserInfo() == null;
        } catch (java.net.URISyntaxException e) {
            return false;
        }
    }
}
