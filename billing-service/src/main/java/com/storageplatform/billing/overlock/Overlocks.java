package com.storageplatform.billing.overlock;

import com.storageplatform.billing.internal.Records;
import com.storageplatform.kit.caller.Caller;
import java.util.List;
import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** What the dunning ladder asks of overlocks: the one way other features reach them. */
@Component
public class Overlocks {

    /** The reason an overlock the dunning ladder asked for carries. */
    public static final String ARREARS = "arrears";

    private final OverlockService overlocks;
    private final Records records;

    Overlocks(OverlockService overlocks, Records records) {
        this.overlocks = overlocks;
        this.records = records;
    }

    /**
     * An overlock requested for each of the customer's agreements holding a unit that has none in force, for the
     * case {@code caseId}; answers those it requested (none when every unit is locked already).
     */
    public Mono<List<Overlock>> requestForCustomer(Caller caller, UUID contactId, UUID caseId) {
        return records.agreementsHoldingUnits(caller.accountId(), contactId)
                .concatMap(agreement -> overlocks.request(caller, agreement, caseId, ARREARS))
                .collectList();
    }

    /** The release of each of the case's overlocks in force requested (the case closed); answers how many. */
    public Mono<Long> releaseForCase(Caller caller, UUID caseId) {
        return overlocks.releaseForCase(caller, caseId);
    }
}
