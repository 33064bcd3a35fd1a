package com.storageplatform.catalogue.coverage;

import static com.storageplatform.kit.validation.Text.blankToNull;
import static com.storageplatform.kit.validation.Text.strip;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.SiteAccess;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.Envelopes;
import com.storageplatform.kit.web.ErrorCode;
import com.storageplatform.kit.web.Patch;
import java.time.Clock;
import java.time.Instant;
import java.util.UUID;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Mono;

/**
 * Coverage products of the caller's account. Like products they belong to the account, not a site: a
 * site-restricted caller reads them but cannot create, change or delete them (403 {@code site_forbidden}). While
 * customers hold a product's cover (the {@link CoverHoldings} projection), a change that would alter that cover,
 * and its deletion, are 409 {@code cover_in_force}.
 */
@Service
class CoverageProductService {

    private final CoverageProductRepository products;
    private final CoverHoldings holdings;
    private final CoverageProductEvents events;
    private final Clock clock;

    CoverageProductService(CoverageProductRepository products, CoverHoldings holdings,
            CoverageProductEvents events, Clock clock) {
        this.products = products;
        this.holdings = holdings;
        this.events = events;
        this.clock = clock;
    }

    Mono<CoverageProduct> create(Caller caller, CreateCoverageProduct body) {
        return Mono.defer(() -> {
            requireWholeAccount(caller);
            Instant now = clock.instant();
            CoverageProduct sent = new CoverageProduct(Ids.newId(), CoverageProduct.OBJECT, strip(body.name()),
                    blankToNull(body.description()), body.kind(), blankToNull(body.insurerName()),
                    body.pricingMode(), body.priceMinor(), body.ratePerThousandMinor(), body.currency(),
                    body.minCoverMinor(), body.maxCoverMinor(), body.roundingStep(),
                    body.billingCycle() == null ? CoverageProduct.MONTHLY : body.billingCycle(),
                    regulatoryRef(body.regulatoryBasisRef()), body.status(), now, now);
            // Without a status it is offered as soon as it can be sold: until its pricing is complete, inactive.
            CoverageProduct product = body.status() != null ? sent
                    : sent.withStatus(CoverageRules.missingForSale(sent).isEmpty() ? CoverageProduct.ACTIVE
                            : CoverageProduct.INACTIVE);
            Validation v = Validation.start();
            CoverageRules.check(v, product);
            v.orThrow();
            return products.insert(caller.accountId(), product)
                    .then(events.created(caller, product))
                    .thenReturn(product);
        });
    }

    Mono<CoverageProduct> read(Caller caller, UUID id) {
        return products.find(caller.accountId(), id).switchIfEmpty(notFound());
    }

    Mono<Envelopes.ListOf<CoverageProduct>> list(Caller caller, String kind, String status, PageRequest page) {
        return products.list(caller.accountId(), kind, status, page);
    }

    /**
     * Applies the fields sent, judged whole (422), then refuses a change that alters cover customers hold (409).
     * A request that changes nothing leaves the product as it was.
     */
    Mono<CoverageProduct> update(Caller caller, UUID id, CoverageProductChanges changes) {
        return products.findForUpdate(caller.accountId(), id)
                .switchIfEmpty(notFound())
                .flatMap(current -> {
                    requireWholeAccount(caller);
                    CoverageProduct changed = apply(current, changes);
                    if (changed.equals(current)) {
                        return Mono.just(current);
                    }
                    Mono<Void> allowed = current.altersCoverOf(changed)
                            ? refuseWhileHeld(caller, id, "change the cover of") : Mono.empty();
                    CoverageProduct saved = changed.updatedAt(clock.instant());
                    return allowed.then(products.update(caller.accountId(), saved))
                            .then(events.updated(caller, saved))
                            .thenReturn(saved);
                });
    }

    /** Deletes a product nobody holds; ended covers keep their own record in commerce. */
    Mono<Envelopes.Deleted> delete(Caller caller, UUID id) {
        return products.findForUpdate(caller.accountId(), id)
                .switchIfEmpty(notFound())
                .flatMap(current -> {
                    requireWholeAccount(caller);
                    Envelopes.Deleted deleted = new Envelopes.Deleted(id, CoverageProduct.OBJECT);
                    return refuseWhileHeld(caller, id, "delete")
                            .then(products.delete(caller.accountId(), id))
                            .then(events.deleted(caller, current))
                            .thenReturn(deleted);
                });
    }

    private Mono<Void> refuseWhileHeld(Caller caller, UUID id, String what) {
        return holdings.anyInForce(caller.accountId(), id).flatMap(held -> held
                ? Mono.error(new ApiException(ErrorCode.COVER_IN_FORCE, "Customers hold cover under this coverage "
                        + "product: cannot " + what + " it while that cover is in force."))
                : Mono.empty());
    }

    /**
     * {@code current} with the sent fields applied, then judged whole. A field that only applies with another
     * ({@code insurer_name} with {@code insurance}; {@code price_minor} with {@code fixed_level};
     * {@code rate_per_thousand_minor} with {@code per_thousand}) is cleared when that other field changes so that
     * it no longer applies, unless it is sent too.
     */
    private static CoverageProduct apply(CoverageProduct current, CoverageProductChanges c) {
        String kind = Patch.apply(c.kind(), current.kind());
        String pricingMode = Patch.apply(c.pricingMode(), current.pricingMode());
        String insurer = c.insurerName() == null
                ? (CoverageProduct.WAIVER.equals(kind) ? null : current.insurerName())
                : blankToNull(c.insurerName().value());
        Long price = c.priceMinor() == null
                ? (CoverageProduct.PER_THOUSAND.equals(pricingMode) ? null : current.priceMinor())
                : c.priceMinor().value();
        Long rate = c.ratePerThousandMinor() == null
                ? (CoverageProduct.FIXED_LEVEL.equals(pricingMode) ? null : current.ratePerThousandMinor())
                : c.ratePerThousandMinor().value();
        CoverageProduct changed = new CoverageProduct(current.id(), current.object(),
                c.name() == null ? current.name() : strip(c.name().value()),
                c.description() == null ? current.description() : blankToNull(c.description().value()),
                kind, insurer, pricingMode, price, rate,
                Patch.apply(c.currency(), current.currency()),
                Patch.apply(c.minCoverMinor(), current.minCoverMinor()),
                Patch.apply(c.maxCoverMinor(), current.maxCoverMinor()),
                Patch.apply(c.roundingStep(), current.roundingStep()),
                Patch.apply(c.billingCycle(), current.billingCycle()),
                c.regulatoryBasisRef() == null ? current.regulatoryBasisRef()
                        : regulatoryRef(c.regulatoryBasisRef().value()),
                Patch.apply(c.status(), current.status()),
                current.createdAt(), current.updatedAt());
        Validation v = Validation.start();
        CoverageRules.check(v, changed);
        v.orThrow();
        return changed;
    }

    /** Kept exactly as sent (so a stray control character is refused, not trimmed away); blank means none. */
    private static String regulatoryRef(String value) {
        return value == null || value.isBlank() ? null : value;
    }

    private static void requireWholeAccount(Caller caller) {
        if (caller.isSiteRestricted()) {
            throw SiteAccess.forbidden();
        }
    }

    private static <T> Mono<T> notFound() {
        return Mono.error(() -> ApiException.notFound("coverage product"));
    }
}
