package com.storageplatform.catalogue.coupon;

import static com.storageplatform.kit.validation.Text.strip;

import com.storageplatform.catalogue.quotes.Quotes;
import com.storageplatform.catalogue.unittype.SiteAndUnitTypeReferences;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.SiteAccess;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.Envelopes;
import com.storageplatform.kit.web.FieldIssue;
import com.storageplatform.kit.web.Patch;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Mono;

/**
 * Coupons of the caller's account. A site-restricted caller sees the coupons that apply at one of its sites, and
 * writes only coupons limited to its own sites (403 {@code site_forbidden} otherwise). While a live quote carries
 * a coupon (the {@link Quotes} projection), its terms cannot change (409 {@code conflict}).
 */
@Service
class CouponService {

    private final CouponRepository coupons;
    private final SiteAndUnitTypeReferences references;
    private final Quotes quotes;
    private final CouponEvents events;
    private final Clock clock;

    CouponService(CouponRepository coupons, SiteAndUnitTypeReferences references, Quotes quotes, CouponEvents events,
            Clock clock) {
        this.coupons = coupons;
        this.references = references;
        this.quotes = quotes;
        this.events = events;
        this.clock = clock;
    }

    Mono<Coupon> create(Caller caller, CreateCoupon body) {
        return Mono.defer(() -> {
            Validation v = Validation.start();
            Instant now = clock.instant();
            Coupon coupon = new Coupon(Ids.newId(), Coupon.OBJECT, strip(body.name()),
                    CouponRules.code(v, body.code()), body.discountKind(), body.discountValue(), body.currency(),
                    body.duration(), CouponRules.durationMonths(v, body.durationMonths()),
                    orDefault(body.online(), true), orDefault(body.autoApply(), false),
                    CouponRules.ids(v, "site_ids", body.siteIds()),
                    CouponRules.ids(v, "unit_type_ids", body.unitTypeIds()),
                    orDefault(body.advertised(), false), null,
                    body.status() == null ? Coupon.ACTIVE : body.status(),
                    v.optionalDate("valid_from", body.validFrom()),
                    v.optionalDate("valid_to", body.validTo()),
                    CouponRules.maxRedemptions(v, body.maxRedemptions()), now, now);
            requireWritable(caller, coupon);
            CouponRules.check(v, coupon);
            return references.checkTypesAtNamedSites(caller, v, body.siteIds(), body.unitTypeIds())
                    .then(Mono.fromRunnable(v::orThrow))
                    .then(Mono.defer(() -> coupons.insert(caller.accountId(), coupon)))
                    .flatMap(inserted -> inserted ? events.created(caller, coupon).thenReturn(coupon)
                            : Mono.error(codeTaken(coupon.code())));
        });
    }

    /** 404 when the account has no such coupon; 403 when it applies at none of a restricted caller's sites. */
    Mono<Coupon> read(Caller caller, UUID id) {
        return coupons.find(caller.accountId(), id).switchIfEmpty(notFound()).map(coupon -> visible(caller, coupon));
    }

    Mono<Envelopes.ListOf<Coupon>> list(Caller caller, String code, String status, UUID siteId, Boolean advertised,
            PageRequest page) {
        return Mono.defer(() -> {
            if (siteId != null) {
                SiteAccess.require(caller, siteId);
            }
            return coupons.list(caller, code, status, siteId, advertised, page);
        });
    }

    /**
     * Applies the fields sent, judged whole (422); then a change of terms while a live quote carries the coupon is
     * 409, and a code another coupon has is 409. A request that changes nothing leaves the coupon as it was.
     */
    Mono<Coupon> update(Caller caller, UUID id, CouponChanges changes) {
        return coupons.findForUpdate(caller.accountId(), id)
                .switchIfEmpty(notFound())
                .flatMap(current -> {
                    visible(caller, current);
                    requireWritable(caller, current);
                    Validation v = Validation.start();
                    Coupon changed = apply(v, current, changes);
                    requireWritable(caller, changed);
                    CouponRules.check(v, changed);
                    Mono<Void> referencesChecked = Patch.sent(changes.siteIds()) || Patch.sent(changes.unitTypeIds())
                            ? references.checkTypesAtNamedSites(caller, v,
                                    Patch.apply(changes.siteIds(), texts(current.siteIds())),
                                    Patch.apply(changes.unitTypeIds(), texts(current.unitTypeIds())))
                            : Mono.empty();
                    return referencesChecked.then(Mono.fromRunnable(v::orThrow))
                            .then(Mono.defer(() -> changed.equals(current) ? Mono.just(current)
                                    : save(caller, current, changed)));
                });
    }

