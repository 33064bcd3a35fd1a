package com.storageplatform.commerce.agreement;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.storageplatform.kit.openapi.OneOf;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * A licence agreement as clients see it (always a licence, never a lease): a customer's right to use one unit.
 * The body of {@code GET /v1/agreements/{id}} and the {@code data} of {@code agreement.*} events.
 *
 * @param contactId       the customer
 * @param unitId          the unit licensed; the agreement holds it from booking until it ends
 * @param siteId          the unit's site (read-only, follows {@code unit_id})
 * @param unitTypeId      the unit's type (read-only, follows {@code unit_id})
 * @param reservationId   the reservation the booking took up, named or not; null when none
 * @param orderId         the online order the agreement came from; null when booked another way
 * @param licenceFeeMinor the licence fee per month, in minor units of {@code currency}
 * @param moveInDate      the day the customer moves in (the site's time zone); cover starts on it
 * @param noticeDate      the day notice was given (the site's time zone); null until then
 * @param endDate         the last day of the licence: set by notice or termination
 * @param status          where the agreement is in its lifecycle (see the state table in the docs)
 * @param signedAt        when the customer signed
 * @param movedInAt       when the customer moved in
 * @param terminatedAt    when the agreement was terminated
 * @param accessStatus    whether the customer may be let in: {@code drafted} until signed, {@code signed},
 *                        {@code access_held} while an ID check the operator requires has not passed,
 *                        {@code access_released} once it has (or staff let the customer in)
 * @param cover           the cover held with the agreement; null when none
 */
public record Agreement(UUID id, String object, UUID contactId, UUID unitId, UUID siteId, UUID unitTypeId,
        @Nullable UUID reservationId, @Nullable UUID orderId, long licenceFeeMinor, String currency,
        LocalDate moveInDate, @Nullable LocalDate noticeDate, LocalDate endDate, @OneOf("STATUSES") String status,
        Instant signedAt, Instant movedInAt, Instant terminatedAt, @OneOf("ACCESS_STATUSES") String accessStatus,
        @Nullable Cover cover, Instant createdAt, Instant updatedAt) {

    public static final String OBJECT = "agreement";

    public static final String QUOTE = "quote";
    public static final String DRAFT = "draft";
    public static final String PENDING_MOVE_IN = "pending_move_in";
    public static final String ACTIVE = "active";
    public static final String NOTICE_GIVEN = "notice_given";
    public static final String TERMINATED = "terminated";
    public static final List<String> STATUSES = List.of(QUOTE, DRAFT, PENDING_MOVE_IN, ACTIVE, NOTICE_GIVEN,
            TERMINATED);
    /** The statuses an agreement may be created in. */
    public static final List<String> CREATE_STATUSES = List.of(QUOTE, DRAFT);

    public static final String DRAFTED = "drafted";
    public static final String SIGNED = "signed";
    public static final String ACCESS_HELD = "access_held";
    public static final String ACCESS_RELEASED = "access_released";
    public static final List<String> ACCESS_STATUSES = List.of(DRAFTED, SIGNED, ACCESS_HELD, ACCESS_RELEASED);

    /** A rule of the code, not a field: the JSON (responses, events, the API description) never carries it. */
    @JsonIgnore
    public boolean isTerminated() {
        return TERMINATED.equals(status);
    }

    Builder with() {
        return new Builder(this);
    }

    /** A copy with some fields changed, by name, so two swapped values of one type cannot compile silently. */
    static final class Builder {
        private final Agreement a;
        private UUID contactId;
        private UUID unitId;
        private UUID siteId;
        private UUID unitTypeId;
        private long licenceFeeMinor;
        private LocalDate moveInDate;
        private LocalDate noticeDate;
        private LocalDate endDate;
        private String status;
        private Instant signedAt;
        private Instant movedInAt;
        private Instant terminatedAt;
        private String accessStatus;
        private Cover cover;
        private Instant updatedAt;

        private Builder(Agreement a) {
            this.a = a;
            contactId = a.contactId;
            unitId = a.unitId;
            siteId = a.siteId;
            unitTypeId = a.unitTypeId;
            licenceFeeMinor = a.licenceFeeMinor;
            moveInDate = a.moveInDate;
            noticeDate = a.noticeDate;
            endDate = a.endDate;
            status = a.status;
            signedAt = a.signedAt;
            movedInAt = a.movedInAt;
            terminatedAt = a.terminatedAt;
            accessStatus = a.accessStatus;
            cover = a.cover;
            updatedAt = a.updatedAt;
        }

        Builder contactId(UUID value) {
            contactId = value;
            return this;
        }

        Builder unit(UUID unit, UUID site, UUID unitType) {
            unitId = unit;
            siteId = site;
            unitTypeId = unitType;
            return this;
        }

        Builder licenceFeeMinor(long value) {
            licenceFeeMinor = value;
            return this;
        }

        Builder moveInDate(LocalDate value) {
            moveInDate = value;
            return this;
        }

        Builder noticeDate(LocalDate value) {
            noticeDate = value;
            return this;
        }

        Builder endDate(LocalDate value) {
            endDate = value;
            return this;
        }

        Builder status(String value) {
            status = value;
            return this;
        }

        Builder signedAt(Instant value) {
            signedAt = value;
            return this;
        }

        Builder movedInAt(Instant value) {
            movedInAt = value;
            return this;
        }

        Builder terminatedAt(Instant value) {
            terminatedAt = value;
            return this;
        }

        Builder accessStatus(String value) {
            accessStatus = value;
            return this;
        }

        Builder cover(Cover value) {
            cover = value;
            return this;
        }

        Builder updatedAt(Instant value) {
            updatedAt = value;
            return this;
        }

        Agreement build() {
            return new Agreement(a.id, a.object, contactId, unitId, siteId, unitTypeId, a.reservationId, a.orderId,
                    licenceFeeMinor, a.currency, moveInDate, noticeDate, endDate, status, signedAt, movedInAt,
                    terminatedAt, accessStatus, cover, a.createdAt, updatedAt);
        }
    }
}
