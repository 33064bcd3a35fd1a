package com.storageplatform.commerce;

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
                "FROM imports WHERE status IN ('queued', 'running') AND (lease_until IS NULL OR lease_until <= $2)",
                "the import runner's claim (ImportRepository.claimDue) takes the oldest due imports of every"
                        + " account: it walks the queued and running ones in order (imports_due keeps only those)"
                        + " and stops at its batch, so it reads the queue, however many operators there are"));
    }
}
