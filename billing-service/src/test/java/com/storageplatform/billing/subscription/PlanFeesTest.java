package com.storageplatform.billing.subscription;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.testsupport.PlatformTest;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The stretches of a plan's days with its fee a month net of their promotion ({@code report_plan_fees}, which the
 * occupancy and revenue reports read) follow every change the fee depends on, in the change's own transaction: the
 * plan made, a period invoiced with the promotion that discounted it, the invoice voided, a promotion added and
 * removed, the plan cancelled.
 */
@PlatformTest
class PlanFeesTest extends PlanRunTest {

    /** {@code from..to fee}, in order of days. */
    private List<String> stretches(String planId) {
        return db.sql("""
                SELECT from_date::text, to_date::text, monthly_fee_minor FROM report_plan_fees
                 WHERE subscription_id = :id ORDER BY from_date
                """).bind("id", UUID.fromString(planId))
                .map(row -> row.get("from_date") + ".." + row.get("to_date") + " " + row.get("monthly_fee_minor"))
                .all().collectList().block();
    }

    @Test
    void aOncePromotionDiscountsTheFirstInvoicedPeriodAndTheDaysAfterPayInFull() {
        f.bookings.coupon(f.caller, "HALF", "percent", 50, "once", null);
        String id = f.monthlyPlan(f.agreement(TODAY, 9500), ", \"promotion_code\": \"HALF\"").get("id").asString();
        // Nothing invoiced yet: every day is discounted by the promotion on the plan, which has a period to give.
        assertThat(stretches(id)).containsExactly("2027-03-10..infinity 4750");

        run();
        // The first period took the promotion; the days after it have none left.
        assertThat(stretches(id)).containsExactly("2027-03-10..2027-04-09 4750", "2027-04-10..infinity 9500");

        // Voided, the period no longer stands nor used the promotion: every day is discounted again.
        String first = invoicesOf(id).get(0).get("id").asString();
        invoices.action(f.caller, first, "void", "{}").expectStatus().isOk();
        assertThat(stretches(id)).containsExactly("2027-03-10..infinity 4750");
    }

    @Test
    void aPromotionAddedOrRemovedChangesTheDaysNotYetInvoicedAndACancelEndsThem() {
        f.bookings.coupon(f.caller, "TENOFF", "percent", 10, "forever", null);
        String id = f.monthlyPlan(f.agreement(TODAY, 9500), "").get("id").asString();
        run();
        assertThat(stretches(id)).containsExactly("2027-03-10..2027-04-09 9500", "2027-04-10..infinity 9500");

        f.api.action(f.caller, id, "promotion", "{\"promotion_code\": \"TENOFF\"}").expectStatus().isOk();
        assertThat(stretches(id)).containsExactly("2027-03-10..2027-04-09 9500", "2027-04-10..infinity 8550");

        f.api.delete(f.caller, id + "/promotion").expectStatus().isOk();
        assertThat(stretches(id)).containsExactly("2027-03-10..2027-04-09 9500", "2027-04-10..infinity 9500");

        f.api.action(f.caller, id, "cancel", "{\"effective_date\": \"2027-04-09\"}").expectStatus().isOk();
        assertThat(stretches(id)).containsExactly("2027-03-10..2027-04-09 9500");
    }
}
