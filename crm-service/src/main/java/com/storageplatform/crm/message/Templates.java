package com.storageplatform.crm.message;

import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** The wording a template has for an account: its own, else the default. */
@Component
class Templates {

    private final TemplateRepository templates;

    Templates(TemplateRepository templates) {
        this.templates = templates;
    }

    Mono<Template> of(UUID accountId, String name) {
        return templates.find(accountId, name).map(TemplateRepository.Own::template)
                .defaultIfEmpty(Template.defaultOf(name));
    }
}
