package com.storageplatform.billing.mandate;

import com.storageplatform.billing.internal.Customers;
import com.storageplatform.billing.internal.Customers.Customer;
import com.storageplatform.billing.paymentmethod.PaymentMethods;
import com.storageplatform.billing.paymentmethod.PaymentMethods.BankDebit;
import com.storageplatform.billing.provider.DirectDebitProvider;
import com.storageplatform.billing.provider.ProviderEvent.Kind;
import com.storageplatform.billing.provider.Providers;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.Envelopes;
import com.storageplatform.kit.web.FieldIssue;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.util.UUID;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Mono;

/**
 * Bacs mandates of the caller's account: made at the Direct Debit provider on a contact's bank account, read,
 * listed and cancelled. What the provider reports later moves them ({@link MandateEventHandler}).
 */
@Service
class MandateService {

    /** Letters and digits a reader cannot confuse (no 0/O, 1/I/L), which Bacs references may hold. */
    private static final String REFERENCE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
    static final String REFERENCE_PREFIX = "SP-";
    static final int REFERENCE_LENGTH = 8;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final MandateRepository mandates;
    private final MandateEvents events;
    private final Customers customers;
    private final PaymentMethods paymentMethods;
    private final Providers providers;
    private final Clock clock;

    MandateService(MandateRepository mandates, MandateEvents events, Customers customers,
            PaymentMethods paymentMethods, Providers providers, Clock clock) {
        this.mandates = mandates;
        this.events = events;
        this.customers = customers;
        this.paymentMethods = paymentMethods;
        this.providers = providers;
        this.clock = clock;
    }

    /**
     * {@code awaiting_authorisation} ({@code mandate.created}) on the contact's bank account: the one named, or its
     * default. Every bad field in one 422 (the contact, then its bank account); a bank account a mandate was made on
     * already is 409 (its number went to the provider with that mandate; add it again for a new one).
     */
    Mono<Mandate> create(Caller caller, CreateMandate body) {
        return Mono.defer(() -> {
            Validation v = Validation.start();
            UUID contactId = v.requiredId("contact_id", body.contactId());
            UUID paymentMethodId = v.optionalId("payment_method_id", body.paymentMethodId());
            String scheme = body.scheme() == null ? Mandate.BACS : body.scheme();
            v.oneOf("scheme", scheme, Mandate.SCHEMES);
            if (contactId == null || v.has("payment_method_id")) {
                v.orThrow();
            }
            return customers.find(caller.accountId(), contactId)
                    .map(customer -> {
                        if (customer.walkIn()) {
                            v.add("contact_id", FieldIssue.NOT_ALLOWED).orThrow();
                        }
                        return customer;
                    })
                    .switchIfEmpty(Mono.error(() -> {
                        v.add("contact_id", FieldIssue.NOT_FOUND);
                        return ApiException.invalid(v.issues());
                    }))
                    .flatMap(customer -> paymentMethods.bankAccountForUpdate(caller.accountId(), contactId,
                                    paymentMethodId)
                            .switchIfEmpty(Mono.error(() -> noBankAccount(v, paymentMethodId)))
                            .flatMap(bank -> {
                                v.orThrow();
                                if (bank.handedToProvider()) {
                                    return Mono.error(ApiException.conflict("A mandate was made on bank account "
                                            + bank.id() + " already, and its number went to the provider with "
                                            + "it; add the bank account again (POST /v1/payment-methods) to make a "
                                            + "new mandate on it."));
                                }
                                return freeReference(caller.accountId())
                                        .flatMap(reference -> make(caller, customer, bank, reference, scheme));
                            }));
        });
    }

