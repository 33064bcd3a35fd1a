package com.storageplatform.billing.openingbalance;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.Callers;
import com.storageplatform.kit.web.Envelopes;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * {@code /internal/v1/opening-balances}: commerce's imports write the balances of an agreements file here, in
 * batches, with the kit's service token for the account (ADR 0029), so the account is always the token's. Anyone
 * else, a gateway token included, gets 404 as for a route that does not exist; the gateway never routes
 * {@code /internal}. Not in the public API description (docs/api/imports.md).
 */
@RestController
class OpeningBalanceResource {

    static final String PATH = "/internal/v1/opening-balances";

    private final OpeningBalanceService imports;

    OpeningBalanceResource(OpeningBalanceService imports) {
        this.imports = imports;
    }

    /**
     * Checks every row and answers 200 with each row's problems; unless {@code dry_run} or a row has a problem,
     * invoices every balance in one transaction (an {@code open} invoice of source {@code import}, with
     * {@code invoice.created} and {@code invoice.finalized}) and answers each row's invoice. A row written before
     * under the same {@code import_key} is answered with its invoice and {@code created: false}, never written twice.
     * 422 naming {@code import_key}, {@code dry_run}, {@code balances} (1 to 500) or a missing, below 2 or repeated
     * {@code balances[i].row}.
     */
    @PostMapping(PATH)
    Mono<Envelopes.Data<OpeningBalanceAnswer>> run(Caller caller, @RequestBody OpeningBalanceBatch batch) {
        return Callers.peerService().flatMap(peer -> imports.run(peer, batch)).map(Envelopes::data);
    }
}
