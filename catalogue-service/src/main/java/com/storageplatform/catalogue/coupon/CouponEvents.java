package com.storageplatform.catalogue.coupon;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.outbox.EventPublisher;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** The internal events of coupons on {@code catalogue.events}, with the coupon's API shape as {@code data}. */
@Component
class CouponEvents {

    static final String CREATED = "coupon.created";
    static final String UPDATED = "coupon.updated";
    static final String ARCHIVED = "coupon.archived";

    private final EventPublisher events;

    CouponEvents(EventPublisher events) {
        this.events = events;
    }

    Mono<Void> created(Caller caller, Coupon coupon) {
        return events.publish(caller, CREATED, coupon.id(), coupon).then();
    }

    /** {@code coupon.archived} when the change archives it, else {@code coupon.updated}. */
    Mono<Void> changed(Caller caller, Coupon before, Coupon after) {
        boolean archived = !Coupon.ARCHIVED.equals(before.status()) && Coupon.ARCHIVED.equals(after.status());
        return events.publish(caller, archived ? ARCHIVED : UPDATED, after.id(), after).then();
    }
}
