package com.storageplatform.crm;

import com.storageplatform.kit.testsupport.QueryPlanAudit;
import org.junit.jupiter.api.Order;

/** Runs last: every statement the other test classes made the service send finds its tenant rows by an index. */
@Order(Integer.MAX_VALUE)
class QueryPlansTest extends QueryPlanAudit {
}
