package com.storageplatform.catalogue.pricing;

import com.storageplatform.catalogue.internal.ResourceEvents;
import com.storageplatform.kit.outbox.EventPublisher;
import org.springframework.stereotype.Component;

/** {@code price_rule.created}, {@code price_rule.updated} and {@code price_rule.deleted} (the rule as it last was). */
@Component
class PriceRuleEvents extends ResourceEvents<PriceRule> {

    PriceRuleEvents(EventPublisher events) {
        super(events, PriceRule.OBJECT, PriceRule::id, rule -> false);
    }
}
