package com.storageplatform.billing.provider;

import com.gocardless.GoCardlessClient;
import com.gocardless.errors.InvalidStateException;
import com.gocardless.errors.ValidationFailedException;
import com.gocardless.resources.CustomerBankAccount;
import com.gocardless.resources.Mandate;
import com.gocardless.resources.Payment;
import com.gocardless.resources.Refund;
import com.gocardless.services.CustomerService.CustomerCreateRequest;
import com.gocardless.services.MandateService.MandateCreateRequest;
import com.gocardless.services.PaymentService.PaymentCreateRequest.Currency;
import com.storageplatform.kit.resilience.ProviderCalls;
import com.storageplatform.kit.resilience.Resilience;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.FieldIssue;
import java.time.Duration;
import java.time.LocalDate;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import reactor.core.publisher.Mono;

/**
 * Bacs Direct Debit through GoCardless with gocardless-pro. A saved bank account is a customer and their bank
 * account, each created with its own key derived from the caller's, so a retry (ours, or the client's with its same
 * key) finds what the first attempt made; a mandate is a Bacs mandate on that bank account. The client's own retries are off: ours go through resilience4j.
 * GoCardless takes no key on a cancellation, so one is sent once, and a repeat that finds the mandate or payment
 * cancelled already is done.
 */
final class GoCardlessDirectDebit implements DirectDebitProvider {

    /** Refunds already made on a payment that no longer count towards what was refunded. */
    private static final Set<Refund.Status> UNDONE = Set.of(Refund.Status.CANCELLED, Refund.Status.BOUNCED,
            Refund.Status.FUNDS_RETURNED);

    private final GoCardlessClient gocardless;
    private final ProviderCalls calls;

    GoCardlessDirectDebit(ProviderSettings.GoCardless settings, Resilience resilience) {
        Duration timeout = ProviderCalls.attemptTimeout(resilience, Providers.GOCARDLESS);
        this.gocardless = GoCardlessClient.newBuilder(settings.accessToken())
                .withBaseUrl(settings.baseUrl())
                .withConnectTimeout(timeout)
                .withReadTimeout(timeout)
                .withWriteTimeout(timeout)
                .withMaxNoOfRetries(1)
                .build();
        this.calls = new ProviderCalls(resilience, Providers.GOCARDLESS, "GoCardless", GoCardlessErrors::translate);
    }

    @Override
    public String provider() {
        return Providers.GOCARDLESS;
    }

    @Override
    public Mono<StoredBankAccount> saveBankAccount(SaveBankAccount request) {
        String key = request.idempotencyKey();
        BankAccount account = request.account();
        return calls.keyed(() -> customer(request).withIdempotencyKey(derived(key, "customer")).execute())
                .flatMap(customer -> calls.keyed(() -> bankDetails(() -> gocardless.customerBankAccounts().create()
                                .withAccountHolderName(account.accountHolderName())
                                .withBranchCode(account.sortCode())
                                .withAccountNumber(account.accountNumber())
                                .withCountryCode("GB")
                                .withLinksCustomer(customer.getId())
                                .withMetadata("payment_method_id", String.valueOf(request.paymentMethodId()))
                                .withIdempotencyKey(derived(key, "bank_account"))
                                .execute()))
                        .map(bankAccount -> new StoredBankAccount(customer.getId(), bankAccount.getId(),
                                bankAccount.getAccountNumberEnding())));
    }

    @Override
    public Mono<ProviderMandate> createMandate(CreateMandate request) {
        return calls.keyed(() -> {
            MandateCreateRequest mandate = gocardless.mandates().create()
                    .withScheme("bacs")
                    .withLinksCustomerBankAccount(request.providerCustomerBankAccountRef())
                    .withMetadata("mandate_id", String.valueOf(request.mandateId()))
                    .withIdempotencyKey(request.idempotencyKey());
            if (request.reference() != null) {
                mandate.withReference(request.reference());
            }
            try {
                return mandate.execute();
            } catch (InvalidStateException disabled) {
                throw ApiException.conflict("GoCardless will not make a mandate on this bank account: "
                        + GoCardlessErrors.message(disabled) + " Add the bank account again to make a new mandate.");
            }
        }).map(mandate -> new ProviderMandate(mandate.getId(), status(mandate.getStatus()),
                date(mandate.getNextPossibleChargeDate())));
    }

    @Override
    public Mono<Void> cancelMandate(String providerMandateRef, String idempotencyKey) {
        return calls.once(() -> {
            try {
                return gocardless.mandates().cancel(providerMandateRef).execute().getStatus();
            } catch (InvalidStateException state) {
                Mandate mandate = gocardless.mandates().get(providerMandateRef).execute();
                if (mandate.getStatus() != Mandate.Status.CANCELLED) {
                    throw ApiException.conflict("The mandate cannot be cancelled: at GoCardless it is "
                            + status(mandate.getStatus()).replace('_', ' ') + ".");
                }
                return mandate.getStatus();
            }
        }).then();
    }

