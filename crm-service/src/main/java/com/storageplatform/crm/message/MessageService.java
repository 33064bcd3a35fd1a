package com.storageplatform.crm.message;

import com.storageplatform.crm.internal.Customers;
import com.storageplatform.crm.message.MessageRules.NoAddress;
import com.storageplatform.crm.message.MessageRules.Terms;
import com.storageplatform.crm.message.MessageRules.Verdict;
import com.storageplatform.crm.message.provider.MessageProviders;
import com.storageplatform.kit.caller.ActorType;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.Envelopes;
import com.storageplatform.kit.web.FieldIssue;
import java.time.Clock;
import java.time.Instant;
import java.util.UUID;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Mono;

/**
 * Messages of the caller's account: the transaction of each request. A new message is stored {@code queued} (the
 * sender hands it to its provider after the commit) or {@code blocked}; a member of staff reads every message with
 * the links that act as the customer hidden.
 */
@Service
class MessageService {

    private final MessageRepository messages;
    private final MessageQueue queue;
    private final Customers customers;
    private final MessageProviders providers;
    private final Clock clock;

    MessageService(MessageRepository messages, MessageQueue queue, Customers customers, MessageProviders providers,
            Clock clock) {
        this.messages = messages;
        this.queue = queue;
        this.customers = customers;
        this.providers = providers;
        this.clock = clock;
    }

    /**
     * 201 with the message: {@code blocked} when the spec says it must never reach a provider (a marketing message to
     * a contact who answered {@code no}, an email to a reserved domain), else {@code queued}. Every bad field and an
     * unknown contact or the walk-in record in one 422; a contact without an address of the channel is 422 on
     * {@code contact_id}; a live account whose channel is not set up is 409.
     */
    Mono<Message> create(Caller caller, CreateMessage body) {
        return Mono.defer(() -> {
            Validation v = Validation.start();
            Terms t = MessageRules.check(v, body);
            UUID account = caller.accountId();
            Mono<Void> customer = t.contactId() == null ? Mono.empty() : customers.find(account, t.contactId())
                    .doOnNext(found -> v.check(found.walkIn(), "contact_id", FieldIssue.NOT_ALLOWED))
                    .switchIfEmpty(Mono.fromRunnable(() -> v.add("contact_id", FieldIssue.NOT_FOUND)))
                    .then();
            return customer.then(Mono.defer(() -> {
                v.orThrow();
                return customers.contact(account, t.contactId());
            })).flatMap(contact -> {
                Verdict verdict = MessageRules.judge(t.channel(), t.kind(), contact);
                if (verdict instanceof NoAddress) {
                    throw ApiException.invalid("contact_id", FieldIssue.NOT_ALLOWED, Message.EMAIL.equals(t.channel())
                            ? "The contact has no email address: add one to the contact before emailing them."
                            : "The contact has no phone number: add one to the contact before sending an SMS.");
                }
                boolean blocked = verdict instanceof MessageRules.Block;
                if (!blocked && providers.of(caller.environment(), t.channel()).isEmpty()) {
                    throw ApiException.conflict(MessageProviders.notSetUp(t.channel()));
                }
                Instant now = clock.instant();
                Message message = new Message(Ids.newId(), Message.OBJECT, t.contactId(), t.channel(), t.kind(),
                        null, t.subject(), t.body(), verdict.to(), blocked ? Message.BLOCKED : Message.QUEUED,
                        blocked ? ((MessageRules.Block) verdict).reason() : null, null, null, null, null, null, null,
                        null, null, now, now);
                return queue.add(account, caller.operatorId(), caller.environment(), message, now)
                        .thenReturn(message);
            });
        }).map(message -> as(caller, message));
    }

    Mono<Message> read(Caller caller, UUID id) {
        return messages.find(caller.accountId(), id)
                .switchIfEmpty(Mono.error(ApiException.notFound()))
                .map(message -> as(caller, message));
    }

    Mono<Envelopes.ListOf<Message>> list(Caller caller, MessageRepository.Filters filters, PageRequest page) {
        return messages.list(caller, filters, page)
                .map(list -> new Envelopes.ListOf<>(list.data().stream().map(m -> as(caller, m)).toList(),
                        list.meta()));
    }

    /** The message as the caller reads it: a member of staff with the links that act as the customer hidden. */
    static Message as(Caller caller, Message message) {
        return caller.actorType() == ActorType.STAFF ? MessageRules.forStaff(message) : message;
    }
}
