package com.storageplatform.catalogue.unitimport;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.Callers;
import com.storageplatform.kit.web.Envelopes;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * {@code /internal/v1/unit-imports}: commerce's imports write the rows of a units file here, in batches, with
 * the kit's service token for the account (ADR 0029), so the account is always the token's. Anyone else, a gateway
 * token included, gets 404 as for a route that does not exist; the gateway never routes {@code /internal}. Not in
 * the public API description (docs/api/imports.md).
 */
@RestController
class UnitImportResource {

    static final String PATH = "/internal/v1/unit-imports";

    private final UnitImportService imports;

    UnitImportResource(UnitImportService imports) {
        this.imports = imports;
    }

    /**
     * Checks every row by the rules of {@code POST /v1/units} and answers 200 with each row's problems; unless
     * {@code dry_run} or a row has a problem, writes every row's unit in one transaction (with {@code unit.created})
     * and answers each row's unit. A row written before under the same {@code import_key} is answered with its
     * unit and {@code created: false}, never written twice. 422 naming {@code import_key}, {@code dry_run},
     * {@code units} (1 to 500) or a missing, below 2 or repeated {@code units[i].row}.
     */
    @PostMapping(PATH)
    Mono<Envelopes.Data<UnitImportAnswer>> run(Caller caller, @RequestBody UnitImportBatch batch) {
        return Callers.peerService().flatMap(peer -> imports.run(peer, batch)).map(Envelopes::data);
    }
}
