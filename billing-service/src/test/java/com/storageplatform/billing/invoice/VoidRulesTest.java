package com.storageplatform.billing.invoice;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.billing.invoice.VoidRules.Verdict;
import com.storageplatform.kit.id.Ids;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Void rules 1 to 3 as {@link VoidRules} decides them, each cause in its documented order. */
class VoidRulesTest {

    static final Instant NOW = Instant.parse("2026-11-27T10:00:00Z");

    /** An invoice of 1000 in {@code status}, with the given money against it. */
    static Invoice invoice(String status, String source, long paid, long credited, long inFlight, Instant writtenOff) {
        long written = writtenOff == null ? 0 : 1000 - paid - credited;
        return new Invoice(Ids.newId(), Invoice.OBJECT, Ids.newId(), null, null, source, status, "GBP",
                Invoice.OFFLINE, null, LocalDate.of(2026, 12, 11), List.of(), 1000, 167, 0, paid, credited,
                written, 1000 - paid - credited - written, inFlight, null, null, null, NOW, null, null, writtenOff,
                NOW, NOW);
    }

    static Invoice open() {
        return invoice(Invoice.OPEN, Invoice.SOURCE_API, 0, 0, 0, null);
    }

    static String issue(Invoice invoice) {
        return issue(invoice, false, false);
    }

    static String issue(Invoice invoice, boolean inSale, boolean overdueEnabled) {
        return VoidRules.judge(invoice, inSale, overdueEnabled).issue();
    }

    @Test
    void anInvoiceAlreadyVoidIsVoidAlreadyWhateverElseHolds() {
        Verdict verdict = VoidRules.judge(invoice(Invoice.VOID, Invoice.SOURCE_SHOP, 0, 0, 0, null), true, false);
        assertThat(verdict.alreadyVoid()).isTrue();
        assertThat(verdict.refused()).isFalse();
    }

    @Test
    void aDraftAndAnOpenInvoiceWithNothingAgainstThemCanBeVoided() {
        assertThat(VoidRules.judge(invoice(Invoice.DRAFT, Invoice.SOURCE_API, 0, 0, 0, null), false, false))
                .isEqualTo(Verdict.VOIDABLE);
        assertThat(VoidRules.judge(open(), false, false)).isEqualTo(Verdict.VOIDABLE);
    }

    @Test
    void anOverdueInvoiceCanBeVoidedOnlyWhenTheOperatorSwitchedItOn() {
        Invoice overdue = invoice(Invoice.OVERDUE, Invoice.SOURCE_API, 0, 0, 0, null);
        Verdict off = VoidRules.judge(overdue, false, false);
        assertThat(off.issue()).isEqualTo("invoice_not_voidable");
        assertThat(off.message()).contains("void_overdue_enabled");
        assertThat(VoidRules.judge(overdue, false, true)).isEqualTo(Verdict.VOIDABLE);
    }

    @Test
    void eachCauseIsNamedByItsOwnIssue() {
        assertThat(issue(invoice(Invoice.OPEN, Invoice.SOURCE_SHOP, 0, 0, 0, null))).isEqualTo("invoice_shop_sale");
        assertThat(issue(invoice(Invoice.OPEN, Invoice.SOURCE_API, 0, 0, 0, NOW))).isEqualTo("invoice_written_off");
        assertThat(issue(open(), true, false)).isEqualTo("invoice_debt_in_sale");
        assertThat(issue(invoice(Invoice.PARTIALLY_PAID, Invoice.SOURCE_API, 400, 0, 0, null)))
                .isEqualTo("invoice_part_paid");
        assertThat(issue(invoice(Invoice.PAID, Invoice.SOURCE_API, 1000, 0, 0, null)))
                .isEqualTo("invoice_money_against_it");
        assertThat(issue(invoice(Invoice.OPEN, Invoice.SOURCE_API, 0, 300, 0, null)))
                .isEqualTo("invoice_credit_note_against_it");
        assertThat(issue(invoice(Invoice.OPEN, Invoice.SOURCE_API, 0, 0, 1000, null)))
                .isEqualTo("invoice_collection_in_flight");
        assertThat(issue(invoice(Invoice.PAID, Invoice.SOURCE_API, 0, 0, 0, null))).isEqualTo("invoice_not_voidable");
    }

    @Test
    void aPaidInvoiceIsRefusedForWhatPaidItMoneyOrACreditNote() {
        assertThat(issue(invoice(Invoice.PAID, Invoice.SOURCE_API, 600, 400, 0, null)))
                .isEqualTo("invoice_money_against_it");
        assertThat(issue(invoice(Invoice.PAID, Invoice.SOURCE_API, 0, 1000, 0, null)))
                .isEqualTo("invoice_credit_note_against_it");
    }

    @Test
    void theFirstCauseInTheDocumentedOrderIsTheOneNamed() {
        // Every cause at once: each one removed in order uncovers the next.
        assertThat(issue(invoice(Invoice.PARTIALLY_PAID, Invoice.SOURCE_SHOP, 300, 100, 200, NOW), true, false))
                .isEqualTo("invoice_shop_sale");
        assertThat(issue(invoice(Invoice.PARTIALLY_PAID, Invoice.SOURCE_API, 300, 100, 200, NOW), true, false))
                .isEqualTo("invoice_written_off");
        assertThat(issue(invoice(Invoice.PARTIALLY_PAID, Invoice.SOURCE_API, 300, 100, 200, null), true, false))
                .isEqualTo("invoice_debt_in_sale");
        assertThat(issue(invoice(Invoice.PARTIALLY_PAID, Invoice.SOURCE_API, 300, 100, 200, null), false, false))
                .isEqualTo("invoice_part_paid");
        assertThat(issue(invoice(Invoice.OVERDUE, Invoice.SOURCE_API, 300, 100, 200, null), false, false))
                .isEqualTo("invoice_money_against_it");
        assertThat(issue(invoice(Invoice.OVERDUE, Invoice.SOURCE_API, 0, 100, 200, null), false, false))
                .isEqualTo("invoice_credit_note_against_it");
        assertThat(issue(invoice(Invoice.OVERDUE, Invoice.SOURCE_API, 0, 0, 200, null), false, false))
                .isEqualTo("invoice_collection_in_flight");
        assertThat(issue(invoice(Invoice.OVERDUE, Invoice.SOURCE_API, 0, 0, 0, null), false, false))
                .isEqualTo("invoice_not_voidable");
        assertThat(VoidRules.ISSUES).containsExactly("invoice_shop_sale", "invoice_written_off",
                "invoice_debt_in_sale", "invoice_part_paid", "invoice_money_against_it",
                "invoice_credit_note_against_it", "invoice_collection_in_flight", "invoice_not_voidable");
    }

    @Test
    void aRefusalIsA409ConflictNamingItsCauseInTheFirstDetail() {
        var refusal = VoidRules.judge(invoice(Invoice.OPEN, Invoice.SOURCE_SHOP, 0, 0, 0, null), false, false)
                .toException();
        assertThat(refusal.status().value()).isEqualTo(409);
        assertThat(refusal.code().code()).isEqualTo("conflict");
        assertThat(refusal.details().get(0).issue()).isEqualTo("invoice_shop_sale");
    }
}
