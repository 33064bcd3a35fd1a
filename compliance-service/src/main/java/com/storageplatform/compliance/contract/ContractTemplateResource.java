package com.storageplatform.compliance.contract;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.openapi.ScopeFamily;
import com.storageplatform.kit.web.Envelopes;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * {@code /v1/contract-templates/{name}}, one per template ({@code licence}) (scopes {@code compliance:read} and
 * {@code compliance:write}, at the gateway).
 */
@RestController
@ScopeFamily("compliance")
class ContractTemplateResource {

    private final ContractTemplates templates;

    ContractTemplateResource(ContractTemplates templates) {
        this.templates = templates;
    }

    /** The template: the operator's wording, else the default ({@code is_default}). 404 for another name. */
    @GetMapping("/v1/contract-templates/{name}")
    Mono<Envelopes.Data<ContractTemplate>> read(Caller caller, @PathVariable String name) {
        return templates.read(caller.accountId(), name).map(Envelopes::data);
    }

    /**
     * Changes the fields sent; {@code null} restores that part's default. The title is one line of at most 200
     * characters, the body at most 20000; both use only the template's {@code placeholders} and characters the
     * document's font can show (422 {@code invalid} otherwise, the message naming them). Each change is the
     * template's next {@code version}; documents already made keep their wording.
     */
    @PatchMapping("/v1/contract-templates/{name}")
    Mono<Envelopes.Data<ContractTemplate>> update(Caller caller, @PathVariable String name,
            @RequestBody ContractTemplateChanges body) {
        return templates.update(caller, name, body).map(Envelopes::data);
    }
}