    @Override
    public Mono<Collection> collect(Collect request) {
        return calls.keyed(() -> {
            try {
                return gocardless.payments().create()
                        .withAmount(amount(request.amountMinor()))
                        .withCurrency(Currency.valueOf(request.currency().toUpperCase(Locale.ROOT)))
                        .withChargeDate(request.chargeDate().toString())
                        .withDescription(request.description())
                        .withLinksMandate(request.providerMandateRef())
                        .withMetadata("payment_id", String.valueOf(request.paymentId()))
                        .withIdempotencyKey(request.idempotencyKey())
                        .execute();
            } catch (InvalidStateException inactive) {
                throw ApiException.conflict("GoCardless will not collect on this mandate: "
                        + GoCardlessErrors.message(inactive));
            } catch (ValidationFailedException invalid) {
                if (!GoCardlessErrors.names(invalid, "charge_date")) {
                    throw invalid;
                }
                throw ApiException.conflict("GoCardless cannot collect on " + request.chargeDate() + ": "
                        + GoCardlessErrors.message(invalid));
            }
        }).map(payment -> new Collection(payment.getId(), date(payment.getChargeDate()), status(payment.getStatus())));
    }

    @Override
    public Mono<Void> cancelCollection(String providerPaymentRef, String idempotencyKey) {
        return calls.once(() -> {
            try {
                return gocardless.payments().cancel(providerPaymentRef).execute().getStatus();
            } catch (InvalidStateException state) {
                Payment payment = gocardless.payments().get(providerPaymentRef).execute();
                if (payment.getStatus() != Payment.Status.CANCELLED) {
                    throw ApiException.conflict("The collection can no longer be cancelled: at GoCardless it is "
                            + status(payment.getStatus()).replace('_', ' ') + ".");
                }
                return payment.getStatus();
            }
        }).then();
    }

    /**
     * GoCardless asks for the total refunded so far including this refund, a guard against refunding twice: it is
     * read from the payment's refunds first.
     */
    @Override
    public Mono<ProviderRefund> refund(RefundRequest request) {
        return calls.once(() -> {
            long refunded = 0;
            for (Refund refund : gocardless.refunds().all().withPayment(request.providerPaymentRef()).execute()) {
                refunded += UNDONE.contains(refund.getStatus()) ? 0 : refund.getAmount();
            }
            return refunded;
        }).flatMap(refunded -> calls.keyed(() -> {
            try {
                return gocardless.refunds().create()
                        .withAmount(amount(request.amountMinor()))
                        .withTotalAmountConfirmation(amount(refunded + request.amountMinor()))
                        .withLinksPayment(request.providerPaymentRef())
                        .withMetadata("refund_id", String.valueOf(request.refundId()))
                        .withIdempotencyKey(request.idempotencyKey())
                        .execute();
            } catch (InvalidStateException | ValidationFailedException refused) {
                throw ApiException.conflict("GoCardless refused the refund: " + GoCardlessErrors.message(refused));
            }
        })).map(refund -> new ProviderRefund(refund.getId(), refund.getStatus() == Refund.Status.PAID, null));
    }

    /** The customer under the bank account's holder name ("Ann Lee": given name Ann, family name Lee). */
    private CustomerCreateRequest customer(SaveBankAccount request) {
        String name = request.account().accountHolderName() == null ? "" : request.account().accountHolderName().strip();
        int space = name.lastIndexOf(' ');
        CustomerCreateRequest customer = gocardless.customers().create()
                .withEmail(request.email())
                .withCountryCode("GB")
                .withMetadata("contact_id", String.valueOf(request.contactId()));
        return space < 0 ? customer.withFamilyName(name)
                : customer.withGivenName(name.substring(0, space).strip()).withFamilyName(name.substring(space + 1));
    }

    /** Bank details GoCardless will not take: 422 on the fields the client sent them in. */
    private static CustomerBankAccount bankDetails(Callable<CustomerBankAccount> create) throws Exception {
        try {
            return create.call();
        } catch (ValidationFailedException invalid) {
            ApiException rejected = GoCardlessErrors.bankAccountRejection(invalid);
            if (rejected == null) {
                throw invalid;
            }
            throw rejected;
        }
    }

    /** GoCardless takes amounts as int: more is no amount a storage business collects by Direct Debit. */
    private static int amount(long minor) {
        if (minor > Integer.MAX_VALUE) {
            throw ApiException.invalid("amount_minor", FieldIssue.ABOVE_MAXIMUM,
                    "A Direct Debit collects at most " + Integer.MAX_VALUE + " minor units at a time.");
        }
        return (int) minor;
    }

    private static String derived(String key, String purpose) {
        return key == null ? null : key + ":" + purpose;
    }

    private static String status(Enum<?> status) {
        return status == null ? null : status.name().toLowerCase(Locale.ROOT);
    }

    private static LocalDate date(String date) {
        return date == null ? null : LocalDate.parse(date);
    }
}
