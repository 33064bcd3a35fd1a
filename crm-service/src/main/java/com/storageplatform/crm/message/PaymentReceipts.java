package com.storageplatform.crm.message;

import com.storageplatform.crm.internal.AccountSettings;
import com.storageplatform.kit.inbox.ConsumedEvent;
import com.storageplatform.kit.inbox.EventData;
import com.storageplatform.kit.inbox.EventHandler;
import java.math.BigDecimal;
import java.text.NumberFormat;
import java.time.Clock;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Currency;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * The payment receipt (template {@code payment_receipt}) from billing's events. {@code payment.succeeded} of money
 * taken in ({@code direction: payment}) queues it: at once for a card or an offline payment, after the settle delay
 * for a Direct Debit ({@code bacs_dd}, {@link SendingSettings#receiptSettleDelay}), because the bank can still
 * return a collection in its first days. {@code payment.failed} of that payment while its receipt still waits (a
 * Direct Debit returned before it reached the operator) blocks the receipt: {@code payment_not_received}. A receipt
 * already handed over stays as it is.
 */
@Component
class PaymentReceipts implements EventHandler {

    private final TransactionalEmails emails;
    private final MessageRepository messages;
    private final AccountSettings settings;
    private final SendingSettings sending;
    private final Clock clock;

    PaymentReceipts(TransactionalEmails emails, MessageRepository messages, AccountSettings settings,
            SendingSettings sending, Clock clock) {
        this.emails = emails;
        this.messages = messages;
        this.settings = settings;
        this.sending = sending;
        this.clock = clock;
    }

    @Override
    public String topic() {
        return "billing.events";
    }

    @Override
    public Set<String> types() {
        return Set.of("payment.succeeded", "payment.failed");
    }

    @Override
    public Mono<Void> handle(ConsumedEvent event) {
        JsonNode payment = event.data();
        UUID id = EventData.id(payment, "id");
        if (event.accountId() == null || id == null) {
            return Mono.empty();
        }
        if ("payment.failed".equals(event.type())) {
            return messages.blockQueued(event.accountId(), Message.PAYMENT_RECEIPT, id, Message.PAYMENT_NOT_RECEIVED,
                    clock.instant()).then();
        }
        UUID contactId = EventData.id(payment, "contact_id");
        if (contactId == null || "refund".equals(EventData.text(payment, "direction"))) {
            return Mono.empty();
        }
        Instant now = clock.instant();
        Instant due = "bacs_dd".equals(EventData.text(payment, "rail")) ? now.plus(sending.receiptSettleDelay())
                : now;
        return settings.of(event.accountId()).map(AccountSettings.Settings::timezone)
                .defaultIfEmpty(java.time.ZoneOffset.UTC)
                .flatMap(zone -> {
                    Map<String, String> values = new HashMap<>();
                    values.put("amount", amount(payment.path("amount_minor").asLong(0),
                            EventData.text(payment, "currency")));
                    values.put("paid_on", paidOn(EventData.text(payment, "charged_at"), event.time())
                            .atZone(zone).toLocalDate().toString());
                    values.put("description", EventData.text(payment, "description"));
                    values.put("payment_id", id.toString());
                    return emails.queue(event, contactId, Message.PAYMENT_RECEIPT, "payment", id, values, due);
                });
    }

    /** {@code £45.00}: the amount in its currency's minor units, written as people in the UK read it. */
    static String amount(long minor, String currency) {
        Currency unit;
        try {
            unit = Currency.getInstance(currency == null ? "" : currency);
        } catch (IllegalArgumentException unknown) {
            return minor + (currency == null ? "" : " " + currency);
        }
        int digits = Math.max(unit.getDefaultFractionDigits(), 0);
        NumberFormat format = NumberFormat.getCurrencyInstance(Locale.UK);
        format.setCurrency(unit);
        format.setMinimumFractionDigits(digits);
        format.setMaximumFractionDigits(digits);
        return format.format(BigDecimal.valueOf(minor).movePointLeft(digits));
    }

    private static Instant paidOn(String chargedAt, Instant eventTime) {
        try {
            return chargedAt == null ? eventTime : Instant.parse(chargedAt);
        } catch (DateTimeParseException notATime) {
            return eventTime;
        }
    }
}
