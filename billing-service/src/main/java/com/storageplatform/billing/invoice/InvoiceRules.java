package com.storageplatform.billing.invoice;

import com.storageplatform.billing.invoice.CreateInvoice.LineInput;
import com.storageplatform.billing.invoice.Invoice.Line;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.FieldIssue;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** The pure checks of an invoice's body: every bad field is recorded on the {@link Validation} at once. */
final class InvoiceRules {

    static final int MAX_LINES = 100;
    static final int MAX_DESCRIPTION = 500;
    static final long MAX_LINE_AMOUNT_MINOR = 100_000_000_00L;
    static final int MAX_QUANTITY = 1_000_000;
    /** The kinds a client may send; product and deposit lines come from shop sales and orders only. */
    static final Set<String> CLIENT_KINDS = Set.of(Line.CHARGE, "fee", "licence_fee", Line.INSURANCE);

    private InvoiceRules() {
    }

    static String description(Validation v, String field, String value) {
        v.maxLength(field, value, MAX_DESCRIPTION).printable(field, value, true);
        return value;
    }

    /** A reason given for a void, a write-off or a credit note: printable, not blank, at most 500 characters. */
    static String reason(Validation v, String field, String value) {
        v.check(value != null && value.isBlank(), field, FieldIssue.INVALID);
        return description(v, field, value);
    }

    /** The lines as they will be stored, with their totals and taxes; null entries where a line was refused. */
    static List<Line> lines(Validation v, List<LineInput> inputs) {
        v.require("lines", inputs);
        if (inputs == null) {
            return List.of();
        }
        v.check(inputs.isEmpty(), "lines", "below_minimum");
        v.check(inputs.size() > MAX_LINES, "lines", "above_maximum");
        List<Line> lines = new ArrayList<>();
        for (int i = 0; i < inputs.size(); i++) {
            String at = "lines[" + i + "]";
            LineInput in = inputs.get(i);
            if (in == null) {
                v.add(at, "required");
                continue;
            }
            v.require(at + ".description", in.description());
            description(v, at + ".description", in.description());
            v.require(at + ".amount_minor", in.amountMinor())
                    .min(at + ".amount_minor", in.amountMinor(), 0)
                    .max(at + ".amount_minor", in.amountMinor(), MAX_LINE_AMOUNT_MINOR);
            v.require(at + ".quantity", in.quantity());
            if (in.quantity() != null) {
                v.min(at + ".quantity", in.quantity().longValue(), 1)
                        .max(at + ".quantity", in.quantity().longValue(), MAX_QUANTITY);
            }
            String kind = in.kind() == null ? Line.CHARGE : in.kind();
            v.check(!CLIENT_KINDS.contains(kind), at + ".kind", "invalid");
            boolean insurance = Line.INSURANCE.equals(kind);
            String treatment = in.vatTreatment() != null ? in.vatTreatment()
                    : insurance ? Line.EXEMPT : Line.STANDARD_20;
            v.oneOf(at + ".vat_treatment", treatment, Line.VAT_TREATMENTS);
            // Insurance is exempt from VAT and carries IPT instead (VAT Act 1994, Schedule 9 Group 2).
            v.check(insurance && !Line.EXEMPT.equals(treatment), at + ".vat_treatment", "invalid");
            if (v.has(at + ".amount_minor") || v.has(at + ".quantity") || v.has(at + ".vat_treatment")
                    || v.has(at + ".kind")) {
                continue;
            }
            lines.add(line(kind, in.description(), in.quantity(), in.amountMinor(), treatment, null));
        }
        long total = lines.stream().mapToLong(Line::totalMinor).sum();
        v.check(total > MAX_LINE_AMOUNT_MINOR, "lines", "above_maximum");
        return lines;
    }

    /** A line with its total and the taxes within it. */
    static Line line(String kind, String description, int quantity, long amountMinor, String treatment,
            java.util.UUID productId) {
        long total = Math.multiplyExact(amountMinor, (long) quantity);
        boolean insurance = Line.INSURANCE.equals(kind);
        long ipt = insurance ? Taxes.iptWithin(total) : 0;
        long vat = insurance ? 0 : Taxes.vatWithin(total, treatment);
        return new Line(kind, description, quantity, amountMinor, total, treatment, vat, ipt, productId, 0);
    }
}
