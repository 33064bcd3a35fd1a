package com.storageplatform.compliance.identity;

import com.storageplatform.compliance.identity.IdentityVerificationRepository.Owned;
import com.storageplatform.compliance.identity.provider.IdCheckOutcome;
import com.storageplatform.compliance.identity.provider.IdCheckProvider;
import com.storageplatform.compliance.identity.provider.IdCheckProviders;
import com.storageplatform.compliance.internal.AccountSettings;
import com.storageplatform.compliance.internal.Customers;
import com.storageplatform.kit.caller.ActorType;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.tracing.TraceLogs;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.Envelopes;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Mono;

/**
 * Identity verifications of the caller's account: the transaction of each request, and of each provider outcome. A
 * change locks the verification first, judges it with {@link IdentityVerificationRules}, and only then writes it and
 * its event.
 */
@Service
class IdentityVerificationService {

    private static final Logger log = LoggerFactory.getLogger(IdentityVerificationService.class);

    private final IdentityVerificationRepository verifications;
    private final IdentityVerificationEvents events;
    private final Requirements requirements;
    private final IdCheckLinks links;
    private final IdCheckProviders providers;
    private final Customers customers;
    private final AccountSettings settings;
    private final Clock clock;

    IdentityVerificationService(IdentityVerificationRepository verifications, IdentityVerificationEvents events,
            Requirements requirements, IdCheckLinks links, IdCheckProviders providers, Customers customers,
            AccountSettings settings, Clock clock) {
        this.verifications = verifications;
        this.events = events;
        this.requirements = requirements;
        this.links = links;
        this.providers = providers;
        this.customers = customers;
        this.settings = settings;
        this.clock = clock;
    }

    /**
     * A new check of the customer, {@code pending}, asking for the account's documents, its online check started at
     * the provider and its link emailed through crm ({@code identity_verification.created}, then
     * {@code identity_verification.link_issued}). 422 on {@code contact_id} first, then 409 while the operator has
     * online checks off or the provider is not set up for a live account.
     */
    Mono<IdentityVerification> create(Caller caller, CreateIdentityVerification body) {
        return Mono.defer(() -> {
            Validation v = Validation.start();
            UUID contactId = v.requiredId("contact_id", body.contactId());
            v.orThrow();
            return customers.find(caller.accountId(), contactId).map(Optional::of).defaultIfEmpty(Optional.empty())
                    .flatMap(customer -> {
                        IdentityVerificationRules.requireReachable(customer);
                        return settings.of(caller.accountId());
                    })
                    .flatMap(operator -> {
                        IdentityVerificationRules.requireOnlineChecks(operator.onlineIdChecksEnabled());
                        IdCheckProvider provider = providers.of(caller.environment());
                        UUID id = Ids.newId();
                        return requirements.of(caller.accountId()).flatMap(asked -> provider.start(id)
                                .flatMap(reference -> {
                                    Instant now = clock.instant();
                                    IdCheckLinks.Link link = links.issue(now);
                                    IdentityVerification created = new IdentityVerification(id,
                                            IdentityVerification.OBJECT, contactId, IdentityVerification.PENDING,
                                            provider.name(), reference, null,
                                            IdentityVerificationRules.unchecked(asked.documents()),
                                            link.expiresAt(), null, null, null, now, now);
                                    return verifications.insert(caller, created, link.tokenHash())
                                            .then(events.publish(caller, IdentityVerificationEvents.CREATED, created))
                                            .then(events.linkIssued(caller, created, link.url()))
                                            .thenReturn(created);
                                }));
                    });
        });
    }

    Mono<IdentityVerification> read(Caller caller, UUID id) {
        return verifications.find(caller.accountId(), id).switchIfEmpty(Mono.error(ApiException.notFound()));
    }

    Mono<Envelopes.ListOf<IdentityVerification>> list(Caller caller, IdentityVerificationRepository.Filters filters,
            PageRequest page) {
        return verifications.list(caller, filters, page);
    }

    /** Staff accept the photo ID the provider could not confirm ({@link IdentityVerificationRules#accepted}). */
    Mono<IdentityVerification> accept(Caller caller, UUID id) {
        return Mono.defer(() -> {
            IdentityVerificationRules.requireStaff(caller, "accepts an ID check the provider could not confirm");
            return locked(caller, id).flatMap(current -> change(caller, current,
                    IdentityVerificationRules.accepted(current, clock.instant())));
        });
    }

