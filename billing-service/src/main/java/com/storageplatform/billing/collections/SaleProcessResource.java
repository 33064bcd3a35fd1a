package com.storageplatform.billing.collections;

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
 * {@code /v1/sale-processes} (scopes {@code billing:read} and {@code billing:write}, at the gateway): lien sales of
 * the goods in a defaulting customer's unit, following the UK practice for uncollected goods (a notice of intention
 * to sell stating the sum owed and the sale date, a reasonable period, the proceeds against the debt). A process is
 * never deleted: it is sold or closed.
 */
@RestController
@ScopeFamily("billing")
class SaleProcessResource {

    private final SaleProcesses processes;

    SaleProcessResource(SaleProcesses processes) {
        this.processes = processes;
    }

    /**
     * 201 with the process, {@code open}, for the debt of the agreement's customer: the notice of intention to sell
     * goes out at once ({@code sale_process.notice_due}, emailed by crm), its reminders on their days, the sale date
     * {@code sale_notice.notice_days} from today (the dunning ladder's settings). The customer's overdue invoices are
     * taken in: a void or write-off of them is refused while it is open ({@code invoice_debt_in_sale}). 422
     * {@code not_found} on {@code agreement_id} for an agreement the account does not have; 409 when it holds no
     * unit, when the customer's arrears case has not taken its ladder's last step (the message says which step it
     * is at), when the agreement has an open process already, or when every overdue invoice is in another sale.
     */
    @PostMapping("/v1/sale-processes")
    @ResponseStatus(HttpStatus.CREATED)
    @ApiErrors(ErrorCode.CONFLICT)
    Mono<Envelopes.Data<SaleProcess>> open(Caller caller, @RequestBody SaleProcessBodies.Open body) {
        return processes.open(caller, body).map(Envelopes::data);
    }

    @GetMapping("/v1/sale-processes/{id}")
    Mono<Envelopes.Data<SaleProcess>> read(Caller caller, @PathVariable String id) {
        return processes.read(caller, Ids.fromPath(id)).map(Envelopes::data);
    }

    /** Newest first; filters {@code contact_id}, {@code agreement_id} and {@code status}. */
    @FilteredBy({"contact_id", "agreement_id", "status"})
    @GetMapping("/v1/sale-processes")
    Mono<Envelopes.ListOf<SaleProcess>> list(Caller caller, @RequestParam MultiValueMap<String, String> query) {
        ListFilters filters = ListFilters.of(query);
        return processes.list(caller, filters.id("contact_id"), filters.id("agreement_id"),
                filters.oneOf("status", SaleProcess.STATUSES), filters.page());
    }

    /**
     * Records the sale: {@code sold}. The proceeds are paid against the process's invoices, oldest due date first,
     * as offline payments; {@code surplus_minor} is what they leave over (owed to the customer),
     * {@code shortfall_minor} what the debt still owes. The invoices are released from the sale. 409 when the process
     * is not open, or {@code sold_on} is before the sale date; 422 for a {@code sold_on} after today.
     */
    @PostMapping("/v1/sale-processes/{id}/sell")
    @ApiErrors(ErrorCode.CONFLICT)
    Mono<Envelopes.Data<SaleProcess>> sell(Caller caller, @PathVariable String id,
            @RequestBody SaleProcessBodies.Sell body) {
        return processes.sell(caller, Ids.fromPath(id), body).map(Envelopes::data);
    }

    /**
     * Stops the sale ({@code reason} {@code withdrawn}): {@code closed}, the invoices released from it. The overlock
     * stays while the customer's arrears case is open. 409 when the process is not open.
     */
    @PostMapping("/v1/sale-processes/{id}/close")
    @ApiErrors(ErrorCode.CONFLICT)
    Mono<Envelopes.Data<SaleProcess>> close(Caller caller, @PathVariable String id,
            @RequestBody SaleProcessBodies.Close body) {
        return processes.close(caller, Ids.fromPath(id), body).map(Envelopes::data);
    }
}
