package com.storageplatform.catalogue.coupon;

import com.storageplatform.kit.web.ErrorCode;
import com.storageplatform.kit.openapi.ApiErrors;
import com.storageplatform.kit.openapi.FilteredBy;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.paging.ListFilters;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.Envelopes;
import java.util.Optional;
import java.util.UUID;
import com.storageplatform.kit.openapi.ScopeFamily;
import org.springframework.http.HttpStatus;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * {@code /v1/coupons} (scopes {@code catalogue:read} and {@code catalogue:write}, at the gateway). Coupons are never
 * deleted: reservations and plans name them, so a coupon is withdrawn with status {@code archived} and
 * {@code DELETE} is 405.
 */
@RestController
@ScopeFamily("catalogue")
class CouponResource {

    private final CouponService coupons;

    CouponResource(CouponService coupons) {
        this.coupons = coupons;
    }

    @ApiErrors({ErrorCode.CONFLICT, ErrorCode.SITE_FORBIDDEN})
    @PostMapping("/v1/coupons")
    @ResponseStatus(HttpStatus.CREATED)
    Mono<Envelopes.Data<Coupon>> create(Caller caller, @RequestBody CreateCoupon body) {
        return coupons.create(caller, body).map(Envelopes::data);
    }

    @GetMapping("/v1/coupons/{id}")
    Mono<Envelopes.Data<Coupon>> read(Caller caller, @PathVariable String id) {
        return coupons.read(caller, Ids.fromPath(id)).map(Envelopes::data);
    }

    /** Newest first; filters {@code code} (any case), {@code status}, {@code site_id}, {@code advertised}. */
    @FilteredBy({"code", "status", "site_id", "advertised"})
    @GetMapping("/v1/coupons")
    Mono<Envelopes.ListOf<Coupon>> list(Caller caller, @RequestParam MultiValueMap<String, String> query) {
        ListFilters filters = ListFilters.of(query);
        String code = filters.parsed("code", CouponResource::code);
        String status = filters.oneOf("status", Coupon.STATUSES);
        UUID siteId = filters.id("site_id");
        Boolean advertised = filters.bool("advertised");
        return coupons.list(caller, code, status, siteId, advertised, filters.page());
    }

    @ApiErrors({ErrorCode.CONFLICT, ErrorCode.SITE_FORBIDDEN})
    @PatchMapping("/v1/coupons/{id}")
    Mono<Envelopes.Data<Coupon>> update(Caller caller, @PathVariable String id, @RequestBody CouponChanges changes) {
        return coupons.update(caller, Ids.fromPath(id), changes).map(Envelopes::data);
    }

    /** A code filter matches in any case: the code as stored, or empty when no coupon could have it. */
    private static Optional<String> code(String value) {
        Validation v = Validation.start();
        String code = CouponRules.code(v, value);
        return v.isValid() ? Optional.ofNullable(code) : Optional.empty();
    }
}
