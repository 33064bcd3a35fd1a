package com.storageplatform.crm.deal;

import com.storageplatform.kit.openapi.OneOf;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * The {@code deal} resource: a customer's enquiry at a site, on its way through a pipeline to won or lost. The body
 * of {@code GET /v1/deals/{id}} and the {@code data} of {@code deal.*} events.
 *
 * @param contactId          the customer (a contact of the account, never the walk-in sales record)
 * @param siteId             the site the customer asks about
 * @param channel            how the enquiry came: {@code website}, {@code phone}, {@code email}, {@code walk_in},
 *                           {@code referral} or {@code other}; null when not known
 * @param unitTypeId         the unit type the customer asks about (of the deal's site); null when none
 * @param needByDate         the day the customer needs the space, {@code YYYY-MM-DD}; null when not known
 * @param agreementId        the licence agreement the deal led to (the customer's own); null until there is one
 * @param reservationId      the reservation made for the deal (the customer's own); null when none
 * @param quotedAt           when a quote was last sent from the deal; null until one was
 * @param reservedAt         when a unit was reserved for the deal; null until one was
 * @param lastActivityAt     when the deal last changed or something was done on it
 * @param nextFollowUpOn     the day of the next call to the customer; null when none is due (a won or lost deal
 *                           has none)
 * @param nextFollowUpWindow the part of that day for the call: {@code morning}, {@code afternoon} or
 *                           {@code evening}; null for any time
 * @param status             {@code open}, {@code won} (final) or {@code lost} (can be reopened)
 * @param pipelineId         the pipeline the deal moves through
 * @param stageId            its stage in that pipeline: an {@code open} or {@code reserved} stage while open, the
 *                           pipeline's {@code won} or {@code lost} stage once closed
 * @param lostReason         why the deal was lost; kept when it is reopened, for the next time it is lost
 * @param note               free text about the enquiry, at most 2000 characters
 */
public record Deal(UUID id, String object, UUID contactId, UUID siteId, @OneOf("CHANNELS") @Nullable String channel,
        @Nullable UUID unitTypeId, @Nullable LocalDate needByDate, @Nullable UUID agreementId,
        @Nullable UUID reservationId, @Nullable Instant quotedAt, @Nullable Instant reservedAt, Instant lastActivityAt,
        @Nullable LocalDate nextFollowUpOn, @OneOf("WINDOWS") @Nullable String nextFollowUpWindow,
        @OneOf("STATUSES") String status, UUID pipelineId, UUID stageId, String lostReason, String note,
        Instant createdAt, Instant updatedAt) {

    public static final String OBJECT = "deal";

    public static final String OPEN = "open";
    public static final String WON = "won";
    public static final String LOST = "lost";
    public static final List<String> STATUSES = List.of(OPEN, WON, LOST);
    public static final List<String> CHANNELS = List.of("website", "phone", "email", "walk_in", "referral", "other");
    public static final List<String> WINDOWS = List.of("morning", "afternoon", "evening");

    Builder edit() {
        return new Builder(this);
    }

    /** A deal with some fields changed: by name, so two swapped ids of one type cannot compile silently. */
    static final class Builder {
        private UUID id;
        private UUID contactId;
        private UUID siteId;
        private String channel;
        private UUID unitTypeId;
        private LocalDate needByDate;
        private UUID agreementId;
        private UUID reservationId;
        private Instant quotedAt;
        private Instant reservedAt;
        private Instant lastActivityAt;
        private LocalDate nextFollowUpOn;
        private String nextFollowUpWindow;
        private String status;
        private UUID pipelineId;
        private UUID stageId;
        private String lostReason;
        private String note;
        private Instant createdAt;
        private Instant updatedAt;

        Builder() {
        }

        private Builder(Deal d) {
            id = d.id;
            contactId = d.contactId;
            siteId = d.siteId;
            channel = d.channel;
            unitTypeId = d.unitTypeId;
            needByDate = d.needByDate;
            agreementId = d.agreementId;
            reservationId = d.reservationId;
            quotedAt = d.quotedAt;
            reservedAt = d.reservedAt;
            lastActivityAt = d.lastActivityAt;
            nextFollowUpOn = d.nextFollowUpOn;
            nextFollowUpWindow = d.nextFollowUpWindow;
            status = d.status;
            pipelineId = d.pipelineId;
            stageId = d.stageId;
            lostReason = d.lostReason;
            note = d.note;
            createdAt = d.createdAt;
            updatedAt = d.updatedAt;
        }

        Builder id(UUID v) { id = v; return this; }
        Builder contactId(UUID v) { contactId = v; return this; }
        Builder siteId(UUID v) { siteId = v; return this; }
        Builder channel(String v) { channel = v; return this; }
        Builder unitTypeId(UUID v) { unitTypeId = v; return this; }
        Builder needByDate(LocalDate v) { needByDate = v; return this; }
        Builder agreementId(UUID v) { agreementId = v; return this; }
        Builder reservationId(UUID v) { reservationId = v; return this; }
        Builder quotedAt(Instant v) { quotedAt = v; return this; }
        Builder reservedAt(Instant v) { reservedAt = v; return this; }
        Builder lastActivityAt(Instant v) { lastActivityAt = v; return this; }
        Builder nextFollowUpOn(LocalDate v) { nextFollowUpOn = v; return this; }
        Builder nextFollowUpWindow(String v) { nextFollowUpWindow = v; return this; }
        Builder status(String v) { status = v; return this; }
        Builder pipelineId(UUID v) { pipelineId = v; return this; }
        Builder stageId(UUID v) { stageId = v; return this; }
        Builder lostReason(String v) { lostReason = v; return this; }
        Builder note(String v) { note = v; return this; }
        Builder createdAt(Instant v) { createdAt = v; return this; }
        Builder updatedAt(Instant v) { updatedAt = v; return this; }

        Deal build() {
            return new Deal(id, OBJECT, contactId, siteId, channel, unitTypeId, needByDate, agreementId,
                    reservationId, quotedAt, reservedAt, lastActivityAt, nextFollowUpOn, nextFollowUpWindow, status,
                    pipelineId, stageId, lostReason, note, createdAt, updatedAt);
        }
    }
}
