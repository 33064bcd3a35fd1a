package com.storageplatform.billing.shop;

import com.storageplatform.billing.creditnote.ReturnedLine;
import com.storageplatform.billing.internal.Customers.Customer;
import com.storageplatform.billing.invoice.Invoice;
import com.storageplatform.billing.invoice.IssuedInvoices;
import com.storageplatform.billing.payment.DeskPayments;
import com.storageplatform.billing.payment.Payment;
import com.storageplatform.kit.request.MutationFilter;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.ErrorCode;
import com.storageplatform.kit.web.FieldIssue;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * The pure checks of a shop sale and of a return from one (docs/api/billing.md): their bodies, every bad field
 * named in one 422, and what they are judged against once read (the customer, the products, the invoices taken in,
 * the lines of the sale).
 */
final class ShopRules {

    static final int MAX_ITEMS = 100;
    static final int MAX_QUANTITY = 10_000;
    static final int MAX_INVOICES = 100;
    static final int MAX_LINES = 100;
    static final int MAX_REFERENCE = 200;
    static final int MAX_CARD_TOKEN = 255;
    /** The most one sale may come to, as any invoice (10 000 000.00 in a currency of two decimals). */
    static final long MAX_TOTAL_MINOR = 100_000_000_00L;

    private ShopRules() {
    }

    /** A product sold, checked. */
    record Item(UUID productId, int quantity) {
    }

    /** A sale's body, checked. */
    record Sale(UUID contactId, String currency, List<Item> items, List<UUID> invoiceIds,
            DeskPayments.Tender tender) {
    }

    /** A line returned, checked: its place on the invoice and how many. */
    record Returned(int line, int quantity) {
    }

    /** A return's body, checked; {@code refund} null when none was sent. */
    record Return(List<Returned> lines, DeskPayments.RefundTender refund) {
    }

    /**
     * An invoice named to be taken into a sale, as read with its row locked: null when the account has none.
     *
     * @param inSale whether a sale has its debt in already
     */
    record Debt(Invoice invoice, boolean inSale) {
    }

    /**
     * @param hasIdempotencyKey whether the request carries one: an offline payment settles at once (payments
     *                          rule 1)
     */
    static Sale sale(CreateShopSale body, boolean hasIdempotencyKey) {
        Validation v = Validation.start();
        UUID contactId = v.requiredId("contact_id", body.contactId());
        v.require("currency", body.currency()).currency("currency", body.currency());
        List<Item> items = new ArrayList<>();
        v.require("items", body.items());
        if (body.items() != null) {
            v.check(body.items().isEmpty(), "items", FieldIssue.BELOW_MINIMUM);
            v.check(body.items().size() > MAX_ITEMS, "items", FieldIssue.ABOVE_MAXIMUM);
            for (int i = 0; i < body.items().size(); i++) {
                String at = "items[" + i + "]";
                CreateShopSale.Item item = body.items().get(i);
                if (item == null) {
                    v.add(at, FieldIssue.REQUIRED);
                    continue;
                }
                UUID productId = v.requiredId(at + ".product_id", item.productId());
                quantity(v, at + ".quantity", item.quantity());
                if (productId != null && !v.has(at + ".quantity")) {
                    items.add(new Item(productId, item.quantity()));
                }
            }
        }
        List<UUID> invoiceIds = ids(v, "invoice_ids", body.invoiceIds(), MAX_INVOICES);
        DeskPayments.Tender tender = null;
        v.require("payment", body.payment());
        CreateShopSale.Payment payment = body.payment();
        if (payment != null) {
            String rail = tender(v, "payment", payment.rail(), payment.offlineMethod(), payment.reference());
            boolean card = Payment.CARD.equals(rail);
            UUID paymentMethodId = v.optionalId("payment.payment_method_id", payment.paymentMethodId());
            String token = payment.cardToken();
            v.check(payment.paymentMethodId() != null && rail != null && !card, "payment.payment_method_id",
                    FieldIssue.NOT_ALLOWED);
            v.check(token != null && rail != null && !card, "payment.card_token", FieldIssue.NOT_ALLOWED);
            v.check(token != null && payment.paymentMethodId() != null, "payment.card_token",
                    FieldIssue.NOT_ALLOWED);
            v.check(token != null && token.isBlank(), "payment.card_token", FieldIssue.INVALID);
            v.maxLength("payment.card_token", token, MAX_CARD_TOKEN).printable("payment.card_token", token, false);
            v.check(Payment.OFFLINE.equals(rail) && !hasIdempotencyKey, MutationFilter.KEY_HEADER,
                    FieldIssue.REQUIRED);
            tender = new DeskPayments.Tender(rail, card ? null : payment.offlineMethod(),
                    card ? null : payment.reference(), paymentMethodId, card ? token : null);
        }
        v.orThrow();
        return new Sale(contactId, body.currency(), List.copyOf(items), invoiceIds, tender);
    }