    private Mono<Coupon> save(Caller caller, Coupon current, Coupon changed) {
        Mono<Void> termsFree = !current.termsDifferFrom(changed) ? Mono.empty()
                : quotes.anyLiveCarrying(caller.accountId(), current.id()).flatMap(live -> live
                        ? Mono.error(ApiException.conflict("A live quote carries this coupon: its discount_kind, "
                                + "discount_value, currency, duration and duration_months cannot change until "
                                + "that quote is accepted, withdrawn or expires."))
                        : Mono.empty());
        Mono<Void> codeFree = changed.code() == null || changed.code().equals(current.code()) ? Mono.empty()
                : coupons.codeTaken(caller.accountId(), changed.code(), current.id())
                        .flatMap(taken -> taken ? Mono.error(codeTaken(changed.code())) : Mono.empty());
        Coupon saved = changed.updatedAt(clock.instant());
        return termsFree.then(codeFree)
                .then(coupons.update(caller.accountId(), saved))
                .then(events.changed(caller, current, saved))
                .thenReturn(saved);
    }

    /**
     * {@code current} with the sent fields applied. A field that only applies with another ({@code currency} with
     * {@code fixed_amount}, {@code duration_months} with {@code repeating}) is cleared when that other field
     * changes so that it no longer applies, unless it is sent too.
     */
    private static Coupon apply(Validation v, Coupon current, CouponChanges c) {
        String kind = Patch.apply(c.discountKind(), current.discountKind());
        String duration = Patch.apply(c.duration(), current.duration());
        String currency = c.currency() == null ? (Coupon.PERCENT.equals(kind) ? null : current.currency())
                : c.currency().value();
        Integer months = c.durationMonths() == null
                ? (Coupon.REPEATING.equals(duration) ? current.durationMonths() : null)
                : CouponRules.durationMonths(v, c.durationMonths().value());
        return new Coupon(current.id(), current.object(),
                c.name() == null ? current.name() : strip(c.name().value()),
                c.code() == null ? current.code() : CouponRules.code(v, c.code().value()),
                kind, Patch.apply(c.discountValue(), current.discountValue()), currency, duration, months,
                bool(v, "online", c.online(), current.online()),
                bool(v, "auto_apply", c.autoApply(), current.autoApply()),
                c.siteIds() == null ? current.siteIds() : CouponRules.ids(v, "site_ids", c.siteIds().value()),
                c.unitTypeIds() == null ? current.unitTypeIds()
                        : CouponRules.ids(v, "unit_type_ids", c.unitTypeIds().value()),
                bool(v, "advertised", c.advertised(), current.advertised()), null,
                Patch.apply(c.status(), current.status()),
                c.validFrom() == null ? current.validFrom() : v.optionalDate("valid_from", c.validFrom().value()),
                c.validTo() == null ? current.validTo() : v.optionalDate("valid_to", c.validTo().value()),
                c.maxRedemptions() == null ? current.maxRedemptions()
                        : CouponRules.maxRedemptions(v, c.maxRedemptions().value()),
                current.createdAt(), current.updatedAt());
    }

    /** A restricted caller sees a coupon for every site, or one naming at least one of its sites. */
    private static Coupon visible(Caller caller, Coupon coupon) {
        if (caller.isSiteRestricted() && !coupon.siteIds().isEmpty()
                && coupon.siteIds().stream().noneMatch(caller.siteIds()::contains)) {
            throw SiteAccess.forbidden();
        }
        return coupon;
    }

    /** A restricted caller writes only coupons limited to its own sites: one for every site reaches beyond them. */
    private static void requireWritable(Caller caller, Coupon coupon) {
        if (caller.isSiteRestricted()) {
            if (coupon.siteIds().isEmpty()) {
                throw SiteAccess.forbidden();
            }
            coupon.siteIds().forEach(site -> SiteAccess.require(caller, site));
        }
    }

    /** A flag that always has a value: {@code null} sent for it is {@code required}. */
    private static boolean bool(Validation v, String field, Patch<Boolean> patch, boolean current) {
        if (patch == null) {
            return current;
        }
        v.check(patch.isNull(), field, FieldIssue.REQUIRED);
        return Objects.requireNonNullElse(patch.value(), current);
    }

    /** Stored ids as a client sends them, so that entries are judged and named the same whichever was sent. */
    private static List<String> texts(List<UUID> ids) {
        return ids.stream().map(UUID::toString).toList();
    }

    private static boolean orDefault(Boolean value, boolean fallback) {
        return value == null ? fallback : value;
    }

    private static ApiException codeTaken(String code) {
        return ApiException.conflict("Another coupon of this account already has the code " + code + ".");
    }

    private static <T> Mono<T> notFound() {
        return Mono.error(() -> ApiException.notFound("coupon"));
    }
}
