package com.storageplatform.billing.paymentmethod;

import com.storageplatform.billing.provider.BankAccount;
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
     * @param account its sort code as six digits; its number is null once a mandate handed it to the provider
     */
    public record BankDebit(UUID id, BankAccount account) {

        public boolean handedToProvider() {
            return account.accountNumber() == null;
        }
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
     * for the rest of the transaction; empty if there is none, it is not the contact's, or it is not a bank account.
     */
    public Mono<BankDebit> bankAccountForUpdate(UUID accountId, UUID contactId, UUID paymentMethodId) {
        return methods.bankAccountForUpdate(accountId, contactId, paymentMethodId);
    }

    /** Erases the bank account's whole number once the provider holds it (a mandate was made on it). */
    public Mono<Void> handedToProvider(UUID accountId, UUID paymentMethodId) {
        return methods.forgetAccountNumber(accountId, paymentMethodId);
    }
}