    /**
     * What the sale sells and takes in, judged once read, in this order: every bad customer, product and invoice
     * named in one 422; then the first invoice that cannot be taken in, 409 {@code conflict}; then the card minimum
     * (422 {@code below_minimum}). Answers the sale's lines.
     *
     * @param customer the customer named, or null when billing knows none
     * @param products each item's product, in the order of the items; null for one billing does not know
     * @param debts    each invoice named, in the order of {@code invoice_ids}
     */
    static List<Invoice.Line> judge(Sale sale, Customer customer, List<SaleProduct> products, List<Debt> debts) {
        Validation v = Validation.start();
        List<Invoice.Line> lines = new ArrayList<>();
        List<String> messages = new ArrayList<>();
        if (customer == null) {
            v.add("contact_id", FieldIssue.NOT_FOUND);
            messages.add("Billing knows no customer " + sale.contactId() + " in this account.");
        }
        for (int i = 0; i < sale.items().size(); i++) {
            String field = "items[" + i + "].product_id";
            SaleProduct product = products.get(i);
            String why = product == null ? "No product " + sale.items().get(i).productId() + " in this account."
                    : product.refusal().map(SaleProduct.Refusal::message).orElse(null);
            String issue = product == null ? FieldIssue.NOT_FOUND
                    : product.refusal().map(SaleProduct.Refusal::issue).orElse(null);
            if (issue == null && !sale.currency().equals(product.currency())) {
                issue = FieldIssue.INVALID;
                why = "Product " + product.id() + " is priced in " + product.currency() + ", not "
                        + sale.currency() + ".";
            } else if (issue == null && !Invoice.Line.VAT_TREATMENTS.contains(product.vatTreatment())) {
                issue = FieldIssue.INVALID;
                why = "Product " + product.id() + " has no VAT treatment billing knows (" + product.vatTreatment()
                        + ").";
            }
            if (issue != null) {
                v.add(field, issue);
                messages.add(why);
                continue;
            }
            int quantity = sale.items().get(i).quantity();
            if (product.unitPriceMinor() > MAX_TOTAL_MINOR / quantity) {
                v.add("items[" + i + "].quantity", FieldIssue.ABOVE_MAXIMUM);
                messages.add("Item " + i + " comes to more than one sale may (" + MAX_TOTAL_MINOR + ").");
                continue;
            }
            lines.add(IssuedInvoices.line(Invoice.Line.PRODUCT, product.name() == null ? "Product " + product.id()
                    : product.name(), quantity, product.unitPriceMinor(), product.vatTreatment(), product.id()));
        }
        long total = total(lines);
        if (total > MAX_TOTAL_MINOR) {
            v.add("items", FieldIssue.ABOVE_MAXIMUM);
            messages.add("The sale comes to more than one sale may (" + MAX_TOTAL_MINOR + ").");
        }
        if (!sale.invoiceIds().isEmpty() && customer != null && customer.walkIn()) {
            v.add("invoice_ids", FieldIssue.NOT_ALLOWED);
            messages.add("The walk-in sales record owes nothing: only a customer's invoices are taken into a sale.");
            debts = List.of();
        }
        for (int i = 0; i < debts.size(); i++) {
            Invoice invoice = debts.get(i).invoice();
            String field = "invoice_ids[" + i + "]";
            String why = invoice == null ? "No invoice " + sale.invoiceIds().get(i) + " in this account."
                    : !invoice.contactId().equals(sale.contactId())
                            ? "Invoice " + invoice.id() + " belongs to another customer."
                            : !invoice.currency().equals(sale.currency())
                                    ? "Invoice " + invoice.id() + " is in " + invoice.currency() + ", not "
                                            + sale.currency() + "."
                                    : null;
            if (why != null) {
                v.add(field, invoice == null ? FieldIssue.NOT_FOUND : FieldIssue.INVALID);
                messages.add(why);
            }
        }
        orThrow(v, messages);
        for (Debt debt : debts) {
            ApiException refused = refusal(debt);
            if (refused != null) {
                throw refused;
            }
        }
        if (Payment.CARD.equals(sale.tender().rail())) {
            long least = DeskPayments.minimumOf(Payment.CARD);
            v.check(total > 0 && total < least, "items", FieldIssue.BELOW_MINIMUM);
            for (int i = 0; i < debts.size(); i++) {
                v.check(debts.get(i).invoice().collectableMinor() < least, "invoice_ids[" + i + "]",
                        FieldIssue.BELOW_MINIMUM);
            }
            orThrow(v, List.of("A card is charged at least " + least + " minor units per invoice; take a smaller "
                    + "amount offline."));
        }
        return List.copyOf(lines);
    }

