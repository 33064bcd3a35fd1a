package com.storageplatform.crm.message;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.FieldIssue;
import com.storageplatform.kit.web.Patch;
import java.time.Clock;
import java.util.List;
import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** The wording each template has for an account: its own, else the default; and the operator's changes to it. */
@Component
class Templates {

    private final TemplateRepository templates;
    private final Clock clock;

    Templates(TemplateRepository templates, Clock clock) {
        this.templates = templates;
        this.clock = clock;
    }

    /** The wording the account's emails of this template are written from. */
    Mono<Template> of(UUID accountId, String name) {
        return read(accountId, name).map(t -> new Template(t.name(), t.subject(), t.body()));
    }

    Mono<MessageTemplate> read(UUID accountId, String name) {
        if (!Message.TEMPLATES.contains(name)) {
            return Mono.error(ApiException.notFound());
        }
        return templates.find(accountId, name)
                .map(own -> resource(own.template(), false, own))
                .defaultIfEmpty(resource(Template.defaultOf(name), true, null));
    }

    /**
     * The fields sent change; {@code null} restores that part's default. Every bad field in one 422; a
     * placeholder the template does not have is {@code invalid}, named in the message, and so is a body without the
     * placeholder it exists to carry ({@code {{link}}} of {@code id_check_link}). Back to the default wording
     * in both parts, the account uses the default again.
     */
    Mono<MessageTemplate> update(Caller caller, String name, TemplateChanges changes) {
        return read(caller.accountId(), name).flatMap(current -> {
            Template fallback = Template.defaultOf(name);
            Validation v = Validation.start();
            String subject = part(v, name, "subject", changes.subject(), current.subject(), fallback.subject());
            String body = part(v, name, "body", changes.body(), current.body(), fallback.body());
            List<String> unknown = new java.util.ArrayList<>(Template.unknownPlaceholders(name, subject));
            unknown.addAll(Template.unknownPlaceholders(name, body));
            if (v.issues().size() == 1 && !unknown.isEmpty()) {
                throw ApiException.invalid(v.issues().get(0).field(), FieldIssue.INVALID, "The " + name
                        + " template has no placeholder " + String.join(", ", unknown) + "; it has "
                        + String.join(", ", Template.PLACEHOLDERS.get(name)) + ".");
            }
            String missing = v.has("body") ? null : Template.missingFromBody(name, body);
            if (v.isValid() && missing != null) {
                throw ApiException.invalid("body", FieldIssue.INVALID, "The " + name + " template's body must use "
                        + "{{" + missing + "}}: the email exists to carry it.");
            }
            v.check(missing != null, "body", FieldIssue.INVALID).orThrow();
            Template changed = new Template(name, subject, body);
            Mono<Void> saved = changed.equals(fallback) ? templates.delete(caller.accountId(), name)
                    : templates.save(caller.accountId(), changed, clock.instant());
            return saved.then(Mono.defer(() -> read(caller.accountId(), name)));
        });
    }

    private static String part(Validation v, String name, String field, Patch<String> sent, String current,
            String fallback) {
        if (sent == null) {
            return current;
        }
        if (sent.isNull()) {
            return fallback;
        }
        String text = sent.value().isBlank() ? null : sent.value().strip();
        boolean subject = "subject".equals(field);
        v.require(field, text).maxLength(field, text, subject ? MessageRules.MAX_SUBJECT : MessageRules.MAX_EMAIL_BODY)
                .printable(field, text, !subject)
                .check(text != null && !Template.unknownPlaceholders(name, text).isEmpty(), field,
                        FieldIssue.INVALID);
        return text;
    }

    private static MessageTemplate resource(Template template, boolean isDefault, TemplateRepository.Own own) {
        return new MessageTemplate(MessageTemplate.OBJECT, template.name(), template.subject(), template.body(),
                Template.PLACEHOLDERS.get(template.name()), isDefault, own == null ? null : own.updatedAt());
    }
}
