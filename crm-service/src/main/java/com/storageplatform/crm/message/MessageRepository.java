package com.storageplatform.crm.message;

import static com.storageplatform.kit.db.Bindings.nullable;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.Environment;
import com.storageplatform.kit.db.AccountStatement;
import com.storageplatform.kit.paging.ListQuery;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.web.Envelopes;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.r2dbc.core.DatabaseClient.GenericExecuteSpec;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The {@code messages} table. Every statement is bound to one account, except the sender's claim and the lookup of
 * a provider's report, which find messages of any account (each says why).
 */
@Repository
class MessageRepository {

    private static final String COLUMNS = """
            account_id, id, operator_id, environment, contact_id, channel, kind, template, subject, body, recipient,
            status, blocked_reason, provider, provider_message_id, failure_reason, related_object, related_id,
            attempts, sent_at, delivered_at, bounced_at, created_at, updated_at
            """;

    private final DatabaseClient db;

    MessageRepository(DatabaseClient db) {
        this.db = db;
    }

    /**
     * A message with what crm keeps beside it: whose account it is (to act as it outside a request) and how often
     * it was handed over.
     */
    record Stored(UUID accountId, UUID operatorId, Environment environment, int attempts, Message message) {

        Caller actingAs(String credential, String requestId) {
            return Caller.actingFor(accountId, operatorId, environment, credential, requestId);
        }
    }

    /** The list's filters; null filters nothing. */
    record Filters(UUID contactId, String status, String channel, String kind) {
    }

    /**
     * Stores a new message, queued to be handed over at {@code due} (null for one blocked or failed already). A
     * message of a template the account has already made for the same record is not stored again: false.
     */
    Mono<Boolean> insert(UUID accountId, UUID operatorId, Environment environment, Message m, Instant due) {
        GenericExecuteSpec insert = AccountStatement.sql(db, accountId, """
                INSERT INTO messages (account_id, id, operator_id, environment, contact_id, channel, kind, template,
                       subject, body, recipient, status, blocked_reason, failure_reason, related_object, related_id,
                       next_attempt_at, created_at, updated_at)
                VALUES (:account_id, :id, :operator_id, :environment, :contact_id, :channel, :kind, :template,
                       :subject, :body, :recipient, :status, :blocked_reason, :failure_reason, :related_object,
                       :related_id, :next_attempt_at, :created_at, :updated_at)
                ON CONFLICT (account_id, template, related_id) WHERE template IS NOT NULL DO NOTHING
                """)
                .bind("id", m.id())
                .bind("environment", environment.value())
                .bind("contact_id", m.contactId())
                .bind("channel", m.channel())
                .bind("kind", m.kind())
                .bind("body", m.body())
                .bind("status", m.status())
                .bind("created_at", m.createdAt())
                .bind("updated_at", m.updatedAt());
        insert = nullable(insert, "operator_id", operatorId, UUID.class);
        insert = nullable(insert, "template", m.template(), String.class);
        insert = nullable(insert, "subject", m.subject(), String.class);
        insert = nullable(insert, "recipient", m.to(), String.class);
        insert = nullable(insert, "blocked_reason", m.blockedReason(), String.class);
        insert = nullable(insert, "failure_reason", m.failureReason(), String.class);
        insert = nullable(insert, "related_object", m.relatedObject(), String.class);
        insert = nullable(insert, "related_id", m.relatedId(), UUID.class);
        insert = nullable(insert, "next_attempt_at", due, Instant.class);
        return insert.fetch().rowsUpdated().map(rows -> rows > 0);
    }

    Mono<Message> find(UUID accountId, UUID id) {
        return AccountStatement.sql(db, accountId,
                        "SELECT " + COLUMNS + " FROM messages WHERE account_id = :account_id AND id = :id")
                .bind("id", id)
                .map(MessageRepository::toMessage)
                .one();
    }

    Mono<Envelopes.ListOf<Message>> list(Caller caller, Filters f, PageRequest page) {
        return ListQuery.from("SELECT " + COLUMNS + " FROM messages", caller.accountId())
                .where("contact_id = :contact_id", "contact_id", f.contactId())
                .where("status = :status", "status", f.status())
                .where("channel = :channel", "channel", f.channel())
                .where("kind = :kind", "kind", f.kind())
                .page(db, page, MessageRepository::toMessage);
    }

    /**
     * Leases up to {@code limit} queued messages that are due, oldest due first, to be handed over until
     * {@code leaseUntil}, counting the attempt. Messages of every account: the sender serves them all, and a
     * message's account is bound again in every statement that changes it. {@code SKIP LOCKED} and the lease keep
     * two senders off the same message.
     */
    Flux<Stored> claimDue(Instant now, Instant leaseUntil, int limit) {
        return db.sql("""
                UPDATE messages m SET lease_until = :lease_until, attempts = m.attempts + 1
                  FROM (SELECT account_id, id FROM messages
                         WHERE status = 'queued' AND next_attempt_at <= :now
                           AND (lease_until IS NULL OR lease_until <= :now)
                         ORDER BY next_attempt_at LIMIT :limit FOR UPDATE SKIP LOCKED) due
                 WHERE m.account_id = due.account_id AND m.id = due.id
                RETURNING m.account_id, m.id, m.operator_id, m.environment, m.contact_id, m.channel, m.kind,
                          m.template, m.subject, m.body, m.recipient, m.status, m.blocked_reason, m.provider,
                          m.provider_message_id, m.failure_reason, m.related_object, m.related_id, m.attempts,
                          m.sent_at, m.delivered_at, m.bounced_at, m.created_at, m.updated_at
                """)
                .bind("now", now)
                .bind("lease_until", leaseUntil)
                .bind("limit", limit)
                .map(MessageRepository::toStored)
                .all();
    }