    /**
     * The 409 for an invoice that cannot be taken into a sale, or null: it must be payable ({@code open},
     * {@code partially_paid} or {@code overdue}), not written off, in no other sale and with nothing being
     * collected.
     */
    static ApiException refusal(Debt debt) {
        Invoice invoice = debt.invoice();
        if (!Invoice.PAYABLE.contains(invoice.status())) {
            return ApiException.conflict("Invoice " + invoice.id() + " is " + invoice.status() + "; only an open, "
                    + "partially paid or overdue invoice can be paid with a sale.");
        }
        if (invoice.isWrittenOff()) {
            return ApiException.conflict("Invoice " + invoice.id() + "'s debt was written off; nothing is owed "
                    + "on it.");
        }
        if (debt.inSale()) {
            return ApiException.conflict("Invoice " + invoice.id() + "'s debt is in another sale already.");
        }
        if (invoice.amountInFlightMinor() > 0) {
            return ApiException.conflict("A collection of invoice " + invoice.id() + " is in progress with the "
                    + "payment provider; take it in once that has settled or failed.");
        }
        return null;
    }

    /** @param hasIdempotencyKey whether the request carries one: money handed back offline is final at once */
    static Return returns(ReturnItems body, boolean hasIdempotencyKey) {
        Validation v = Validation.start();
        List<Returned> lines = new ArrayList<>();
        v.require("lines", body.lines());
        if (body.lines() != null) {
            v.check(body.lines().isEmpty(), "lines", FieldIssue.BELOW_MINIMUM);
            v.check(body.lines().size() > MAX_LINES, "lines", FieldIssue.ABOVE_MAXIMUM);
            Set<Integer> seen = new HashSet<>();
            for (int i = 0; i < body.lines().size(); i++) {
                String at = "lines[" + i + "]";
                ReturnItems.Line line = body.lines().get(i);
                if (line == null) {
                    v.add(at, FieldIssue.REQUIRED);
                    continue;
                }
                v.require(at + ".line", line.line());
                v.check(line.line() != null && line.line() < 0, at + ".line", FieldIssue.INVALID);
                v.check(line.line() != null && !seen.add(line.line()), at + ".line", FieldIssue.DUPLICATE);
                quantity(v, at + ".quantity", line.quantity());
                if (!v.has(at + ".line") && !v.has(at + ".quantity")) {
                    lines.add(new Returned(line.line(), line.quantity()));
                }
            }
        }
        DeskPayments.RefundTender refund = null;
        if (body.refund() != null) {
            ReturnItems.Refund sent = body.refund();
            String rail = tender(v, "refund", sent.rail(), sent.offlineMethod(), sent.reference());
            v.check(Payment.OFFLINE.equals(rail) && !hasIdempotencyKey, MutationFilter.KEY_HEADER,
                    FieldIssue.REQUIRED);
            boolean card = Payment.CARD.equals(rail);
            refund = new DeskPayments.RefundTender(rail, card ? null : sent.offlineMethod(),
                    card ? null : sent.reference());
        }
        v.orThrow();
        return new Return(List.copyOf(lines), refund);
    }

    /**
     * The lines a return credits, judged against the sale's invoice, every bad one in one 422: a line the invoice
     * has ({@code not_found}), a {@code product} line ({@code invalid}), and no more than is left to return of it
     * ({@code above_maximum}). Each is credited at its price of one, VAT included, times the quantity.
     */
    static List<ReturnedLine> credited(Invoice invoice, List<Returned> returned) {
        Validation v = Validation.start();
        List<String> messages = new ArrayList<>();
        List<ReturnedLine> lines = new ArrayList<>();
        for (int i = 0; i < returned.size(); i++) {
            Returned r = returned.get(i);
            String at = "lines[" + i + "]";
            if (r.line() >= invoice.lines().size()) {
                v.add(at + ".line", FieldIssue.NOT_FOUND);
                messages.add("The invoice has " + invoice.lines().size() + " lines, counted from 0.");
                continue;
            }
            Invoice.Line line = invoice.lines().get(r.line());
            if (!Invoice.Line.PRODUCT.equals(line.kind()) || line.productId() == null) {
                v.add(at + ".line", FieldIssue.INVALID);
                messages.add("Line " + r.line() + " is not a product sold; only products are returned.");
                continue;
            }
            int left = line.quantity() - line.returnedQuantity();
            if (r.quantity() > left) {
                v.add(at + ".quantity", FieldIssue.ABOVE_MAXIMUM);
                messages.add("Line " + r.line() + " has " + left + " left to return.");
                continue;
            }
            lines.add(new ReturnedLine(r.line(), r.quantity(), Math.multiplyExact(line.amountMinor(),
                    (long) r.quantity())));
        }
        orThrow(v, messages);
        return List.copyOf(lines);
    }

