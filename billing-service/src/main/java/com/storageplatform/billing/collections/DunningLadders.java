package com.storageplatform.billing.collections;

import com.storageplatform.billing.collections.DunningLadder.SaleNotice;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.web.Patch;
import java.time.Clock;
import java.util.List;
import java.util.UUID;
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

    /**
     * {@code steps} replaces the ladder (checked by {@link LadderRules}); {@code null}, or the default's steps,
     * restores the default. {@code sale_notice} likewise replaces the lien sale's notices. Both are checked before
     * either is written.
     */
    Mono<DunningLadder> update(Caller caller, LadderChanges body) {
        return Mono.defer(() -> {
            UUID accountId = caller.accountId();
            Patch<List<LadderChanges.StepInput>> sent = body == null ? null : body.steps();
            Patch<LadderChanges.SaleNoticeInput> notice = body == null ? null : body.saleNotice();
            List<DunningLadder.Step> steps = Patch.sent(sent) && !sent.isNull() ? LadderRules.steps(sent.value())
                    : null;
            SaleNotice saleNotice = Patch.sent(notice) && !notice.isNull()
                    ? LadderRules.saleNotice(notice.value()) : null;
            Mono<Void> stepsSaved = !Patch.sent(sent) ? Mono.empty()
                    : steps == null || steps.equals(DunningLadder.DEFAULT) ? ladders.reset(accountId)
                    : ladders.save(accountId, steps, clock.instant());
            Mono<Void> noticeSaved = !Patch.sent(notice) ? Mono.empty()
                    : saleNotice == null || saleNotice.equals(SaleNotice.DEFAULT) ? ladders.resetSaleNotice(accountId)
                    : ladders.saveSaleNotice(accountId, saleNotice, clock.instant());
            return stepsSaved.then(noticeSaved).then(ladders.of(accountId));
        });
    }
}
