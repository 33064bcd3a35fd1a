package com.storageplatform.auth.oauth;

import com.storageplatform.auth.credential.Credentials;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import org.springframework.stereotype.Component;
import org.springframework.transaction.ReactiveTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.reactive.TransactionalOperator;
import org.springframework.transaction.support.DefaultTransactionDefinition;
import reactor.core.publisher.Mono;

/**
 * Revokes a whole grant when one of its codes or rotated refresh tokens is presented again (RFC 6749 section
 * 4.1.2, RFC 6819 section 5.2.2.3): someone holds a copy, so nothing of that authorization may keep working.
 *
 * <p>The token endpoint answers {@code invalid_grant} (400), and a request that answers 400 is rolled back by the
 * kit's mutation transaction; the revocation must stand all the same, so it commits in a transaction of its own.
 * Callers hold no lock on the grant's rows when they call this (they detect reuse without locking), so the two
 * transactions never wait for each other.
 */
@Component
class GrantFamilies {

    private final GrantRepository grants;
    private final Credentials credentials;
    private final TransactionalOperator ownTransaction;
    private final Clock clock;

    GrantFamilies(GrantRepository grants, Credentials credentials, ReactiveTransactionManager transactions,
            Clock clock) {
        this.grants = grants;
        this.credentials = credentials;
        DefaultTransactionDefinition definition = new DefaultTransactionDefinition();
        definition.setPropagationBehavior(TransactionDefinition.PROPAGATION_REQUIRES_NEW);
        this.ownTransaction = TransactionalOperator.create(transactions, definition);
        this.clock = clock;
    }

    /** Revokes the grant and its tokens, then refuses with {@code invalid_grant} naming them for the gateway. */
    <T> Mono<T> revokeAndRefuse(Grant grant, String description) {
        Instant now = clock.instant();
        return ownTransaction.transactional(grants.revokeGrant(grant, now)
                        .thenMany(credentials.revokeOfGrants(grant.accountId(), List.of(grant.id()), now))
                        .collectList())
                .flatMap(revoked -> Mono.error(OAuthException.invalidGrant(description, revoked)));
    }
}
