package com.storageplatform.crm.deal;

import com.storageplatform.kit.web.Patch;

/**
 * The body of {@code PATCH /v1/deals/{id}}: left out stays, {@code null} clears (the kit's Patch). A body of only
 * {@code null} values is accepted: {@code null} on a field a deal always has ({@code contact_id}, {@code site_id},
 * {@code status}, {@code pipeline_id}, {@code stage_id}) leaves it as it is.
 *
 * @param status     {@code won} wins an open deal (a member of staff must name its {@code agreement_id}),
 *                   {@code lost} loses it, {@code open} reopens a lost one; a won deal's status never changes
 * @param lostReason why the deal was lost; when a deal is marked lost without one it keeps the stored reason, else
 *                   gets the operator's {@code deal_lost_default_reason}
 * @param stageId    a stage of the deal's pipeline (or of {@code pipeline_id}) whose kind fits the status
 */
record DealChanges(Patch<String> contactId, Patch<String> siteId, Patch<String> channel, Patch<String> unitTypeId,
        Patch<String> needByDate, Patch<String> note, Patch<String> pipelineId, Patch<String> stageId,
        Patch<String> agreementId, Patch<String> reservationId, Patch<String> nextFollowUpOn,
        Patch<String> nextFollowUpWindow, Patch<String> status, Patch<String> lostReason) {
}
