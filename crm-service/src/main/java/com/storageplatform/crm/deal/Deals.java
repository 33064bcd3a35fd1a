package com.storageplatform.crm.deal;

import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * What other features may read of the account's deals: the deal a task or note names, with its customer and site.
 * The {@code deals} table stays this feature's (ModuleBoundariesTest).
 */
@Component
public class Deals {

    private final DealRepository deals;

    Deals(DealRepository deals) {
        this.deals = deals;
    }

    /** The account's deal; empty when the account has no such deal. */
    public Mono<Deal> find(UUID accountId, UUID dealId) {
        return deals.find(accountId, dealId);
    }
}
