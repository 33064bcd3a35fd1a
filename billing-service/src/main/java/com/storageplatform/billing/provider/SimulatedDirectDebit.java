package com.storageplatform.billing.provider;

import com.storageplatform.billing.provider.SimulatedCardGateway.SimulatedRefs;
import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import reactor.core.publisher.Mono;

/**
 * GoCardless as test accounts see it, without a network. A UK sort code (6 digits) and account number (8) are a
 * saved bank account; a mandate on it is pending submission, chargeable from today; a collection is made for the day asked, as is (working days
 * are the calendar's to choose); cancellations succeed and refunds are paid at once. What happens later comes
 * from the test helpers, as GoCardless's notifications. References derive from the platform's ids, so a request
 * sent again gets the same answer.
 */
final class SimulatedDirectDebit implements DirectDebitProvider {

    private static final ZoneId BACS = ZoneId.of("Europe/London");

    private final Clock clock;

    SimulatedDirectDebit(Clock clock) {
        this.clock = clock;
    }

    @Override
    public String provider() {
        return Providers.GOCARDLESS;
    }

    @Override
    public Mono<StoredBankAccount> saveBankAccount(SaveBankAccount request) {
        return Mono.fromCallable(() -> {
            checkBankAccount(request.account());
            String number = plain(request.account().accountNumber());
            return new StoredBankAccount(ref("CU", request.paymentMethodId()), ref("BA", request.paymentMethodId()),
                    number.substring(number.length() - 2));
        });
    }

    @Override
    public Mono<ProviderMandate> createMandate(CreateMandate request) {
        return Mono.fromCallable(() -> new ProviderMandate(ref("MD", request.mandateId()), "pending_submission",
                LocalDate.now(clock.withZone(BACS))));
    }

    @Override
    public Mono<Void> cancelMandate(String providerMandateRef, String idempotencyKey) {
        return Mono.empty();
    }

    @Override
    public Mono<Collection> collect(Collect request) {
        return Mono.just(new Collection(ref("PM", request.paymentId()), request.chargeDate(), "pending_submission"));
    }

    @Override
    public Mono<Void> cancelCollection(String providerPaymentRef, String idempotencyKey) {
        return Mono.empty();
    }

    @Override
    public Mono<ProviderRefund> refund(RefundRequest request) {
        return Mono.just(new ProviderRefund(ref("RF", request.refundId()), true, null));
    }

    /** GoCardless's own checks of UK bank details, as far as a test account can meet them. */
    private static void checkBankAccount(BankAccount account) {
        Map<String, String> refused = new LinkedHashMap<>();
        if (account == null || account.accountHolderName() == null || account.accountHolderName().isBlank()) {
            refused.put(ProviderRejections.ACCOUNT_HOLDER_NAME, "is required");
        }
        if (!digits(account == null ? null : account.sortCode(), 6)) {
            refused.put(ProviderRejections.SORT_CODE, "must be 6 digits");
        }
        if (!digits(account == null ? null : account.accountNumber(), 8)) {
            refused.put(ProviderRejections.ACCOUNT_NUMBER, "must be 8 digits");
        }
        if (!refused.isEmpty()) {
            throw ProviderRejections.bankAccount(refused);
        }
    }

    /** Digits only once spaces and hyphens are left out ("20-00-00" is a sort code). */
    private static boolean digits(String value, int length) {
        String plain = plain(value);
        return plain.length() == length && plain.chars().allMatch(Character::isDigit);
    }

    private static String plain(String value) {
        return value == null ? "" : value.replaceAll("[\\s-]", "");
    }

    private static String ref(String prefix, UUID id) {
        return prefix + SimulatedRefs.of(id).toUpperCase(Locale.ROOT);
    }
}
