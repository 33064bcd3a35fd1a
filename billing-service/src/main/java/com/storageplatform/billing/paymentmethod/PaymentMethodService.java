package com.storageplatform.billing.paymentmethod;

import com.storageplatform.billing.internal.Customers;
import com.storageplatform.billing.mandate.Mandates;
import com.storageplatform.billing.provider.BankAccount;
import com.storageplatform.billing.provider.Providers;
import com.storageplatform.billing.provider.SaveCard;
import com.storageplatform.billing.provider.StoredCard;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.Envelopes;
import com.storageplatform.kit.web.FieldIssue;
import java.time.Clock;
import java.time.Instant;
import java.util.UUID;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Mono;

/**
 * Payment methods of the caller's account. A card is saved at the card provider from the client's token; a bank
 * account is checked and kept (its whole number only until its mandate hands it to the provider). The first active
 * method of a type a contact has is its default of that type.
 */
@Service
class PaymentMethodService {

    private final PaymentMethodRepository methods;
    private final Customers customers;
    private final Mandates mandates;
    private final Providers providers;
    private final Clock clock;

    PaymentMethodService(PaymentMethodRepository methods, Customers customers, Mandates mandates,
            Providers providers, Clock clock) {
        this.methods = methods;
        this.customers = customers;
        this.mandates = mandates;
        this.providers = providers;
        this.clock = clock;
    }

    /**
     * Every bad field in one 422; then the contact (422 {@code not_found} for one billing does not know,
     * {@code not_allowed} for the walk-in sales record), then the card provider for a card (its refusal of the token
     * is 422 on {@code card_token}, {@link com.storageplatform.billing.provider.ProviderRejections}).
     */
    Mono<PaymentMethod> create(Caller caller, CreatePaymentMethod body) {
        return Mono.defer(() -> {
            Validation v = Validation.start();
            UUID contactId = v.requiredId("contact_id", body.contactId());
            PaymentMethodRules.typeFields(v, body);
            BankAccount account = PaymentMethodRules.bankAccount(v, body.bankAccount());
            Mono<Boolean> known = contactId == null ? Mono.just(true)
                    : customers.find(caller.accountId(), contactId)
                            .map(customer -> {
                                v.check(customer.walkIn(), "contact_id", FieldIssue.NOT_ALLOWED);
                                return true;
                            })
                            .defaultIfEmpty(false);
            return known.flatMap(found -> {
                v.check(!found, "contact_id", FieldIssue.NOT_FOUND);
                v.orThrow();
                UUID id = Ids.newId();
                return PaymentMethod.CARD.equals(body.type())
                        ? saveCard(caller, id, contactId, body.cardToken())
                        : saveBankAccount(caller, id, contactId, account);
            });
        });
    }

    private Mono<PaymentMethod> saveCard(Caller caller, UUID id, UUID contactId, String token) {
        return providers.cards(caller).saveCard(new SaveCard(id, token, "payment-method-" + id))
                .flatMap(card -> {
                    Instant now = clock.instant();
                    PaymentMethod method = new PaymentMethod(id, PaymentMethod.OBJECT, contactId, PaymentMethod.CARD,
                            shown(card), null, providers.cards(caller).provider(), false, PaymentMethod.ACTIVE, now,
                            now);
                    return methods.insert(caller.accountId(), method, card.providerRef(), null);
                });
    }

    private Mono<PaymentMethod> saveBankAccount(Caller caller, UUID id, UUID contactId, BankAccount account) {
        Instant now = clock.instant();
        PaymentMethod method = new PaymentMethod(id, PaymentMethod.OBJECT, contactId, PaymentMethod.BACS_DEBIT, null,
                new PaymentMethod.BacsDebit(account.accountHolderName(),
                        PaymentMethodRules.printedSortCode(account.sortCode()),
                        PaymentMethodRules.lastDigits(account.accountNumber())),
                providers.directDebit(caller).provider(), false, PaymentMethod.ACTIVE, now, now);
        return methods.insert(caller.accountId(), method, null, account.accountNumber());
    }

    private static PaymentMethod.Card shown(StoredCard card) {
        return new PaymentMethod.Card(card.brand(), card.last4(), card.expMonth(), card.expYear());
    }

    Mono<PaymentMethod> read(Caller caller, UUID id) {
        return methods.find(caller.accountId(), id).switchIfEmpty(Mono.error(ApiException.notFound()));
    }

    Mono<Envelopes.ListOf<PaymentMethod>> list(Caller caller, UUID contactId, String type, String status,
            PageRequest page) {
        return methods.list(caller.accountId(), contactId, type, status, page);
    }

    /** The contact's default of its type from now on; a detached method is 409. The default already: as it is. */
    Mono<PaymentMethod> setDefault(Caller caller, UUID id) {
        return methods.lockForDefaultChange(caller.accountId(), id)
                .switchIfEmpty(Mono.error(ApiException.notFound()))
                .flatMap(method -> {
                    if (PaymentMethod.DETACHED.equals(method.status())) {
                        return Mono.error(ApiException.conflict(
                                "This payment method is detached; a detached method cannot be a default."));
                    }
                    if (method.isDefault()) {
                        return Mono.just(method);
                    }
                    Instant now = clock.instant();
                    return methods.makeDefault(caller.accountId(), method, now)
                            .thenReturn(method.withDefault(true, now));
                });
    }

    /**
     * Detached: never used again, no longer a default (no other method becomes one), kept for what names it. A bank
     * account with a mandate awaiting authorisation or active is 409: cancel the mandate first. Detached already:
     * as it is.
     */
    Mono<PaymentMethod> detach(Caller caller, UUID id) {
        return methods.lockForDefaultChange(caller.accountId(), id)
                .switchIfEmpty(Mono.error(ApiException.notFound()))
                .flatMap(method -> {
                    if (PaymentMethod.DETACHED.equals(method.status())) {
                        return Mono.just(method);
                    }
                    Instant now = clock.instant();
                    return mandates.liveOn(caller.accountId(), id)
                            .flatMap(mandateId -> Mono.<PaymentMethod>error(ApiException.conflict("Mandate "
                                    + mandateId + " collects from this bank account; cancel it before detaching "
                                    + "the bank account.")))
                            .switchIfEmpty(methods.detach(caller.accountId(), id, now)
                                    .thenReturn(method.detached(now)));
                });
    }
}
