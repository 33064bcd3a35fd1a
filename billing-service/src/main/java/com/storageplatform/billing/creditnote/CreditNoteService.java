package com.storageplatform.billing.creditnote;

import com.storageplatform.billing.invoice.Invoice;
import com.storageplatform.billing.invoice.InvoiceLedger;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.Envelopes;
import com.storageplatform.kit.web.FieldIssue;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Mono;

/**
 * Credit notes of the caller's account. Issuing one locks its invoice's row through the {@link InvoiceLedger}, so it
 * is judged against what the invoice owes at that moment and queues behind a payment or a void of it.
 */
@Service
class CreditNoteService {

    private final CreditNoteRepository notes;
    private final CreditNoteEvents events;
    private final InvoiceLedger ledger;
    private final Clock clock;

    CreditNoteService(CreditNoteRepository notes, CreditNoteEvents events, InvoiceLedger ledger, Clock clock) {
        this.notes = notes;
        this.events = events;
        this.ledger = ledger;
        this.clock = clock;
    }

    /**
     * A credit note of an amount ({@code credit_note.created}) and the invoice's balance with it: an invoice left
     * owing nothing is {@code paid} ({@code invoice.paid}), otherwise the internal {@code invoice.updated}.
     */
    Mono<CreditNote> create(Caller caller, CreateCreditNote body) {
        return Mono.defer(() -> {
            CreditNoteRules.Checked checked = CreditNoteRules.body(body);
            return ledger.lock(caller.accountId(), checked.invoiceId())
                    .switchIfEmpty(Mono.error(ApiException.invalid("invoice_id", FieldIssue.NOT_FOUND)))
                    .flatMap(invoice -> {
                        ApiException refused = CreditNoteRules.refusal(invoice);
                        if (refused == null) {
                            refused = CreditNoteRules.aboveMaximum(invoice, checked.amountMinor());
                        }
                        if (refused != null) {
                            return Mono.error(refused);
                        }
                        return issue(caller, invoice, List.of(), checked.amountMinor(), checked.reason())
                                .flatMap(note -> ledger.credited(caller, invoice.id(), note.amountMinor())
                                        .thenReturn(note));
                    });
        });
    }

    /** The credit note written and announced; the caller changes the invoice's balance with it. */
    Mono<CreditNote> issue(Caller caller, Invoice invoice, List<ReturnedLine> lines, long amountMinor,
            String reason) {
        Instant now = clock.instant();
        CreditNote note = new CreditNote(Ids.newId(), CreditNote.OBJECT, invoice.id(), invoice.contactId(),
                amountMinor, invoice.currency(), reason, List.copyOf(lines), now, now);
        return notes.insert(caller.accountId(), note).then(events.created(caller, note));
    }

    Mono<CreditNote> read(Caller caller, UUID id) {
        return notes.find(caller.accountId(), id).switchIfEmpty(Mono.error(ApiException.notFound()));
    }

    Mono<Envelopes.ListOf<CreditNote>> list(Caller caller, UUID invoiceId, UUID contactId, PageRequest page) {
        return notes.list(caller.accountId(), invoiceId, contactId, page);
    }
}
