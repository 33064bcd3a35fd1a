package com.storageplatform.crm.message;

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
 * {@code /v1/message-templates/{name}}, one per template ({@code unit_ready}, {@code payment_receipt}) (scopes
 * {@code messages:read} and {@code messages:write}, at the gateway).
 */
@RestController
@ScopeFamily("messages")
class TemplateResource {

    private final Templates templates;

    TemplateResource(Templates templates) {
        this.templates = templates;
    }

    /** The template: the operator's wording, else the default ({@code is_default}). 404 for another name. */
    @GetMapping("/v1/message-templates/{name}")
    Mono<Envelopes.Data<MessageTemplate>> read(Caller caller, @PathVariable String name) {
        return templates.read(caller.accountId(), name).map(Envelopes::data);
    }

    /**
     * Changes the fields sent; {@code null} restores that part's default. The subject is one line of at most 200
     * characters, the body at most 20000; both use only the template's {@code placeholders} (422 {@code invalid}
     * otherwise, the message naming them). Emails already made keep their wording.
     */
    @PatchMapping("/v1/message-templates/{name}")
    Mono<Envelopes.Data<MessageTemplate>> update(Caller caller, @PathVariable String name,
            @RequestBody TemplateChanges body) {
        return templates.update(caller, name, body).map(Envelopes::data);
    }
}
