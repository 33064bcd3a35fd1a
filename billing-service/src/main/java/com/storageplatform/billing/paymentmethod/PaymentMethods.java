package com.storageplatform.billing.paymentmethod;

import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** What other features may know of the account's payment methods: the one public class of this feature. */
@Component
public class PaymentMethods {

    private final PaymentMethodRepository methods;

    PaymentMethods(PaymentMethodRepository methods) {
        this.methods = methods;
    }

    /**
     * An active card of a contact, to charge.
     *
     * @param providerRef the provider's reusable card (Stripe's payment method id)
     */
    public record Card(UUID id, UUID contactId, String providerRef, String brand, String last4) {
    }

    /**
     * An active UK bank account of a contact, to make a mandate on.
     *
     * @param providerBankAccountRef the provider's bank account (GoCardless's customer bank account), which a
     *                               mandate is made on; null for one saved before the provider kept bank accounts
     */
    public record BankDebit(UUID id, String providerBankAccountRef) {
    }

    /**
     * The contact's active card payment method by id (or its default card when {@code paymentMethodId} is null);
     * empty if there is none, it is not the account's or the contact's, or it is not a card.
     */
    public Mono<Card> card(UUID accountId, UUID contactId, UUID paymentMethodId) {
        return methods.card(accountId, contactId, paymentMethodId);
    }

    /**
     * The contact's active bank account by id (or its default when {@code paymentMethodId} is null), its row locked
     * for the rest of the transaction, so two mandates asked for on it at once are made one after the other and a
     * detach waits; empty if there is none, it is not the contact's, or it is not a bank account.
     */
    public Mono<BankDebit> bankAccountForUpdate(UUID accountId, UUID contactId, UUID paymentMethodId) {
        return methods.bankAccountForUpdate(accountId, contactId, paymentMethodId);
    }
}
