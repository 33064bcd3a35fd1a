package com.storageplatform.billing.collections;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/** The bodies of {@code /v1/sale-processes}' requests. */
final class SaleProcessBodies {

    private SaleProcessBodies() {
    }

    /**
     * The body of {@code POST /v1/sale-processes}.
     *
     * @param agreementId the agreement whose unit's goods are to be sold: pending move-in, active or under notice;
     *                    its customer's debt is the one the sale is for
     */
    @Schema(name = "CreateSaleProcess", requiredProperties = {"agreement_id"})
    record Open(String agreementId) {
    }

    /**
     * The body of {@code POST /v1/sale-processes/{id}/sell}.
     *
     * @param soldOn        the day the goods were sold: not before the sale date, not after today
     * @param proceedsMinor what the sale raised, net of its costs, in minor units of the process's currency: 0 or
     *                      more
     */
    @Schema(name = "SellSaleProcess", requiredProperties = {"sold_on", "proceeds_minor"})
    record Sell(String soldOn, Long proceedsMinor) {
    }

    /**
     * The body of {@code POST /v1/sale-processes/{id}/close}.
     *
     * @param reason {@code withdrawn}: the operator stops the sale ({@code paid} is the platform's own, when the
     *               customer pays everything)
     */
    @Schema(name = "CloseSaleProcess", requiredProperties = {"reason"})
    record Close(String reason) {
    }
}