    private Mono<Mandate> make(Caller caller, Customer customer, BankDebit bank, String reference, String scheme) {
        UUID id = Ids.newId();
        DirectDebitProvider provider = providers.directDebit(caller);
        return provider.createMandate(new com.storageplatform.billing.provider.CreateMandate(id, customer.id(),
                        reference, bank.account(), customer.email(), "mandate-" + id))
                .onErrorMap(ApiException.class, MandateService::onPaymentMethod)
                .flatMap(made -> {
                    Instant now = clock.instant();
                    Mandate mandate = new Mandate(id, Mandate.OBJECT, customer.id(), bank.id(), provider.provider(),
                            reference, Mandate.AWAITING_AUTHORISATION, scheme, made.providerRef(),
                            made.nextPossibleChargeDate(), null, null, now, now);
                    return mandates.insert(caller, mandate)
                            .then(paymentMethods.handedToProvider(caller.accountId(), bank.id()))
                            .then(events.created(caller, mandate));
                });
    }

    /**
     * The provider's refusal of the bank details (422 on a {@code bank_account.*} field, sent with the payment
     * method) is 422 on {@code payment_method_id} here, with the provider's words.
     */
    private static ApiException onPaymentMethod(ApiException refused) {
        if (refused.status().value() != 422) {
            return refused;
        }
        return ApiException.invalid("payment_method_id", FieldIssue.INVALID, refused.getMessage());
    }

    /** 422 on {@code payment_method_id}, with a message saying why when it is the only bad field. */
    private static ApiException noBankAccount(Validation v, UUID paymentMethodId) {
        if (!v.isValid()) {
            v.add("payment_method_id", paymentMethodId == null ? FieldIssue.REQUIRED : FieldIssue.NOT_FOUND);
            return ApiException.invalid(v.issues());
        }
        return paymentMethodId == null
                ? ApiException.invalid("payment_method_id", FieldIssue.REQUIRED, "The contact has no default "
                        + "bacs_debit payment method: name one, or add the bank account first "
                        + "(POST /v1/payment-methods).")
                : ApiException.invalid("payment_method_id", FieldIssue.NOT_FOUND, "The contact has no active "
                        + "bacs_debit payment method with this id.");
    }

    /** A reference no other mandate of the account has. */
    private Mono<String> freeReference(UUID accountId) {
        String reference = newReference();
        return mandates.referenceTaken(accountId, reference)
                .flatMap(taken -> taken ? freeReference(accountId) : Mono.just(reference));
    }

    static String newReference() {
        StringBuilder reference = new StringBuilder(REFERENCE_PREFIX);
        for (int i = 0; i < REFERENCE_LENGTH; i++) {
            reference.append(REFERENCE_ALPHABET.charAt(RANDOM.nextInt(REFERENCE_ALPHABET.length())));
        }
        return reference.toString();
    }

    Mono<Mandate> read(Caller caller, UUID id) {
        return mandates.find(caller.accountId(), id).switchIfEmpty(Mono.error(ApiException.notFound()));
    }

    Mono<Envelopes.ListOf<Mandate>> list(Caller caller, UUID contactId, String status, PageRequest page) {
        return mandates.list(caller.accountId(), contactId, status, page);
    }

    /**
     * Cancelled at the provider, then here ({@code mandate.cancelled}); the provider's own report of it that follows
     * changes nothing. A cancelled mandate is answered as it is; a failed one is 409.
     */
    Mono<Mandate> cancel(Caller caller, UUID id) {
        return mandates.findForUpdate(caller.accountId(), id)
                .switchIfEmpty(Mono.error(ApiException.notFound()))
                .flatMap(mandate -> {
                    if (Mandate.CANCELLED.equals(mandate.status())) {
                        return Mono.just(mandate);
                    }
                    String next = MandateTransitions.after(mandate.status(), Kind.MANDATE_CANCELLED).orElse(null);
                    if (next == null) {
                        return Mono.error(ApiException.conflict("This mandate is " + mandate.status()
                                + "; only a mandate awaiting authorisation or active can be cancelled."));
                    }
                    return providers.directDebit(caller)
                            .cancelMandate(mandate.providerMandateRef(), "mandate-cancel-" + id)
                            .then(Mono.defer(() -> {
                                Mandate cancelled = mandate.movedTo(next, null, clock.instant());
                                return mandates.saveStatus(caller.accountId(), cancelled)
                                        .then(events.moved(caller, cancelled));
                            }));
                });
    }
}