    /** Staff checked a document ({@link IdentityVerificationRules#documentChecked}). */
    Mono<IdentityVerification> checkDocument(Caller caller, UUID id, CheckDocument body) {
        return Mono.defer(() -> {
            IdentityVerificationRules.requireStaff(caller, "records a document as checked");
            Validation.start().require("document", body.document())
                    .oneOf("document", body.document(), DocumentCheck.DOCUMENTS).orThrow();
            return locked(caller, id).flatMap(current -> change(caller, current,
                    IdentityVerificationRules.documentChecked(current, body.document(), clock.instant())));
        });
    }

    /**
     * The provider's outcome of an online check, as the account the check belongs to: the provider acting, with its
     * event's id for a request id. An outcome that names no check of ours, or changes nothing, is passed over.
     */
    Mono<Void> apply(IdCheckOutcome outcome) {
        if (outcome.kind() == IdCheckOutcome.Kind.IGNORED || outcome.reference() == null) {
            return TraceLogs.log(() -> log.info(
                    "ID-check provider event {} {} ({}) is not one compliance acts on", outcome.provider(),
                    outcome.eventId(), outcome.kind()));
        }
        return verifications.findByProviderReferenceForUpdate(outcome.provider(), outcome.reference())
                .switchIfEmpty(TraceLogs.log(() -> log.info("ID-check provider event {} {} names no check of "
                        + "ours ({}); passed over", outcome.provider(), outcome.eventId(), outcome.reference())))
                .flatMap(owned -> change(actingFor(owned, outcome), owned.verification(),
                        IdentityVerificationRules.afterProvider(owned.verification(), outcome.kind(),
                                outcome.reason(), clock.instant())))
                .then();
    }

    /**
     * Where the holder of a link does the customer's online check now: the provider's page. 404 for a link that is
     * unknown or has expired; 409 when the online check is over (its photo ID checked, or canceled) or the provider
     * is processing it.
     */
    Mono<String> customerPage(String token) {
        return Mono.defer(() -> {
            if (token == null || token.isBlank()) {
                return Mono.error(notALink());
            }
            return verifications.findByLinkTokenHash(IdCheckLinks.hash(token))
                    .filter(owned -> clock.instant().isBefore(owned.verification().linkExpiresAt()))
                    .switchIfEmpty(Mono.error(notALink()))
                    .flatMap(owned -> {
                        IdentityVerification v = owned.verification();
                        if (!v.onlineCheckOpen()) {
                            return Mono.error(ApiException.conflict("This ID check is over: there is nothing more "
                                    + "to do with this link."));
                        }
                        return providers.of(owned.environment()).customerPage(v.providerReference())
                                .flatMap(page -> page.map(Mono::just).orElseGet(() -> Mono.error(ApiException
                                        .conflict("The ID check is being processed: there is nothing to do with "
                                                + "this link now."))));
                    });
        });
    }

    private static ApiException notALink() {
        return ApiException.notFound("ID check link (it may have expired: ask for a new one)");
    }

    /** The verification, locked; 404 when the account has none. */
    private Mono<IdentityVerification> locked(Caller caller, UUID id) {
        return verifications.findForUpdate(caller.accountId(), id).switchIfEmpty(Mono.error(ApiException.notFound()));
    }

    /** Writes {@code after} and its event when it differs from {@code before}; answers it. */
    private Mono<IdentityVerification> change(Caller caller, IdentityVerification before, IdentityVerification after) {
        Optional<String> event = IdentityVerificationRules.eventOf(before, after);
        if (event.isEmpty()) {
            return Mono.just(before);
        }
        return verifications.save(caller.accountId(), after).then(events.publish(caller, event.get(), after));
    }

    /** The provider acting for the account of the check: its credential, and its event's id for a request id. */
    private static Caller actingFor(Owned owned, IdCheckOutcome outcome) {
        return new Caller(owned.accountId(), owned.operatorId(), owned.environment(), Set.of(), null,
                ActorType.PROVIDER, "provider:" + outcome.provider(),
                "provider:" + outcome.provider() + ":" + outcome.eventId());
    }
}
