package com.storageplatform.billing.accounting;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.db.AfterCommit;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.polling.WakeUpSignal;
import java.time.Clock;
import java.util.UUID;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * Queues a push in the caller's transaction, once per (subject, action) whichever path or repetition asks, and
 * wakes the sender after the commit.
 */
@Component
class SyncQueue {

    private final SyncRepository syncs;
    private final WakeUpSignal signal;
    private final Clock clock;

    SyncQueue(SyncRepository syncs, @Qualifier("accountingSyncSignal") WakeUpSignal signal, Clock clock) {
        this.syncs = syncs;
        this.signal = signal;
        this.clock = clock;
    }

    Mono<Void> queue(Caller caller, String subjectType, UUID subjectId, String action, UUID invoiceId,
            JsonNode subject) {
        if (caller.accountId() == null || caller.operatorId() == null || caller.environment() == null) {
            return Mono.empty();
        }
        return syncs.queue(caller, subjectType, subjectId, action, invoiceId, subject, Ids.newId(), clock.instant())
                .flatMap(queued -> queued ? AfterCommit.run(signal::wake) : Mono.empty());
    }
}