    /** The provider took the leased message: {@code sent}. Empty when it is no longer queued. */
    Mono<Message> sent(UUID accountId, UUID id, String to, String provider, String providerMessageId, Instant at) {
        return AccountStatement.sql(db, accountId, """
                UPDATE messages SET status = 'sent', recipient = :recipient, provider = :provider,
                       provider_message_id = :provider_message_id, sent_at = :at, failure_reason = NULL,
                       lease_until = NULL, next_attempt_at = NULL, updated_at = :at
                 WHERE account_id = :account_id AND id = :id AND status = 'queued'
                RETURNING""" + " " + COLUMNS)
                .bind("id", id).bind("recipient", to).bind("provider", provider)
                .bind("provider_message_id", providerMessageId).bind("at", at)
                .map(MessageRepository::toMessage)
                .one();
    }

    /**
     * The leased message ends without being sent: {@code blocked} with a reason, or {@code failed} with why. Empty
     * when it is no longer queued.
     */
    Mono<Message> ended(UUID accountId, UUID id, String status, String blockedReason, String failureReason,
            String to, String provider, Instant at) {
        GenericExecuteSpec update = AccountStatement.sql(db, accountId, """
                UPDATE messages SET status = :status, blocked_reason = :blocked_reason,
                       failure_reason = :failure_reason, recipient = :recipient, provider = :provider,
                       lease_until = NULL, next_attempt_at = NULL, updated_at = :at
                 WHERE account_id = :account_id AND id = :id AND status = 'queued'
                RETURNING""" + " " + COLUMNS)
                .bind("id", id).bind("status", status).bind("at", at);
        update = nullable(update, "blocked_reason", blockedReason, String.class);
        update = nullable(update, "failure_reason", failureReason, String.class);
        update = nullable(update, "recipient", to, String.class);
        update = nullable(update, "provider", provider, String.class);
        return update.map(MessageRepository::toMessage).one();
    }

    /** The provider could not take the message now: queued again for {@code next}, with why it failed. */
    Mono<Void> retryAt(UUID accountId, UUID id, Instant next, String failureReason, Instant at) {
        return AccountStatement.sql(db, accountId, """
                UPDATE messages SET next_attempt_at = :next, failure_reason = :failure_reason, lease_until = NULL,
                       updated_at = :at
                 WHERE account_id = :account_id AND id = :id AND status = 'queued'
                """)
                .bind("id", id).bind("next", next).bind("failure_reason", failureReason).bind("at", at)
                .then();
    }

    /**
     * The message a provider's report names, locked. Any account's: the report names the provider's id only, and
     * (provider, provider_message_id) is unique across accounts.
     */
    Mono<Stored> findByProviderRefForUpdate(String provider, String providerMessageId) {
        return db.sql("SELECT " + COLUMNS + """
                 FROM messages WHERE provider = :provider AND provider_message_id = :ref FOR UPDATE
                """)
                .bind("provider", provider)
                .bind("ref", providerMessageId)
                .map(MessageRepository::toStored)
                .one();
    }

    /** A {@code sent} message reported delivered or bounced. */
    Mono<Message> reported(UUID accountId, UUID id, String status, String failureReason, Instant at) {
        String stamp = Message.DELIVERED.equals(status) ? "delivered_at" : "bounced_at";
        GenericExecuteSpec update = AccountStatement.sql(db, accountId, "UPDATE messages SET status = :status, "
                + stamp + " = :at, failure_reason = :failure_reason, updated_at = :at"
                + " WHERE account_id = :account_id AND id = :id AND status = 'sent' RETURNING " + COLUMNS)
                .bind("id", id).bind("status", status).bind("at", at);
        return nullable(update, "failure_reason", failureReason, String.class)
                .map(MessageRepository::toMessage).one();
    }

    /**
     * Blocks the account's queued messages of {@code template} about {@code relatedId} that no sender holds now
     * (one being handed over has reached the provider already).
     */
    Flux<Message> blockQueued(UUID accountId, String template, UUID relatedId, String reason, Instant now) {
        return AccountStatement.sql(db, accountId, """
                UPDATE messages SET status = 'blocked', blocked_reason = :reason, next_attempt_at = NULL,
                       updated_at = :now
                 WHERE account_id = :account_id AND template = :template AND related_id = :related_id
                   AND status = 'queued' AND (lease_until IS NULL OR lease_until <= :now)
                RETURNING""" + " " + COLUMNS)
                .bind("template", template).bind("related_id", relatedId).bind("reason", reason).bind("now", now)
                .map(MessageRepository::toMessage)
                .all();
    }

    private static Stored toStored(Readable row) {
        return new Stored(row.get("account_id", UUID.class), row.get("operator_id", UUID.class),
                Environment.of(row.get("environment", String.class)), row.get("attempts", Integer.class),
                toMessage(row));
    }

    private static Message toMessage(Readable row) {
        return new Message(row.get("id", UUID.class), Message.OBJECT, row.get("contact_id", UUID.class),
                row.get("channel", String.class), row.get("kind", String.class), row.get("template", String.class),
                row.get("subject", String.class), row.get("body", String.class), row.get("recipient", String.class),
                row.get("status", String.class), row.get("blocked_reason", String.class),
                row.get("provider", String.class), row.get("provider_message_id", String.class),
                row.get("failure_reason", String.class), row.get("related_object", String.class),
                row.get("related_id", UUID.class), row.get("sent_at", Instant.class),
                row.get("delivered_at", Instant.class), row.get("bounced_at", Instant.class),
                row.get("created_at", Instant.class), row.get("updated_at", Instant.class));
    }
}
