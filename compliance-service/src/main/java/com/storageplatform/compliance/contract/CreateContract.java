package com.storageplatform.compliance.contract;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * The body of {@code POST /v1/contracts}.
 *
 * @param agreementId a quote or draft licence agreement of the account, as commerce published it
 */
@Schema(requiredProperties = {"agreement_id"})
record CreateContract(String agreementId) {
}
