package com.storageplatform.kit;

import com.storageplatform.kit.testsupport.QueryPlanAudit;
import org.junit.jupiter.api.Order;

/**
 * Runs last: every statement the kit's sample application and mechanics sent in this module's tests finds its
 * tenant rows by an index.
 */
@Order(Integer.MAX_VALUE)
class QueryPlansTest extends QueryPlanAudit {
}
