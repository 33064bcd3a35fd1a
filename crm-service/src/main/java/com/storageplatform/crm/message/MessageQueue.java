package com.storageplatform.crm.message;

import com.storageplatform.crm.deal.DealActivity;
import com.storageplatform.kit.caller.Environment;
import com.storageplatform.kit.db.AfterCommit;
import com.storageplatform.kit.polling.WakeUpSignal;
import java.time.Instant;
import java.util.UUID;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Where every new message is stored, from the API and from the owners' events alike: in the caller's transaction,
 * with activity recorded on the customer's open deals, and the sender woken once it commits when the message is
 * queued now. Nothing is handed to a provider inside the transaction.
 */
@Component
class MessageQueue {

    private final MessageRepository messages;
    private final DealActivity deals;
    private final WakeUpSignal sender;

    MessageQueue(MessageRepository messages, DealActivity deals, @Qualifier("messageSignal") WakeUpSignal sender) {
        this.messages = messages;
        this.deals = deals;
        this.sender = sender;
    }

    /**
     * Stores {@code message}; when it is queued it is handed over at {@code due} (now, or later for a receipt that
     * waits for its payment to settle). False when it was not stored: the account already has this template's
     * message about the same record.
     */
    Mono<Boolean> add(UUID accountId, UUID operatorId, Environment environment, Message message, Instant due) {
        boolean queued = Message.QUEUED.equals(message.status());
        return messages.insert(accountId, operatorId, environment, message, queued ? due : null)
                .flatMap(stored -> !stored ? Mono.just(false)
                        : deals.touchCustomer(accountId, message.contactId(), message.createdAt())
                                .then(queued && !due.isAfter(message.createdAt()) ? AfterCommit.run(sender::wake)
                                        : Mono.empty())
                                .thenReturn(true));
    }
}
