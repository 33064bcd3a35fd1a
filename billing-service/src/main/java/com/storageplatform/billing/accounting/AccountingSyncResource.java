package com.storageplatform.billing.accounting;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.openapi.FilteredBy;
import com.storageplatform.kit.openapi.ScopeFamily;
import com.storageplatform.kit.paging.ListFilters;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.Envelopes;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** {@code /v1/accounting-syncs} (scope {@code billing:read}, at the gateway): what was pushed, read only. */
@RestController
@ScopeFamily("billing")
class AccountingSyncResource {

    private final SyncRepository syncs;

    AccountingSyncResource(SyncRepository syncs) {
        this.syncs = syncs;
    }

    /**
     * One push to the account's accounting system: an invoice issued or voided, a credit note issued, a payment
     * succeeded or refunded, with its status ({@code pending}, {@code synced}, {@code failed}, {@code skipped}),
     * the system's id of what it booked, and why it failed or was skipped.
     */
    @GetMapping("/v1/accounting-syncs/{id}")
    Mono<Envelopes.Data<AccountingSync>> read(Caller caller, @PathVariable String id) {
        return syncs.find(caller.accountId(), Ids.fromPath(id))
                .switchIfEmpty(Mono.error(ApiException.notFound()))
                .map(Envelopes::data);
    }

    /** Newest first; filters {@code subject_type}, {@code subject_id} and {@code status}. */
    @FilteredBy({"subject_type", "subject_id", "status"})
    @GetMapping("/v1/accounting-syncs")
    Mono<Envelopes.ListOf<AccountingSync>> list(Caller caller, @RequestParam MultiValueMap<String, String> query) {
        ListFilters filters = ListFilters.of(query);
        return syncs.list(caller.accountId(), filters.oneOf("subject_type", AccountingSync.SUBJECT_TYPES),
                filters.id("subject_id"), filters.oneOf("status", AccountingSync.STATUSES), filters.page());
    }
}
