package com.storageplatform.commerce.contact;

import com.storageplatform.commerce.internal.AccountSettings;
import com.storageplatform.commerce.internal.IdentityChecks;
import java.util.List;
import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Derives the deprecated {@code kyc_status} when a contact is read (never stored), exactly as the spec's Contact
 * table says ({@link #status}): from the operator's settings ({@link AccountSettings}) and what compliance last
 * published about the customer's identity checks ({@link IdentityChecks}).
 */
@Component
class Kyc {

    static final String NOT_REQUIRED = "not_required";
    static final String PENDING = "pending";
    static final String VERIFIED = "verified";
    static final String FAILED = "failed";

    private final AccountSettings settings;
    private final IdentityChecks checks;

    Kyc(AccountSettings settings, IdentityChecks checks) {
        this.settings = settings;
        this.checks = checks;
    }

    /**
     * The rule, pure: {@code not_required} when the operator does not check ID (neither online ID checks nor an ID
     * check before access); {@code verified} when a check of the customer passed; {@code failed} when none passed
     * and the latest check waits for staff ({@code requires_input}); otherwise {@code pending} (no check yet, one
     * in progress, or the latest ended without a decision). {@code rejected} is no longer served.
     */
    static String status(boolean operatorChecksId, IdentityChecks.State state) {
        if (!operatorChecksId) {
            return NOT_REQUIRED;
        }
        if (state.verified()) {
            return VERIFIED;
        }
        return IdentityChecks.REQUIRES_INPUT.equals(state.latest()) ? FAILED : PENDING;
    }

    static boolean checksId(AccountSettings.Settings s) {
        return s.onlineIdChecksEnabled() || s.idCheckRequiredBeforeAccess();
    }

    /** {@code contact} with its {@code kyc_status}. */
    Mono<Contact> derive(UUID accountId, Contact contact) {
        return deriveAll(accountId, List.of(contact)).map(derived -> derived.get(0));
    }

    /**
     * Each of {@code contacts} with its {@code kyc_status}, in the same order: the settings read once, and
     * the checks of all of them in one query (not one per contact).
     */
    Mono<List<Contact>> deriveAll(UUID accountId, List<Contact> contacts) {
        if (contacts.isEmpty()) {
            return Mono.just(List.of());
        }
        return settings.of(accountId).flatMap(s -> {
            if (!checksId(s)) {
                return Mono.just(contacts.stream().map(c -> c.withKycStatus(NOT_REQUIRED)).toList());
            }
            return checks.of(accountId, contacts.stream().map(Contact::id).toList())
                    .map(states -> contacts.stream().map(c -> c.withKycStatus(status(true,
                            states.getOrDefault(c.id(), IdentityChecks.State.NONE)))).toList());
        });
    }
}
