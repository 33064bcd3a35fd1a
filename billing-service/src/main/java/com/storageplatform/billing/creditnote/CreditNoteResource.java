package com.storageplatform.billing.creditnote;

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

/** {@code /v1/credit-notes} (scopes {@code billing:read} and {@code billing:write}, at the gateway). */
@RestController
@ScopeFamily("billing")
class CreditNoteResource {

    private final CreditNoteService notes;

    CreditNoteResource(CreditNoteService notes) {
        this.notes = notes;
    }

    /**
     * 201 with a credit note of {@code amount_minor} against an {@code open}, {@code partially_paid} or
     * {@code overdue} invoice ({@code credit_note.created}): what the invoice owes falls by it, and an invoice left
     * owing nothing is {@code paid} ({@code invoice.paid}). 422 {@code not_found} on {@code invoice_id} for an
     * invoice the account does not have, {@code above_maximum} on {@code amount_minor} above what it still owes
     * (less a collection in progress). 409 {@code conflict} for a draft (finalize it or change it), a void or paid
     * invoice (refund the payment instead), an invoice that bills insurance ({@code ipt_minor} above 0: void it
     * instead if nothing is paid), a shop sale's invoice (return its items instead) and a written-off one.
     */
    @ApiErrors(ErrorCode.CONFLICT)
    @PostMapping("/v1/credit-notes")
    @ResponseStatus(HttpStatus.CREATED)
    Mono<Envelopes.Data<CreditNote>> create(Caller caller, @RequestBody CreateCreditNote body) {
        return notes.create(caller, body).map(Envelopes::data);
    }

    @GetMapping("/v1/credit-notes/{id}")
    Mono<Envelopes.Data<CreditNote>> read(Caller caller, @PathVariable String id) {
        return notes.read(caller, Ids.fromPath(id)).map(Envelopes::data);
    }

    /** Newest first; filters {@code invoice_id} and {@code contact_id}. */
    @FilteredBy({"invoice_id", "contact_id"})
    @GetMapping("/v1/credit-notes")
    Mono<Envelopes.ListOf<CreditNote>> list(Caller caller, @RequestParam MultiValueMap<String, String> query) {
        ListFilters filters = ListFilters.of(query);
        return notes.list(caller, filters.id("invoice_id"), filters.id("contact_id"), filters.page());
    }
}
