package com.storageplatform.catalogue.pricing;

import com.storageplatform.catalogue.internal.ResourceEvents;
import com.storageplatform.kit.outbox.EventPublisher;
import org.springframework.stereotype.Component;

/** {@code rate_plan.created}, {@code rate_plan.updated} and {@code rate_plan.deleted} (the plan as it last was). */
@Component
class RatePlanEvents extends ResourceEvents<RatePlan> {

    RatePlanEvents(EventPublisher events) {
        super(events, RatePlan.OBJECT, RatePlan::id, plan -> false);
    }
}
