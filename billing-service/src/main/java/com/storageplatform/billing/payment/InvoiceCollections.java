package com.storageplatform.billing.payment;

import com.storageplatform.billing.invoice.Invoice;
import com.storageplatform.billing.invoice.InvoiceLedger;
import com.storageplatform.billing.payment.PaymentRules.Request;
import com.storageplatform.kit.caller.Caller;
import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Collection of an invoice billing issued itself, without a client asking: a plan's invoice collected by its
 * {@code default_rail} (the billing run). It goes the way a {@code POST /v1/payments} against the invoice goes (the
 * payments rules, the rails, the ledger, the {@code payment.*} events), in the caller's transaction; a Direct Debit
 * first gets its advance notice, for the day the mandate's terms give (rule 6), which the invoice falls due on.
 */
@Component
public class InvoiceCollections {

    private final InvoiceLedger ledger;
    private final Payers payers;
    private final PaymentRails rails;

    InvoiceCollections(InvoiceLedger ledger, Payers payers, PaymentRails rails) {
        this.ledger = ledger;
        this.payers = payers;
        this.rails = rails;
    }

    /**
     * Collects what the invoice still owes on {@code rail} ({@code card} off-session or {@code bacs_dd}), from the
     * card or mandate named, else the customer's default card or active mandate. Empty when nothing is left to
     * collect; an {@link com.storageplatform.kit.web.ApiException} when the payments rules refuse it (no card, an
     * amount below the provider's minimum).
     */
    public Mono<Payment> collect(Caller caller, UUID invoiceId, String rail, UUID paymentMethodId, UUID mandateId) {
        return ledger.lock(caller.accountId(), invoiceId)
                .filter(invoice -> Invoice.PAYABLE.contains(invoice.status()) && invoice.collectableMinor() > 0)
                .flatMap(invoice -> {
                    Request request = PaymentRules.check(new CreatePayment(rail, invoice.collectableMinor(),
                            invoice.currency(), null, invoiceId.toString(), null, null, null, null,
                            paymentMethodId == null ? null : paymentMethodId.toString(),
                            mandateId == null ? null : mandateId.toString(), null, null, null, null, null), false);
                    return payers.of(caller, request, invoice.contactId(), false)
                            .flatMap(payer -> notice(caller, invoice, payer)
                                    .defaultIfEmpty(invoice)
                                    .flatMap(noticed -> {
                                        PaymentRules.judge(request, payer.contactId(), noticed);
                                        return rails.take(caller, request, payer, noticed);
                                    }));
                });
    }

    /** The invoice as its advance notice left it (still locked); empty for a card, which needs none. */
    private Mono<Invoice> notice(Caller caller, Invoice invoice, Payers.Payer payer) {
        if (payer.mandate() == null) {
            return Mono.empty();
        }
        return rails.chargeDate(caller, invoice, payer)
                .flatMap(day -> ledger.noticed(caller, invoice, invoice.collectableMinor(), day));
    }
}
