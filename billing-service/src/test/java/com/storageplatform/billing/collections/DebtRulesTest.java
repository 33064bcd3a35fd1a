package com.storageplatform.billing.collections;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.billing.invoice.Invoice;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class DebtRulesTest {

    static final UUID SITE = UUID.randomUUID();

    @Test
    void aFinalisedUnpaidInvoiceOwesWhatIsDueAtItsPlansSite() {
        var debt = DebtRules.owed(invoice(Invoice.OVERDUE, 7000, 2500), SITE);
        assertThat(debt.outstandingMinor()).isEqualTo(4500);
        assertThat(debt.siteId()).isEqualTo(SITE);
        assertThat(debt.currency()).isEqualTo("GBP");
        assertThat(DebtRules.owed(invoice(Invoice.OPEN, 7000, 0), null).outstandingMinor()).isEqualTo(7000);
        assertThat(DebtRules.owed(invoice(Invoice.PARTIALLY_PAID, 7000, 1), null).outstandingMinor())
                .isEqualTo(6999);
    }

    @Test
    void aDraftAPaidAVoidOrAWrittenOffInvoiceOwesNothing() {
        assertThat(DebtRules.owed(invoice(Invoice.DRAFT, 7000, 0), SITE)).isNull();
        assertThat(DebtRules.owed(invoice(Invoice.PAID, 7000, 7000), SITE)).isNull();
        assertThat(DebtRules.owed(invoice(Invoice.VOID, 7000, 0), SITE)).isNull();
        // written off: the rest is no longer due, whatever the status reads
        assertThat(DebtRules.owed(invoice(Invoice.OVERDUE, 7000, 7000), SITE)).isNull();
    }

    private static Invoice invoice(String status, long total, long settled) {
        return new Invoice(UUID.randomUUID(), Invoice.OBJECT, UUID.randomUUID(), null, null, Invoice.SOURCE_API,
                status, "GBP", Invoice.OFFLINE, null, LocalDate.of(2027, 1, 5), List.of(), total, 0, 0, settled, 0,
                0, total - settled, 0, null, null, null, Instant.EPOCH, null, null, null, Instant.EPOCH,
                Instant.EPOCH);
    }
}
