package com.storageplatform.commerce.contact;

import com.storageplatform.commerce.internal.AccountSettings;
import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Derives the deprecated {@code kyc_status} when a contact is read (never stored), as the spec's Contact table
 * says: {@code not_required} when the operator does not check ID; otherwise {@code pending} until compliance's
 * identity-verification events say more.
 */
@Component
class Kyc {

    static final String NOT_REQUIRED = "not_required";
    static final String PENDING = "pending";

    private final AccountSettings settings;

    Kyc(AccountSettings settings) {
        this.settings = settings;
    }

    Mono<Contact> derive(UUID accountId, Contact contact) {
        return settings.of(accountId).map(s -> contact.withKycStatus(
                s.onlineIdChecksEnabled() || s.idCheckRequiredBeforeAccess() ? PENDING : NOT_REQUIRED));
    }
}
