package com.storageplatform.crm.deal;

import com.storageplatform.crm.pipeline.Pipeline;
import com.storageplatform.crm.pipeline.Pipeline.Stage;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.FieldIssue;
import com.storageplatform.kit.web.Patch;
import java.time.LocalDate;
import java.util.UUID;

/**
 * The pure rules of a deal (platform-api.md, States → Deal): the body's fields, every bad one in one 422, and the
 * status and stage a change leaves the deal in, refused with a 409 or a 422 naming the field.
 */
final class DealRules {

    static final int MAX_NOTE = 2000;
    static final int MAX_LOST_REASON = 500;

    private DealRules() {
    }

    /** The create body's fields, checked; ids null where absent or refused. */
    record Terms(UUID contactId, UUID siteId, UUID unitTypeId, String channel, LocalDate needByDate, String note,
            UUID pipelineId, UUID stageId, UUID agreementId, UUID reservationId, LocalDate nextFollowUpOn,
            String nextFollowUpWindow) {
    }

    static Terms check(Validation v, CreateDeal b) {
        UUID contactId = v.requiredId("contact_id", b.contactId());
        UUID siteId = v.requiredId("site_id", b.siteId());
        UUID unitTypeId = v.optionalId("unit_type_id", b.unitTypeId());
        v.oneOf("channel", b.channel(), Deal.CHANNELS);
        LocalDate needBy = v.optionalDate("need_by_date", b.needByDate());
        String note = note(v, b.note());
        UUID pipelineId = v.optionalId("pipeline_id", b.pipelineId());
        UUID stageId = v.optionalId("stage_id", b.stageId());
        UUID agreementId = v.optionalId("agreement_id", b.agreementId());
        UUID reservationId = v.optionalId("reservation_id", b.reservationId());
        LocalDate followUp = v.optionalDate("next_follow_up_on", b.nextFollowUpOn());
        v.oneOf("next_follow_up_window", b.nextFollowUpWindow(), Deal.WINDOWS);
        v.check(b.nextFollowUpWindow() != null && b.nextFollowUpOn() == null, "next_follow_up_on",
                FieldIssue.REQUIRED);
        return new Terms(contactId, siteId, unitTypeId, b.channel(), needBy, note, pipelineId, stageId, agreementId,
                reservationId, followUp, b.nextFollowUpWindow());
    }

    /**
     * A note as stored: trimmed, empty is none; over 2000 characters (after trimming) is {@code too_long}, and text
     * that cannot be shown is {@code invalid}.
     */
    static String note(Validation v, String note) {
        String trimmed = note == null || note.isBlank() ? null : note.strip();
        v.maxLength("note", trimmed, MAX_NOTE).printable("note", trimmed, true);
        return trimmed;
    }

    /**
     * The PATCH body's values, checked. Fields a deal always has ({@code contact_id}, {@code site_id},
     * {@code status}, {@code pipeline_id}, {@code stage_id}) are null when not sent or sent as {@code null}: both
     * leave them as they are. The others stay {@link Patch}es (absent, cleared, or set).
     */
    record Sent(UUID contactId, UUID siteId, String status, UUID pipelineId, UUID stageId, Patch<String> channel,
            Patch<UUID> unitTypeId, Patch<LocalDate> needByDate, Patch<String> note, Patch<UUID> agreementId,
            Patch<UUID> reservationId, Patch<LocalDate> nextFollowUpOn, Patch<String> nextFollowUpWindow,
            Patch<String> lostReason) {
    }

    static Sent check(Validation v, DealChanges c) {
        UUID contactId = v.optionalId("contact_id", Patch.apply(c.contactId(), null));
        UUID siteId = v.optionalId("site_id", Patch.apply(c.siteId(), null));
        String status = Patch.apply(c.status(), null);
        v.oneOf("status", status, Deal.STATUSES);
        UUID pipelineId = v.optionalId("pipeline_id", Patch.apply(c.pipelineId(), null));
        UUID stageId = v.optionalId("stage_id", Patch.apply(c.stageId(), null));
        v.oneOf("channel", Patch.apply(c.channel(), null), Deal.CHANNELS);
        Patch<UUID> unitType = ids(v, "unit_type_id", c.unitTypeId());
        Patch<LocalDate> needBy = dates(v, "need_by_date", c.needByDate());
        Patch<String> note = c.note() == null ? null : Patch.of(note(v, c.note().value()));
        Patch<UUID> agreement = ids(v, "agreement_id", c.agreementId());
        Patch<UUID> reservation = ids(v, "reservation_id", c.reservationId());
        Patch<LocalDate> followUp = dates(v, "next_follow_up_on", c.nextFollowUpOn());
        v.oneOf("next_follow_up_window", Patch.apply(c.nextFollowUpWindow(), null), Deal.WINDOWS);
        Patch<String> lostReason = c.lostReason() == null ? null : Patch.of(lostReason(v, c.lostReason().value()));
        return new Sent(contactId, siteId, status, pipelineId, stageId, c.channel(), unitType, needBy, note,
                agreement, reservation, followUp, c.nextFollowUpWindow(), lostReason);
    }

