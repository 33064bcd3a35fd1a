package com.storageplatform.crm.deal;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/**
 * The body of {@code POST /v1/deals} (conventions.md: deal).
 *
 * @param contactId     the customer: a contact of the account, never the walk-in sales record
 * @param siteId        a site of the account, within the credential's sites
 * @param unitTypeId    a unit type at that site
 * @param note          trimmed; at most 2000 characters; empty is none
 * @param pipelineId    by default the account's default pipeline (that of {@code stage_id} when only that is sent)
 * @param stageId       an {@code open} or {@code reserved} stage of the pipeline; by default its first stage
 * @param agreementId   a licence agreement of the same customer
 * @param reservationId a reservation of the same customer
 */
@Schema(requiredProperties = {"contact_id", "site_id"})
public record CreateDeal(String contactId, String siteId, String unitTypeId, @Nullable String channel,
        @Nullable String needByDate, String note, String pipelineId, String stageId, String agreementId,
        String reservationId, @Nullable String nextFollowUpOn, @Nullable String nextFollowUpWindow) {
}