    /**
     * A refund must be sent when the return pays money back ({@code refundMinor} above 0), and is refused when it
     * does not, rather than dropped: 422 on {@code refund}.
     */
    static void refundWanted(DeskPayments.RefundTender refund, long refundMinor) {
        if (refundMinor > 0 && refund == null) {
            throw ApiException.invalid("refund", FieldIssue.REQUIRED, "This return pays " + refundMinor
                    + " back: send refund with the rail it is paid back on.");
        }
        if (refundMinor == 0 && refund != null) {
            throw ApiException.invalid("refund", FieldIssue.NOT_ALLOWED, "This return pays nothing back: its "
                    + "credit only lowers what the invoice still owes. Send it without refund.");
        }
    }

    /** Money goes back to a card only from a card payment: 422 {@code invalid} on {@code refund.rail}. */
    static void refundRail(DeskPayments.RefundTender refund, Payment original) {
        if (Payment.CARD.equals(refund.rail()) && !Payment.CARD.equals(original.rail())) {
            throw ApiException.invalid("refund.rail", FieldIssue.INVALID, "The sale was paid " + original.rail()
                    + ", not by card: pay the money back offline.");
        }
    }

    static long total(List<Invoice.Line> lines) {
        return lines.stream().mapToLong(Invoice.Line::totalMinor).sum();
    }

    /** The rail and offline fields of a desk tender under {@code prefix}; answers the rail when it is good. */
    private static String tender(Validation v, String prefix, String rail, String offlineMethod, String reference) {
        v.require(prefix + ".rail", rail).oneOf(prefix + ".rail", rail, DeskPayments.RAILS);
        boolean offline = Payment.OFFLINE.equals(rail);
        if (offline) {
            v.require(prefix + ".offline_method", offlineMethod)
                    .oneOf(prefix + ".offline_method", offlineMethod, DeskPayments.OFFLINE_METHODS);
            v.check(Payment.OTHER.equals(offlineMethod) && (reference == null || reference.isBlank()),
                    prefix + ".reference", FieldIssue.REQUIRED);
        } else if (Payment.CARD.equals(rail)) {
            v.check(offlineMethod != null, prefix + ".offline_method", FieldIssue.NOT_ALLOWED);
            v.check(reference != null, prefix + ".reference", FieldIssue.NOT_ALLOWED);
        }
        v.maxLength(prefix + ".reference", reference, MAX_REFERENCE)
                .printable(prefix + ".reference", reference, false);
        return v.has(prefix + ".rail") ? null : rail;
    }

    private static void quantity(Validation v, String field, Integer quantity) {
        v.require(field, quantity);
        if (quantity != null) {
            v.min(field, quantity.longValue(), 1).max(field, quantity.longValue(), MAX_QUANTITY);
        }
    }

    /** Up to {@code max} ids, each once; null entries, malformed ids and repeats are named by their index. */
    private static List<UUID> ids(Validation v, String field, List<String> values, int max) {
        if (values == null) {
            return List.of();
        }
        v.check(values.size() > max, field, FieldIssue.ABOVE_MAXIMUM);
        List<UUID> ids = new ArrayList<>();
        for (int i = 0; i < values.size(); i++) {
            String at = field + "[" + i + "]";
            UUID id = v.requiredId(at, values.get(i));
            v.check(id != null && ids.contains(id), at, FieldIssue.DUPLICATE);
            if (id != null) {
                ids.add(id);
            }
        }
        return List.copyOf(ids);
    }

    /** The 422 of every issue recorded, its message the sentences that say why (or the kit's own without any). */
    private static void orThrow(Validation v, List<String> messages) {
        if (v.isValid()) {
            return;
        }
        if (messages.isEmpty()) {
            v.orThrow();
        }
        throw new ApiException(ErrorCode.VALIDATION_ERROR, ErrorCode.VALIDATION_ERROR.status(),
                String.join(" ", messages), v.issues(), Map.of());
    }
}
