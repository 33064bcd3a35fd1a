package com.storageplatform.billing.invoice;

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
import com.storageplatform.billing.internal.NoFields;
import reactor.core.publisher.Mono;

/**
 * {@code /v1/invoices} (scopes {@code billing:read} and {@code billing:write}, at the gateway). Invoices are never
 * deleted: a mistaken one is voided.
 */
@RestController
@ScopeFamily("billing")
class InvoiceResource {

    private final InvoiceService invoices;

    InvoiceResource(InvoiceService invoices) {
        this.invoices = invoices;
    }

    /** 201 with a {@code draft} invoice ({@code invoice.created}); finalize it to bill the customer. */
    @PostMapping("/v1/invoices")
    @ResponseStatus(HttpStatus.CREATED)
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
}
