package com.storageplatform.billing.collections;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.web.Patch;
import java.time.Clock;
import java.util.List;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Mono;

/**
 * {@code /v1/dunning-ladder}: the account's ladder, its own or the default. A change applies to cases opened from
 * then on; an open case keeps the ladder it opened with (ADR 0028).
 */
@Service
class DunningLadders {

    private final LadderRepository ladders;
    private final Clock clock;

    DunningLadders(LadderRepository ladders, Clock clock) {
        this.ladders = ladders;
        this.clock = clock;
    }

    Mono<DunningLadder> of(Caller caller) {
        return ladders.of(caller.accountId());
    }

    /** {@code steps} replaces the ladder (checked by {@link LadderRules}); {@code null}, or the default's
     * steps, restores the default. */
    Mono<DunningLadder> update(Caller caller, LadderChanges body) {
        return Mono.defer(() -> {
            Patch<List<LadderChanges.StepInput>> sent = body == null ? null : body.steps();
            if (!Patch.sent(sent)) {
                return ladders.of(caller.accountId());
            }
            if (sent.isNull()) {
                return ladders.reset(caller.accountId()).then(ladders.of(caller.accountId()));
            }
            List<DunningLadder.Step> steps = LadderRules.steps(sent.value());
            if (steps.equals(DunningLadder.DEFAULT)) {
                return ladders.reset(caller.accountId()).then(ladders.of(caller.accountId()));
            }
            return ladders.save(caller.accountId(), steps, clock.instant()).then(ladders.of(caller.accountId()));
        });
    }
}
