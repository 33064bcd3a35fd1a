package com.storageplatform.webhooks;

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
                "(SELECT endpoint_id FROM webhook_deliveries WHERE status = 'pending' ORDER BY endpoint_id LIMIT 1)",
                "the delivery claim (DeliveryQueue.CLAIM) finds the endpoints with new deliveries of every account"
                        + " by a skip scan: it starts at the first entry of webhook_deliveries_pending, which has no"
                        + " condition but reads one entry; DeliveryClaimTest bounds the rows the whole claim reads"));
    }
}
