package com.storageplatform.billing.invoice;

import com.storageplatform.billing.internal.AccountSettings;
import com.storageplatform.billing.invoice.InvoiceRepository.PastDue;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.Environment;
import com.storageplatform.kit.jobs.ScheduledJob;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * {@code invoice-overdue}, every 15 minutes: an {@code open} invoice of any account whose due date is before today
 * in its account's time zone, with something owed, nothing paid, nothing in flight and no Direct Debit advance notice
 * covering it (for exactly what is owed, on a charge date not yet passed) becomes {@code overdue}, with the internal
 * {@code invoice.updated} published as that account. At most {@link #BATCH} invoices a run, oldest due date first;
 * the rest wait for the next run. No email is sent from here.
 */
@Component
class InvoiceOverdueJob implements ScheduledJob {

    static final String NAME = "invoice-overdue";
    static final int BATCH = 500;
    /** The earliest UTC offset in use (Line Islands): no account's today is later than today there. */
    private static final ZoneOffset EARLIEST_OFFSET = ZoneOffset.ofHours(14);

    private final InvoiceRepository invoices;
    private final InvoiceService service;
    private final AccountSettings settings;
    private final Clock clock;

    InvoiceOverdueJob(InvoiceRepository invoices, InvoiceService service, AccountSettings settings, Clock clock) {
        this.invoices = invoices;
        this.service = service;
        this.settings = settings;
        this.clock = clock;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Duration interval() {
        return Duration.ofMinutes(15);
    }

    @Override
    public Mono<String> run() {
        Map<UUID, Mono<LocalDate>> todays = new ConcurrentHashMap<>();
        return invoices.claimPastDue(LocalDate.ofInstant(clock.instant(), EARLIEST_OFFSET), BATCH)
                .concatMap(pastDue -> todays.computeIfAbsent(pastDue.accountId(), this::todayOf)
                        .flatMap(today -> service.markOverdue(caller(pastDue), pastDue.invoice(), today,
                                noticeCovers(pastDue, today))))
                .filter(Boolean::booleanValue)
                .count()
                .map(count -> "made " + count + " invoices overdue");
    }

    /** Today in the account's time zone, read once a run. */
    private Mono<LocalDate> todayOf(UUID accountId) {
        return settings.of(accountId).map(s -> LocalDate.ofInstant(clock.instant(), s.timezone())).cache();
    }

    static boolean noticeCovers(PastDue pastDue, LocalDate today) {
        return pastDue.noticeChargeDate() != null && !pastDue.noticeChargeDate().isBefore(today)
                && pastDue.noticeAmountMinor() != null
                && pastDue.noticeAmountMinor() == pastDue.invoice().amountDueMinor();
    }

    private static Caller caller(PastDue pastDue) {
        Environment environment = Environment.find(pastDue.environment()).orElse(null);
        return Caller.actingFor(pastDue.accountId(), pastDue.operatorId(), environment, "job:" + NAME,
                "sys_" + pastDue.invoice().id().toString().replace("-", ""));
    }
}
