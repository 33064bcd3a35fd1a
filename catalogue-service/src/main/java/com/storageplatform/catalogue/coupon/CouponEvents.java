package com.storageplatform.catalogue.coupon;

import com.storageplatform.catalogue.internal.ResourceEvents;
import com.storageplatform.kit.outbox.EventPublisher;
import org.springframework.stereotype.Component;

/** {@code coupon.created}, {@code coupon.updated} and {@code coupon.archived}, with the coupon as {@code data}. */
@Component
class CouponEvents extends ResourceEvents<Coupon> {

    CouponEvents(EventPublisher events) {
        super(events, Coupon.OBJECT, Coupon::id, coupon -> Coupon.ARCHIVED.equals(coupon.status()));
    }
}
