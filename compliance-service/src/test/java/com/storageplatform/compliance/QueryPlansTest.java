package com.storageplatform.compliance;

import com.storageplatform.kit.testsupport.QueryPlanAudit;
import com.storageplatform.kit.testsupport.QueryPlans;
import java.util.List;
import org.junit.jupiter.api.Order;

/** Runs last: every statement the other test classes made the service send finds its tenant rows by an index. */
@Order(Integer.MAX_VALUE)
class QueryPlansTest extends QueryPlanAudit {

    @Override
    protected List<QueryPlans.Exemption> exemptions() {
        return List.of(new QueryPlans.Exemption(
                "FROM access_commands p WHERE p.status = 'pending' AND p.next_attempt_at <= $2",
                "the command sender's claim (CommandRepository.claimDue) takes the oldest due commands of every"
                        + " account: it walks the pending ones in order (access_commands_pending keeps only those)"
                        + " and stops at its batch, so it reads the queue, however many operators there are"));
    }
}
