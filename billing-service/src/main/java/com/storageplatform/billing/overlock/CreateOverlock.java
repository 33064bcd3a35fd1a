package com.storageplatform.billing.overlock;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * The body of {@code POST /v1/overlocks}: an overlock applied by hand.
 *
 * @param agreementId the agreement whose unit to lock: pending move-in, active or under notice
 * @param reason      why, as staff would say it (printable, at most 500 characters)
 */
@Schema(requiredProperties = {"agreement_id", "reason"})
public record CreateOverlock(String agreementId, String reason) {
}
