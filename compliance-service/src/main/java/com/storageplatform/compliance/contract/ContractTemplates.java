package com.storageplatform.compliance.contract;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.FieldIssue;
import com.storageplatform.kit.web.Patch;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * The licence wording of each account: its own, else the default; and the operator's changes to it. Each change
 * is a new version, which the contracts made from it record.
 */
@Component
class ContractTemplates {

    static final int MAX_TITLE = 200;
    static final int MAX_BODY = 20_000;

    private final ContractTemplateRepository templates;
    private final Clock clock;

    ContractTemplates(ContractTemplateRepository templates, Clock clock) {
        this.templates = templates;
        this.clock = clock;
    }

    /** The wording the account's licence documents are made from, and its version. */
    record Wording(LicenceTemplate template, int version) {
    }

    Mono<Wording> licence(UUID accountId) {
        return templates.find(accountId, LicenceTemplate.NAME)
                .map(own -> new Wording(own.template(), own.version()))
                .defaultIfEmpty(new Wording(LicenceTemplate.DEFAULT, 0));
    }

    Mono<ContractTemplate> read(UUID accountId, String name) {
        return known(name).then(templates.find(accountId, name)
                .map(ContractTemplates::resource)
                .defaultIfEmpty(resource(null)));
    }

    /**
     * The fields sent change; {@code null} restores that part's default. Every bad field in one 422: a placeholder
     * the template does not have, or a character the document's font cannot show, is {@code invalid}, named in the
     * message. A change that changes nothing answers the template as it is, at the same version.
     */
    Mono<ContractTemplate> update(Caller caller, String name, ContractTemplateChanges changes) {
        UUID account = caller.accountId();
        return known(name).then(templates.findForUpdate(account, name)
                .map(own -> new Wording(own.template(), own.version()))
                .defaultIfEmpty(new Wording(LicenceTemplate.DEFAULT, 0)))
                .flatMap(current -> {
                    Validation v = Validation.start();
                    List<String> why = new ArrayList<>();
                    String title = part(v, why, "title", changes.title(), current.template().title(),
                            LicenceTemplate.DEFAULT.title());
                    String body = part(v, why, "body", changes.body(), current.template().body(),
                            LicenceTemplate.DEFAULT.body());
                    if (v.issues().size() == 1 && !why.isEmpty()) {
                        throw ApiException.invalid(v.issues().get(0).field(), FieldIssue.INVALID,
                                String.join(" ", why));
                    }
                    v.orThrow();
                    LicenceTemplate changed = new LicenceTemplate(title, body);
                    if (changed.equals(current.template())) {
                        return read(account, name);
                    }
                    return templates.save(account, name, changed, clock.instant()).then(read(account, name));
                });
    }

    /** 404 for a template name there is none of. */
    private static Mono<Void> known(String name) {
        return ContractTemplate.NAMES.contains(name) ? Mono.empty() : Mono.error(ApiException.notFound("template"));
    }

    /** One part after the change, judged; {@code why} collects what to tell about an {@code invalid} one. */
    private static String part(Validation v, List<String> why, String field, Patch<String> sent, String current,
            String fallback) {
        if (sent == null) {
            return current;
        }
        if (sent.isNull()) {
            return fallback;
        }
        String text = sent.value().isBlank() ? null : sent.value().strip();
        boolean title = "title".equals(field);
        v.require(field, text).maxLength(field, text, title ? MAX_TITLE : MAX_BODY).printable(field, text, !title);
        if (text != null && !v.has(field)) {
            List<String> unknown = LicenceTemplate.unknownPlaceholders(text);
            List<String> undrawable = LicenceDocument.undrawable(text);
            if (!unknown.isEmpty()) {
                why.add("The " + field + " uses placeholders a licence template does not have: "
                        + String.join(", ", unknown) + "; it has " + String.join(", ", LicenceTemplate.PLACEHOLDERS)
                        + ".");
            } else if (!undrawable.isEmpty()) {
                why.add("The " + field + " has characters the licence document's font cannot show: "
                        + String.join(", ", undrawable) + ".");
            }
            v.check(!unknown.isEmpty() || !undrawable.isEmpty(), field, FieldIssue.INVALID);
        }
        return text;
    }

    private static ContractTemplate resource(ContractTemplateRepository.Own own) {
        LicenceTemplate wording = own == null ? LicenceTemplate.DEFAULT : own.template();
        return new ContractTemplate(ContractTemplate.OBJECT, LicenceTemplate.NAME, wording.title(), wording.body(),
                LicenceTemplate.PLACEHOLDERS, wording.equals(LicenceTemplate.DEFAULT), own == null ? 0 : own.version(),
                own == null ? null : own.updatedAt());
    }
}
