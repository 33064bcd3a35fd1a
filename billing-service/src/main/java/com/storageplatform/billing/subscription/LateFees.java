package com.storageplatform.billing.subscription;

import com.storageplatform.billing.invoice.Invoice;
import com.storageplatform.billing.invoice.Invoice.Line;
import com.storageplatform.billing.invoice.IssuedInvoices;
import com.storageplatform.billing.subscription.PeriodLines.Waiting;
import com.storageplatform.kit.caller.Caller;
import java.time.Clock;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Late fees the dunning ladder charges (the one way other features add a charge to a plan): waiting for the next
 * invoice of the customer's running plan in the fee's currency, billed there as a {@code fee} line; a customer with
 * no running plan in it gets a one-line invoice at once. Late payment fees are compensation, not a supply, so they
 * are outside the scope of VAT.
 */
@Component
public class LateFees {

    public static final String DESCRIPTION = "Late payment fee";
    /** Days a late fee invoiced on its own gives the customer to pay. */
    static final int DAYS_TO_PAY = 14;

    private final SubscriptionRepository plans;
    private final BilledPeriods periods;
    private final IssuedInvoices issued;
    private final Clock clock;

    LateFees(SubscriptionRepository plans, BilledPeriods periods, IssuedInvoices issued, Clock clock) {
        this.plans = plans;
        this.periods = periods;
        this.issued = issued;
        this.clock = clock;
    }

    /**
     * Where a late fee went: the plan whose next invoice bills it, or the invoice issued for it (one is null).
     */
    public record Charged(UUID subscriptionId, UUID invoiceId) {
    }

    /** Charges the customer {@code amountMinor} of {@code currency} once (the caller keeps the step's key). */
    public Mono<Charged> charge(Caller caller, UUID contactId, String currency, long amountMinor, LocalDate today) {
        return plans.runningPlanOfForUpdate(caller.accountId(), contactId, currency)
                .flatMap(plan -> periods.wait(caller.accountId(), plan.id(), new Waiting(PeriodLines.LATE_FEE,
                                DESCRIPTION, 1, amountMinor, Line.OUTSIDE_SCOPE), null, clock.instant())
                        .thenReturn(new Charged(plan.id(), null)))
                .switchIfEmpty(Mono.defer(() -> issued.issue(caller, new IssuedInvoices.Issue(contactId, currency,
                                Invoice.SOURCE_DUNNING, null, DESCRIPTION,
                                List.of(IssuedInvoices.line(Subscription.Item.FEE, DESCRIPTION, 1, amountMinor,
                                        Line.OUTSIDE_SCOPE, null)), 0, Invoice.OFFLINE, today.plusDays(DAYS_TO_PAY)))
                        .map(invoice -> new Charged(null, invoice.id()))));
    }
}
