package com.storageplatform.billing.creditnote;

import com.storageplatform.billing.invoice.Invoice;
import com.storageplatform.billing.invoice.InvoiceLedger;
import com.storageplatform.kit.caller.Caller;
import java.util.List;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * What other features ask of credit notes. The shop's returns issue theirs here: the one path by which a shop
 * sale's invoice, or one that bills insurance, is credited (the API refuses both).
 */
@Component
public class CreditNotes {

    private final CreditNoteService service;
    private final InvoiceLedger ledger;

    CreditNotes(CreditNoteService service, InvoiceLedger ledger) {
        this.service = service;
        this.ledger = ledger;
    }

    /**
     * A return's credit note and what the desk pays back.
     *
     * @param invoice    the invoice after the credit
     * @param refundMinor the part of the credit that was money already paid, to be paid back at the desk (a refund
     *                   payment naming the credit note); 0 when the credit only reduced what was owed
     */
    public record ReturnCredit(CreditNote creditNote, Invoice invoice, long refundMinor) {
    }

    /**
     * Issues a credit note with {@code lines} for items returned from the sale {@code invoice} billed, in the
     * caller's transaction ({@code credit_note.created}), and changes the invoice's balance: the credit first covers
     * what is still owed, and the rest comes off {@code amount_paid_minor} as money to pay back; an invoice left
     * owing nothing is {@code paid}. The invoice's row is locked; the caller has judged the lines and quantities
     * returned (and records them on the sale) and that {@code amountMinor} is at least 1 and at most what was paid
     * and is still owed.
     */
    public Mono<ReturnCredit> issueForReturn(Caller caller, Invoice invoice, List<ReturnedLine> lines,
            long amountMinor) {
        return ledger.lock(caller.accountId(), invoice.id())
                .switchIfEmpty(Mono.error(new IllegalArgumentException("No invoice " + invoice.id()
                        + " in account " + caller.accountId())))
                .flatMap(locked -> {
                    if (amountMinor < 1 || amountMinor > locked.amountDueMinor() + locked.amountPaidMinor()) {
                        return Mono.error(new IllegalArgumentException("A return's credit of " + amountMinor
                                + " is outside 1 to what invoice " + invoice.id() + " was paid and still owes"));
                    }
                    long refund = amountMinor - Math.min(amountMinor, locked.amountDueMinor());
                    return service.issue(caller, locked, lines, amountMinor, null)
                            .flatMap(note -> ledger.creditedForReturn(caller, locked.id(), amountMinor)
                                    .map(after -> new ReturnCredit(note, after, refund)));
                });
    }
}
