package com.storageplatform.billing.invoice;

import com.storageplatform.billing.internal.NoFields;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.openapi.ApiErrors;
import com.storageplatform.kit.openapi.FilteredBy;
import com.storageplatform.kit.openapi.ScopeFamily;
import com.storageplatform.kit.paging.ListFilters;
import com.storageplatform.kit.web.Envelopes;
import com.storageplatform.kit.web.ErrorCode;
import org.springframework.http.HttpStatus;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * {@code /v1/invoices} (scopes {@code billing:read} and {@code billing:write}, at the gateway). Invoices are never
 * deleted: a mistaken one is voided.
 */
@RestController
@ScopeFamily("billing")
class InvoiceResource {

    private final InvoiceService invoices;
    private final VoidService voids;

    InvoiceResource(InvoiceService invoices, VoidService voids) {
        this.invoices = invoices;
        this.voids = voids;
    }

    /** 201 with a {@code draft} invoice ({@code invoice.created}); finalize it to bill the customer. */
    @PostMapping("/v1/invoices")
    @ResponseStatus(HttpStatus.CREATED)
    @ApiErrors(ErrorCode.SITE_FORBIDDEN)
    Mono<Envelopes.Data<Invoice>> create(Caller caller, @RequestBody CreateInvoice body) {
        return invoices.create(caller, body).map(Envelopes::data);
    }

    @GetMapping("/v1/invoices/{id}")
    Mono<Envelopes.Data<Invoice>> read(Caller caller, @PathVariable String id) {
        return invoices.read(caller, Ids.fromPath(id)).map(Envelopes::data);
    }

    /** Newest first; filters {@code contact_id}, {@code subscription_id} and {@code status}. */
    @FilteredBy({"contact_id", "subscription_id", "status"})
    @GetMapping("/v1/invoices")
    Mono<Envelopes.ListOf<Invoice>> list(Caller caller, @RequestParam MultiValueMap<String, String> query) {
        ListFilters filters = ListFilters.of(query);
        return invoices.list(caller, filters.id("contact_id"), filters.id("subscription_id"),
                filters.oneOf("status", Invoice.STATUSES), filters.page());
    }

    /**
     * A {@code draft} becomes {@code open} ({@code invoice.finalized}), due on its {@code due_date} or 14 days
     * from today (a Direct Debit invoice's on a working day). An invoice already finalized is answered as it is; a
     * void one is 409.
     */
    @ApiErrors(ErrorCode.CONFLICT)
    @PostMapping("/v1/invoices/{id}/finalize")
    Mono<Envelopes.Data<Invoice>> finalizeDraft(Caller caller, @PathVariable String id,
            @RequestBody(required = false) NoFields body) {
        return invoices.finalizeDraft(caller, Ids.fromPath(id)).map(Envelopes::data);
    }

    /**
     * Voids a {@code draft}, {@code open} or (when the operator's {@code void_overdue_enabled} is on)
     * {@code overdue} invoice: status {@code void}, {@code voided_from} the status it had, {@code voided_at};
     * {@code amount_due_minor} keeps what was due, though nothing is owed on it ({@code invoice.voided}, which
     * carries {@code void_reason} and {@code voided_from}). A refundable deposit the invoice billed and that was never
     * paid is cancelled. The customer is not emailed and no late fee is waived. An invoice already void is answered
     * as it is, with no event.
     *
     * <p>Refused with 409 {@code conflict} before anything is written, {@code details[0].issue} naming the first
     * cause that holds, in this order: {@code invoice_shop_sale} (return the sale's items instead),
     * {@code invoice_written_off}, {@code invoice_debt_in_sale} (an open sale is taking its debt in),
     * {@code invoice_part_paid}, {@code invoice_money_against_it} (money was paid against it, a paid invoice
     * included), {@code invoice_credit_note_against_it}, {@code invoice_collection_in_flight} (a card or Direct
     * Debit collection not settled yet), {@code invoice_not_voidable} (any other status, or overdue with the setting
     * off). 409 {@code invoice_busy} when another request held the invoice for more than five seconds; nothing was
     * written, retry.
     */
    @ApiErrors({ErrorCode.CONFLICT, ErrorCode.INVOICE_BUSY})
    @PostMapping("/v1/invoices/{id}/void")
    Mono<Envelopes.Data<Invoice>> voidInvoice(Caller caller, @PathVariable String id,
            @RequestBody(required = false) VoidInvoice body) {
        return voids.voidInvoice(caller, Ids.fromPath(id), body).map(Envelopes::data);
    }

    /**
     * Writes the debt of an {@code open}, {@code partially_paid} or {@code overdue} invoice off as bad debt:
     * {@code amount_written_off_minor} becomes what was owed, {@code amount_due_minor} 0, {@code written_off_at} and
     * {@code write_off_reason} are set and the status stays as it was. Nothing can be paid against it afterwards
     * and it cannot be voided ({@code invoice_written_off}). 409 {@code conflict} for any other status, for an
     * invoice written off already, while a collection is in flight, and while an open sale is taking its debt in.
     */
    @ApiErrors(ErrorCode.CONFLICT)
    @PostMapping("/v1/invoices/{id}/write-off")
    Mono<Envelopes.Data<Invoice>> writeOff(Caller caller, @PathVariable String id,
            @RequestBody WriteOffInvoice body) {
        return invoices.writeOff(caller, Ids.fromPath(id), body).map(Envelopes::data);
    }
}