    /** A lost reason as stored: trimmed, empty is none, at most 500 printable characters. */
    static String lostReason(Validation v, String reason) {
        String trimmed = reason == null || reason.isBlank() ? null : reason.strip();
        v.maxLength("lost_reason", trimmed, MAX_LOST_REASON).printable("lost_reason", trimmed, false);
        return trimmed;
    }

    private static Patch<UUID> ids(Validation v, String field, Patch<String> patch) {
        return patch == null ? null : patch.map(value -> v.optionalId(field, value));
    }

    private static Patch<LocalDate> dates(Validation v, String field, Patch<String> patch) {
        return patch == null ? null : patch.map(value -> v.optionalDate(field, value));
    }

    /** Where a change leaves the deal: its status and its stage in {@code pipeline}. */
    record Move(String status, Stage stage) {

        boolean closes(Deal current) {
            return Deal.OPEN.equals(current.status()) && !Deal.OPEN.equals(status);
        }
    }

    /**
     * The status and stage after the change, judged in the state table's order. {@code pipeline} is the pipeline the
     * deal is in after the change (the one sent, else its own). {@code wins} without {@code hasAgreement} by a member
     * of staff is 422 on {@code agreement_id}.
     *
     * <ul>
     *   <li>a won deal: any other status is 409, and so is another stage than a {@code won} one;</li>
     *   <li>a lost deal cannot be won (reopen it first) and cannot move to an open stage unless reopened (422);</li>
     *   <li>the pipeline's {@code won} or {@code lost} stage with the deal open is 422 on {@code stage_id};</li>
     *   <li>a status change without a stage moves to the pipeline's stage of that kind (reopening: its first).</li>
     * </ul>
     */
    static Move judge(Deal current, Sent sent, Pipeline pipeline, boolean staff, boolean hasAgreement) {
        String status = sent.status() != null ? sent.status() : current.status();
        if (Deal.WON.equals(current.status()) && !Deal.WON.equals(status)) {
            throw ApiException.conflict("This deal is won: a won deal's status cannot change.");
        }
        if (Deal.LOST.equals(current.status()) && Deal.WON.equals(status)) {
            throw ApiException.invalid("status", FieldIssue.INVALID_TRANSITION, "A lost deal cannot be won: "
                    + "reopen it first (status open).");
        }
        Stage stage = null;
        if (sent.stageId() != null) {
            stage = pipeline.stage(sent.stageId()).orElseThrow(() -> ApiException.invalid("stage_id",
                    FieldIssue.NOT_FOUND, "The deal's pipeline " + pipeline.id() + " has no stage "
                            + sent.stageId() + "."));
            fits(current, status, stage);
        } else if (!status.equals(current.status()) || !pipeline.id().equals(current.pipelineId())) {
            stage = pipeline.firstOf(status).orElseThrow(() -> ApiException.conflict("The pipeline "
                    + pipeline.id() + " has no " + status + " stage for the deal."));
        } else {
            stage = pipeline.stage(current.stageId()).orElseThrow();
        }
        if (staff && Deal.OPEN.equals(current.status()) && Deal.WON.equals(status) && !hasAgreement) {
            throw ApiException.invalid("agreement_id", FieldIssue.REQUIRED, "A member of staff wins a deal only "
                    + "by naming the customer's licence agreement (agreement_id).");
        }
        return new Move(status, stage);
    }

    /** The stage sent must be of the kind the status after the change stands in. */
    private static void fits(Deal current, String status, Stage stage) {
        if (Deal.WON.equals(current.status()) && !Pipeline.WON.equals(stage.kind())) {
            throw ApiException.conflict("This deal is won: it cannot move to the " + stage.kind() + " stage \""
                    + stage.name() + "\".");
        }
        if (Deal.OPEN.equals(status) && !stage.holdsOpenDeals()) {
            throw ApiException.invalid("stage_id", FieldIssue.NOT_ALLOWED, "\"" + stage.name() + "\" is the "
                    + "pipeline's " + stage.kind() + " stage: an open deal stands in an open or reserved stage (send "
                    + "status " + stage.kind() + " to close it).");
        }
        if (!Deal.OPEN.equals(status) && !status.equals(stage.kind())) {
            throw ApiException.invalid("stage_id", FieldIssue.INVALID_TRANSITION, "A " + status + " deal cannot "
                    + "move to the " + stage.kind() + " stage \"" + stage.name() + "\""
                    + (Deal.LOST.equals(status) && stage.holdsOpenDeals() ? ": reopen it (status open)." : "."));
        }
    }
}
