package com.storageplatform.crm.message;

import com.storageplatform.crm.internal.AccountSettings;
import com.storageplatform.crm.internal.Customers;
import com.storageplatform.crm.message.MessageRules.Block;
import com.storageplatform.crm.message.MessageRules.NoAddress;
import com.storageplatform.crm.message.MessageRules.Verdict;
import com.storageplatform.kit.caller.Environment;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.inbox.ConsumedEvent;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * The emails crm writes itself on the owners' events: to a customer ({@link UnitReadyEmails},
 * {@link PaymentReceipts}, {@link IdCheckLinkEmails}, {@link DunningEmails}), and notices to the operator ({@link WebhookDisabledNotices}). The account's template
 * (its own wording, else the default) filled from the event, stored in the event's inbox transaction like any
 * message (queued, blocked, or failed for a contact without an email address) and sent by the sender. One per
 * template and record (and occasion, for a notice), however often the event arrives. A customer crm does not know
 * (or the walk-in sales record, which has no address) gets none, and so does an operator without a notification
 * email.
 */
@Component
class TransactionalEmails {

    private static final Logger log = LoggerFactory.getLogger(TransactionalEmails.class);

    private final Customers customers;
    private final AccountSettings settings;
    private final Templates templates;
    private final MessageQueue queue;
    private final Clock clock;

    TransactionalEmails(Customers customers, AccountSettings settings, Templates templates, MessageQueue queue,
            Clock clock) {
        this.customers = customers;
        this.settings = settings;
        this.templates = templates;
        this.queue = queue;
        this.clock = clock;
    }

    /**
     * Queues the {@code template} email about the record for the event's account, to be handed over at
     * {@code due}; {@code values} fill its placeholders, the contact's names added.
     */
    Mono<Void> queue(ConsumedEvent event, UUID contactId, String template, String relatedObject, UUID relatedId,
            Map<String, String> values, Instant due) {
        return queue(event, contactId, template, relatedObject, relatedId, null, values, due);
    }

    /**
     * As {@link #queue(ConsumedEvent, UUID, String, String, UUID, Map, Instant)}, one per template, record and
     * {@code occasion}: for a template sent more than once about the same record (a dunning step of a collections
     * case, each notice of a sale).
     */
    Mono<Void> queue(ConsumedEvent event, UUID contactId, String template, String relatedObject, UUID relatedId,
            String occasion, Map<String, String> values, Instant due) {
        Environment environment = environment(event, template);
        if (environment == null) {
            return Mono.empty();
        }
        UUID account = event.accountId();
        return customers.contact(account, contactId)
                .switchIfEmpty(Mono.fromRunnable(() -> log.info("Event {} ({}) is about contact {}, whom crm does "
                        + "not know or who is the walk-in record; no {} email", event.id(), event.type(), contactId,
                        template)))
                .flatMap(contact -> templates.of(account, template).flatMap(wording -> {
                    Map<String, String> all = new HashMap<>(values);
                    all.put("first_name", contact.firstName());
                    all.put("last_name", contact.lastName());
                    Template filled = wording.fill(all);
                    Verdict verdict = MessageRules.judge(Message.EMAIL, Message.TRANSACTIONAL, contact);
                    String status = verdict instanceof Block ? Message.BLOCKED
                            : verdict instanceof NoAddress ? Message.FAILED : Message.QUEUED;
                    Instant now = clock.instant();
                    Message message = new Message(Ids.newId(), Message.OBJECT, contactId, Message.EMAIL,
                            Message.TRANSACTIONAL, template, filled.subject(), filled.body(), verdict.to(), status,
                            verdict instanceof Block block ? block.reason() : null, null, null,
                            verdict instanceof NoAddress ? "The contact has no email address." : null, relatedObject,
                            relatedId, null, null, null, now, now);
                    return queue.add(account, event.operatorId(), environment, message, occasion,
                            due.isBefore(now) ? now : due);
                }))
                .then();
    }

    /**
     * Queues the {@code template} notice about the record to the operator of the event's account, at their
     * {@code notification_email} as it is now, which stays its address; {@code values} fill its placeholders, given
     * the operator's time zone. An operator without a notification email gets none. One per template, record and
     * {@code occasion}.
     */
    Mono<Void> notifyOperator(ConsumedEvent event, String template, String relatedObject, UUID relatedId,
            String occasion, Function<ZoneId, Map<String, String>> values) {
        Environment environment = environment(event, template);
        if (environment == null) {
            return Mono.empty();
        }
        UUID account = event.accountId();
        return settings.of(account).flatMap(operator -> {
            String to = operator.notificationEmail();
            if (to == null) {
                log.info("Event {} ({}): the operator of account {} has no notification email; no {} notice",
                        event.id(), event.type(), account, template);
                return Mono.empty();
            }
            return templates.of(account, template).flatMap(wording -> {
                Template filled = wording.fill(values.apply(operator.timezone()));
                Verdict verdict = MessageRules.judge(Message.EMAIL, to);
                Instant now = clock.instant();
                Message message = new Message(Ids.newId(), Message.OBJECT, null, Message.EMAIL,
                        Message.TRANSACTIONAL, template, filled.subject(), filled.body(), to,
                        verdict instanceof Block ? Message.BLOCKED : Message.QUEUED,
                        verdict instanceof Block block ? block.reason() : null, null, null, null, relatedObject,
                        relatedId, null, null, null, now, now);
                return queue.add(account, event.operatorId(), environment, message, occasion, now);
            });
        }).then();
    }

    /** The environment of the event's account; null (logged) when the event names no account or environment. */
    private static Environment environment(ConsumedEvent event, String template) {
        Environment environment = Environment.find(event.environment()).orElse(null);
        if (environment == null || event.accountId() == null) {
            log.warn("Event {} ({}) names no account or environment; no {} email", event.id(), event.type(),
                    template);
            return null;
        }
        return environment;
    }
}
