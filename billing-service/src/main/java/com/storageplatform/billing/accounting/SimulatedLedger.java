package com.storageplatform.billing.accounting;

import java.util.Locale;
import reactor.core.publisher.Mono;

/**
 * The accounting system of every test account: it books whatever it is sent, at once, under an id derived from the
 * subject's ({@code sim_inv_<id>}, {@code sim_cn_<id>}, {@code sim_pay_<id>}, {@code sim_rf_<id>}; a void answers
 * its invoice's), so a push sent again gets the same answer and nothing is kept in memory. Three amounts play what
 * a real system does (docs/api/accounting.md, "Test mode"), as the card simulator's test tokens do:
 * {@value #REFUSED_MINOR} refuses, {@value #DOWN_MINOR} is unavailable at every attempt, and
 * {@value #DOWN_ONCE_MINOR} is unavailable at the first attempt and books at the next.
 */
final class SimulatedLedger implements AccountingLedger {

    static final String PROVIDER = "simulator";
    static final long REFUSED_MINOR = 66_600;
    static final long DOWN_MINOR = 50_300;
    static final long DOWN_ONCE_MINOR = 50_301;

    @Override
    public String provider() {
        return PROVIDER;
    }

    @Override
    public Mono<Pushed> push(LedgerEntry entry) {
        long amount = entry.amountMinor();
        if (amount == REFUSED_MINOR) {
            return Mono.just(new Pushed.Refused(PROVIDER, "The simulated accounting system refuses an amount of "
                    + amount + " " + entry.currency() + " (its test value for a refusal)."));
        }
        if (amount == DOWN_MINOR || amount == DOWN_ONCE_MINOR && entry.attempt() == 1) {
            return Mono.just(new Pushed.Unavailable(PROVIDER, "The simulated accounting system is unavailable (its "
                    + "test value for an outage)."));
        }
        String id = AccountingSync.VOIDED.equals(entry.action()) ? entry.invoiceExternalId()
                : prefix(entry) + entry.subjectId().toString().toLowerCase(Locale.ROOT);
        return Mono.just(new Pushed.Synced(PROVIDER, id));
    }

    private static String prefix(LedgerEntry entry) {
        return switch (entry.subjectType()) {
            case AccountingSync.INVOICE -> "sim_inv_";
            case AccountingSync.CREDIT_NOTE -> "sim_cn_";
            default -> AccountingSync.REFUNDED.equals(entry.action()) ? "sim_rf_" : "sim_pay_";
        };
    }
}
