package com.storageplatform.compliance.identity;

import com.storageplatform.kit.caller.Caller;
import java.time.Clock;
import java.util.List;
import java.util.UUID;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Mono;

/** The documents each account asks for: the operator's own choice, else photo ID alone. */
@Service
class Requirements {

    private final IdentityRequirementsRepository requirements;
    private final Clock clock;

    Requirements(IdentityRequirementsRepository requirements, Clock clock) {
        this.requirements = requirements;
        this.clock = clock;
    }

    Mono<IdentityRequirements> of(UUID accountId) {
        return requirements.find(accountId).defaultIfEmpty(IdentityRequirements.defaults());
    }

    /**
     * {@code documents} sent replaces the list ({@link IdentityVerificationRules#requiredDocuments}); {@code null}
     * restores the default, and so does the default list itself. Left out, nothing changes.
     */
    Mono<IdentityRequirements> update(Caller caller, RequirementChanges changes) {
        return Mono.defer(() -> {
            if (changes.documents() == null) {
                return of(caller.accountId());
            }
            List<String> documents = changes.documents().isNull() ? IdentityRequirements.DEFAULT_DOCUMENTS
                    : IdentityVerificationRules.requiredDocuments(changes.documents().value());
            Mono<Void> saved = documents.equals(IdentityRequirements.DEFAULT_DOCUMENTS)
                    ? requirements.delete(caller.accountId())
                    : requirements.save(caller.accountId(), documents, clock.instant());
            return saved.then(Mono.defer(() -> of(caller.accountId())));
        });
    }
}
