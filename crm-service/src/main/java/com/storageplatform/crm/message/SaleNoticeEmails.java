package com.storageplatform.crm.message;

import com.storageplatform.crm.internal.Records;
import com.storageplatform.kit.inbox.ConsumedEvent;
import com.storageplatform.kit.inbox.EventData;
import com.storageplatform.kit.inbox.EventHandler;
import java.time.Clock;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * A lien sale's notice to the customer (template {@code sale_notice}): on billing's internal
 * {@code sale_process.notice_due} (data: the sale process, with {@code notice}: the notice going out), a
 * transactional email stating the sum owed and the date of sale, about the sale process, one per notice (the
 * notice of intention to sell and each reminder: the occasion is the notice's index).
 */
@Component
class SaleNoticeEmails implements EventHandler {

    /** {@code 7 May 2027}: a date as people in the UK write it. */
    static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("d MMMM yyyy", Locale.UK);
    private static final Logger log = LoggerFactory.getLogger(SaleNoticeEmails.class);

    private final TransactionalEmails emails;
    private final Records records;
    private final Clock clock;

    SaleNoticeEmails(TransactionalEmails emails, Records records, Clock clock) {
        this.emails = emails;
        this.records = records;
        this.clock = clock;
    }

    @Override
    public String topic() {
        return "billing.events";
    }

    @Override
    public Set<String> types() {
        return Set.of("sale_process.notice_due");
    }

    @Override
    public Mono<Void> handle(ConsumedEvent event) {
        JsonNode process = event.data();
        UUID id = EventData.id(process, "id");
        UUID contactId = EventData.id(process, "contact_id");
        JsonNode notice = process.path("notice");
        String saleDate = date(EventData.text(process, "sale_date"));
        if (event.accountId() == null || id == null || contactId == null || !notice.has("index")
                || saleDate == null) {
            log.warn("Event {} ({}) names no account, sale process, contact, notice or sale date; no sale notice",
                    event.id(), event.type());
            return Mono.empty();
        }
        Map<String, String> values = new HashMap<>();
        values.put("amount_owed", PaymentReceipts.amount(process.path("amount_owed_minor").asLong(0),
                EventData.text(process, "currency")));
        values.put("sale_date", saleDate);
        UUID siteId = EventData.id(process, "site_id");
        Mono<Void> site = siteId == null ? Mono.empty() : records.site(event.accountId(), siteId)
                .doOnNext(found -> values.put("site_name", EventData.text(found, "name"))).then();
        return site.then(Mono.defer(() -> emails.queue(event, contactId, Message.SALE_NOTICE, "sale_process", id,
                "notice-" + notice.path("index").asInt(), values, clock.instant())));
    }

    private static String date(String published) {
        try {
            return published == null ? null : DATE.format(LocalDate.parse(published));
        } catch (DateTimeParseException unreadable) {
            return null;
        }
    }
}
