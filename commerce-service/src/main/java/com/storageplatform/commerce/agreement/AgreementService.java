package com.storageplatform.commerce.agreement;

import com.storageplatform.commerce.contact.Customers;
import com.storageplatform.commerce.holds.Holder;
import com.storageplatform.commerce.holds.UnitHolds;
import com.storageplatform.commerce.internal.BookableUnits;
import com.storageplatform.commerce.internal.AccountSettings;
import com.storageplatform.commerce.internal.CatalogueUnit;
import com.storageplatform.commerce.internal.IdentityChecks;
import com.storageplatform.commerce.reservation.Reservations;
import com.storageplatform.kit.caller.ActorType;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.SiteAccess;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.Envelopes;
import com.storageplatform.kit.web.ErrorCode;
import com.storageplatform.kit.web.FieldIssue;
import com.storageplatform.kit.web.Patch;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Mono;

/**
 * Agreements of the caller's account: booking, the lifecycle actions, access, changes and cover. A
 * site-restricted caller reads and acts only on its sites' agreements (403 {@code site_forbidden}). Each
 * mutation locks the agreement, so actions and changes of one agreement apply one after the other.
 */
@Service
class AgreementService {

    private static final Logger log = LoggerFactory.getLogger(AgreementService.class);

    private final AgreementRepository agreements;
    private final AgreementBookings bookings;
    private final AgreementEvents events;
    private final BookableUnits units;
    private final AgreementCovers covers;
    private final AccountSettings settings;
    private final IdentityChecks identityChecks;
    private final Customers customers;
    private final UnitHolds holds;
    private final Reservations reservations;
    private final Clock clock;

    AgreementService(AgreementRepository agreements, AgreementBookings bookings, AgreementEvents events,
            BookableUnits units, AgreementCovers covers, AccountSettings settings, IdentityChecks identityChecks,
            Customers customers, UnitHolds holds, Reservations reservations, Clock clock) {
        this.agreements = agreements;
        this.bookings = bookings;
        this.events = events;
        this.units = units;
        this.covers = covers;
        this.settings = settings;
        this.identityChecks = identityChecks;
        this.customers = customers;
        this.holds = holds;
        this.reservations = reservations;
        this.clock = clock;
    }

    Mono<Agreement> create(Caller caller, CreateAgreement body) {
        return Mono.defer(() -> {
            Validation v = Validation.start();
            UUID contactId = v.requiredId("contact_id", body.contactId());
            UUID reservationId = v.optionalId("reservation_id", body.reservationId());
            UUID unitId = reservationId == null ? v.requiredId("unit_id", body.unitId())
                    : v.optionalId("unit_id", body.unitId());
            v.min("licence_fee_minor", body.licenceFeeMinor(), 0)
                    .currency("currency", body.currency())
                    .check(body.licenceFeeMinor() != null && body.currency() == null, "currency",
                            FieldIssue.REQUIRED)
                    .check(body.currency() != null && body.licenceFeeMinor() == null, "licence_fee_minor",
                            FieldIssue.REQUIRED);
            LocalDate moveIn = v.optionalDate("move_in_date", body.moveInDate());
            String status = body.status() == null ? Agreement.DRAFT : body.status();
            v.oneOf("status", status, Agreement.CREATE_STATUSES);
            v.orThrow();
            return bookings.book(caller, new AgreementBookings.Request(Ids.newId(), contactId, unitId,
                    reservationId, body.licenceFeeMinor(), body.currency(), moveIn, status));
        });
    }

    /** 404 when the account has no such agreement; 403 when it is at a site outside a restricted caller's. */
    Mono<Agreement> read(Caller caller, UUID id) {
        return agreements.find(caller.accountId(), id).switchIfEmpty(notFound()).map(a -> visible(caller, a));
    }

    Mono<Envelopes.ListOf<Agreement>> list(Caller caller, String status, UUID contactId, UUID siteId,
            PageRequest page) {
        return Mono.defer(() -> {
            if (siteId != null) {
                SiteAccess.require(caller, siteId);
            }
            return agreements.list(caller, status, contactId, siteId, page);
        });
    }

    /**
     * The customer signs: {@code pending_move_in}, {@code agreement.activated} (public {@code agreement.signed}),
     * and, when the operator requires an ID check before access that the customer has not passed, access held
     * ({@code agreement.access_held}) in the same transaction. The customer's record is locked first, so a
     * passing ID check handled at the same moment either is seen here or sees this hold.
     */
    Mono<Agreement> sign(Caller caller, UUID id) {
        return locked(caller, id).flatMap(current -> signLocked(caller, current));
    }

    /**
     * The customer signed the agreement's licence document in compliance ({@code contract.signed}): the agreement is
     * signed as {@link #sign} signs it, when it is still a quote or draft whose terms are those the document states.
     * Anything else changes nothing and is empty: an agreement signed already (through the API, or by this event
     * delivered again), terminated, or changed since the document was made. The agreement is locked first, as
     * {@code sign} locks it, so whichever comes first signs and the other finds it signed: one
     * {@code agreement.activated}.
     */
    Mono<Agreement> signByContract(Caller caller, UUID id, SignedContract contract) {
        return agreements.findForUpdate(caller.accountId(), id)
                .switchIfEmpty(Mono.fromRunnable(() -> log.warn("Contract {} was signed for agreement {}, which the "
                        + "account does not have: nothing to sign", contract.id(), id)))
                .flatMap(current -> {
                    if (AgreementLifecycle.next(current.status(), AgreementLifecycle.Action.SIGN).isEmpty()) {
                        log.info("Contract {} was signed for agreement {}, which is {}: nothing to sign",
                                contract.id(), id, current.status());
                        return Mono.empty();
                    }
                    List<String> changed = contract.changedTerms(current);
                    if (!changed.isEmpty()) {
                        log.warn("Contract {} was signed for agreement {}, whose {} changed since its document was "
                                + "made: the agreement is not signed", contract.id(), id, String.join(", ", changed));
                        return Mono.empty();
                    }
                    return signLocked(caller, current);
                });
    }

    /**
     * Signs the locked agreement: {@code pending_move_in}, {@code agreement.activated}, and access held when the
     * operator requires an ID check the customer has not passed. 409 from any status but quote or draft.
     */
    private Mono<Agreement> signLocked(Caller caller, Agreement current) {
        String next = AgreementLifecycle.require(current.status(), AgreementLifecycle.Action.SIGN);
        Mono<Boolean> verified = customers.find(caller, current.contactId(), "contact_id")
                .onErrorResume(ApiException.class, e -> Mono.empty())
                .then(identityChecks.of(caller.accountId(), current.contactId()))
                .map(IdentityChecks.State::verified);
        return settings.of(caller.accountId()).zipWhen(s -> verified).flatMap(t -> {
            Instant now = clock.instant();
            String access = AgreementLifecycle.accessAfterSigning(t.getT1().idCheckRequiredBeforeAccess(),
                    t.getT2());
            Agreement signed = current.with().status(next).signedAt(now).accessStatus(access).updatedAt(now)
                    .build();
            Mono<Void> held = Agreement.ACCESS_HELD.equals(access)
                    ? events.publish(caller, AgreementEvents.ACCESS_HELD, signed) : Mono.empty();
            return agreements.update(caller.accountId(), signed)
                    .then(events.publish(caller, AgreementEvents.ACTIVATED, signed))
                    .then(held)
                    .thenReturn(signed);
        });
    }

    /** The customer moves in: {@code active}, {@code agreement.updated} (never {@code agreement.activated}). */
    Mono<Agreement> moveIn(Caller caller, UUID id) {
        return locked(caller, id).flatMap(current -> {
            String next = AgreementLifecycle.require(current.status(), AgreementLifecycle.Action.MOVE_IN);
            Instant now = clock.instant();
            Agreement active = current.with().status(next).movedInAt(now).updatedAt(now).build();
            return save(caller, active, AgreementEvents.UPDATED);
        });
    }

    /** Notice given today (the site's time zone) to end on {@code end_date}, not before today. */
    Mono<Agreement> giveNotice(Caller caller, UUID id, GiveNotice body) {
        return Mono.defer(() -> {
            Validation v = Validation.start();
            v.require("end_date", body == null ? null : body.endDate());
            LocalDate end = v.optionalDate("end_date", body == null ? null : body.endDate());
            v.orThrow();
            return locked(caller, id).flatMap(current -> {
                String next = AgreementLifecycle.require(current.status(), AgreementLifecycle.Action.GIVE_NOTICE);
                return units.today(caller, current.siteId()).flatMap(today -> {
                    if (end.isBefore(today)) {
                        throw ApiException.invalid("end_date", FieldIssue.BELOW_MINIMUM,
                                "end_date cannot be before today (" + today + ") at the unit's site.");
                    }
                    Instant now = clock.instant();
                    Agreement notice = current.with().status(next).noticeDate(today).endDate(end).updatedAt(now)
                            .build();
                    return save(caller, notice, AgreementEvents.UPDATED);
                });
            });
        });
    }

    /**
     * Ends the agreement from any status but {@code terminated}: {@code end_date} (default today, never after
     * today), the unit's hold released, cover ended on the end date, or the day before its start when it had not
     * started by then ({@code cover.ended}), {@code agreement.terminated}.
     */
    Mono<Agreement> terminate(Caller caller, UUID id, Terminate body) {
        return Mono.defer(() -> {
            Validation v = Validation.start();
            LocalDate sent = v.optionalDate("end_date", body == null ? null : body.endDate());
            v.orThrow();
            return locked(caller, id).flatMap(current -> {
                String next = AgreementLifecycle.require(current.status(), AgreementLifecycle.Action.TERMINATE);
                return units.today(caller, current.siteId()).flatMap(today -> {
                    if (sent != null && sent.isAfter(today)) {
                        throw ApiException.invalid("end_date", FieldIssue.ABOVE_MAXIMUM,
                                "A termination ends the agreement by today (" + today + "): to end it later, "
                                        + "give notice.");
                    }
                    LocalDate end = sent == null ? today : sent;
                    Instant now = clock.instant();
                    Cover ended = current.cover() == null ? null : current.cover().endedBy(end);
                    Agreement terminated = current.with().status(next).endDate(end).terminatedAt(now)
                            .cover(ended).updatedAt(now).build();
                    Mono<Void> coverEnded = ended == null ? Mono.empty()
                            : events.cover(caller, AgreementEvents.COVER_ENDED, terminated, ended);
                    return holds.release(caller, Holder.agreement(id))
                            .then(agreements.update(caller.accountId(), terminated))
                            .then(coverEnded)
                            .then(events.publish(caller, AgreementEvents.TERMINATED, terminated))
                            .thenReturn(terminated);
                });
            });
        });
    }

    /**
     * Staff let the customer in although the ID check has not passed: only a staff caller (403
     * {@code insufficient_scope} for an API key or OAuth client), only from {@code access_held} and never on a
     * terminated agreement (409).
     */
    Mono<Agreement> releaseAccess(Caller caller, UUID id) {
        return Mono.defer(() -> {
            if (caller.actorType() != ActorType.STAFF) {
                return Mono.error(new ApiException(ErrorCode.INSUFFICIENT_SCOPE, "Only a member of staff (a staff "
                        + "token) or a passed ID check releases access: an API key or OAuth client cannot."));
            }
            return locked(caller, id).flatMap(current -> {
                if (current.isTerminated()) {
                    throw AgreementLifecycle.invalidTransition("status", "The agreement is terminated: there is no "
                            + "access to release.");
                }
                AgreementLifecycle.requireAccessHeld(current.accessStatus());
                Instant now = clock.instant();
                Agreement released = current.with().accessStatus(Agreement.ACCESS_RELEASED).updatedAt(now).build();
                return save(caller, released, AgreementEvents.ACCESS_RELEASED);
            });
        });
    }

    /**
     * Applies the fields sent (the spec's PATCH rules, docs/api/commerce.md#update-an-agreement-patch-v1agreementsid).
     * A request that changes nothing answers the agreement as it was and publishes nothing.
     */
    Mono<Agreement> update(Caller caller, UUID id, AgreementChanges c) {
        return locked(caller, id).flatMap(current -> {
            Validation v = Validation.start();
            Long fee = Patch.pick(c.licenceFeeMinor(), current.licenceFeeMinor(), value -> {
                v.require("licence_fee_minor", value).min("licence_fee_minor", value, 0);
                return value;
            });
            LocalDate moveIn = Patch.pick(c.moveInDate(), current.moveInDate(),
                    value -> v.optionalDate("move_in_date", value));
            UUID unitId = Patch.pick(c.unitId(), current.unitId(), value -> v.requiredId("unit_id", value));
            UUID contactId = Patch.pick(c.contactId(), current.contactId(),
                    value -> v.requiredId("contact_id", value));
            UUID productId = Patch.pick(c.coverageProductId(), null,
                    value -> v.optionalId(AgreementCovers.PRODUCT, value));
            Long coverMinor = Patch.apply(c.coverMinor(), null);
            v.orThrow();

            boolean feeChanges = !Objects.equals(fee, current.licenceFeeMinor());
            boolean moveInChanges = !Objects.equals(moveIn, current.moveInDate());
            boolean unitChanges = !unitId.equals(current.unitId());
            boolean contactChanges = !contactId.equals(current.contactId());
            boolean coverSent = Patch.sent(c.coverageProductId()) || Patch.sent(c.coverMinor());
            if (!AgreementLifecycle.mayChange(current.status()) && (feeChanges || moveInChanges || unitChanges
                    || contactChanges || coverSent)) {
                throw ApiException.conflict("The agreement is terminated: it can no longer change.");
            }
            if (feeChanges && !AgreementLifecycle.feeMayChange(current.status())) {
                throw ApiException.conflict("The licence fee is agreed once the customer has moved in: an agreement "
                        + "that is " + current.status() + " keeps its licence_fee_minor.");
            }
            Cover cover = current.cover();
            if (moveInChanges && moveIn == null && cover != null && cover.endsOn() == null
                    && cover.startsOn().equals(current.moveInDate())) {
                throw ApiException.conflict("Cover starts on the move-in date " + current.moveInDate()
                        + ": move move_in_date to another day instead of clearing it.");
            }
            if (contactChanges && !AgreementLifecycle.customerMayChange(current.status(),
                    current.accessStatus())) {
                throw ApiException.conflict("Access to the unit waits for the customer's online ID check "
                        + "(access_held): the agreement cannot pass to another customer until access is released.");
            }
            Mono<CatalogueUnit> unit = unitChanges ? units.bookable(caller, unitId, "unit_id") : Mono.empty();
            Mono<Void> customer = contactChanges ? customers.require(caller, contactId, "contact_id").then()
                    : Mono.empty();
            return unit.map(Optional::of).defaultIfEmpty(Optional.empty())
                    .flatMap(newUnit -> customer.then(changedCover(caller, current, c, productId, coverMinor,
                                    moveIn, newUnit.map(CatalogueUnit::siteId).orElse(current.siteId())))
                            .map(Optional::of).defaultIfEmpty(Optional.empty())
                            .flatMap(newCover -> {
                                Agreement.Builder b = current.with().licenceFeeMinor(fee).moveInDate(moveIn)
                                        .contactId(contactId).cover(newCover.orElse(null));
                                newUnit.ifPresent(u -> b.unit(u.id(), u.siteId(), u.unitTypeId()));
                                Agreement changed = b.build();
                                if (changed.equals(current)) {
                                    return Mono.just(current);
                                }
                                Agreement saved = changed.with().updatedAt(clock.instant()).build();
                                Holder holder = Holder.agreement(id);
                                Mono<Void> held = newUnit.isPresent()
                                        ? moveHold(caller, holder, newUnit.get(), contactId)
                                        : contactChanges ? holds.changeCustomer(caller, holder, contactId)
                                                : Mono.empty();
                                return held.then(agreements.update(caller.accountId(), saved))
                                        .then(units.today(caller, current.siteId()))
                                        .flatMap(today -> coverEvents(caller, current, saved, today))
                                        .then(events.publish(caller, AgreementEvents.UPDATED, saved))
                                        .thenReturn(saved);
                            }));
        });
    }

    /**
     * The cover after the change: a new cover for another product (the old one ended), the same cover with
     * another declared amount or start, none when {@code coverage_product_id} is null; empty for no cover.
     */
    private Mono<Cover> changedCover(Caller caller, Agreement current, AgreementChanges c, UUID productId,
            Long coverMinor, LocalDate moveIn, UUID siteId) {
        Cover cover = current.cover();
        // Cover in force follows the move-in date, never starting before the day it was taken out.
        Cover kept = cover != null && cover.endsOn() == null && !Objects.equals(moveIn, current.moveInDate())
                ? cover.following(moveIn) : cover;
        if (Patch.sent(c.coverageProductId()) && c.coverageProductId().isNull()) {
            if (c.coverMinor() != null && !c.coverMinor().isNull()) {
                throw ApiException.invalid(AgreementCovers.AMOUNT, FieldIssue.NOT_ALLOWED);
            }
            return Mono.empty();
        }
        if (productId != null && (kept == null || !productId.equals(kept.coverageProductId()))) {
            return covers.product(caller, productId).zipWhen(product -> units.today(caller, siteId))
                    .map(t -> AgreementCovers.start(t.getT1(), coverMinor, current.currency(), moveIn, t.getT2()));
        }
        if (Patch.sent(c.coverMinor())) {
            if (kept == null) {
                throw ApiException.invalid(AgreementCovers.PRODUCT, FieldIssue.REQUIRED);
            }
            if (Objects.equals(coverMinor, kept.coverMinor())) {
                return Mono.just(kept);
            }
            return covers.product(caller, kept.coverageProductId())
                    .map(product -> AgreementCovers.redeclare(kept, product, coverMinor));
        }
        return Mono.justOrEmpty(kept);
    }

    /**
     * {@code cover.ended} for a cover gone, {@code cover.started} for a new one, {@code cover.changed} for the same
     * cover with other values or another customer.
     */
    private Mono<Void> coverEvents(Caller caller, Agreement before, Agreement after, LocalDate today) {
        Cover old = before.cover();
        Cover now = after.cover();
        List<Mono<Void>> published = new ArrayList<>();
        if (old != null && old.endsOn() == null && (now == null || !now.id().equals(old.id()))) {
            Cover ended = old.endedBy(today);
            published.add(events.cover(caller, AgreementEvents.COVER_ENDED, before, ended));
        }
        if (now != null && (old == null || !now.id().equals(old.id()))) {
            published.add(events.cover(caller, AgreementEvents.COVER_STARTED, after, now));
        } else if (now != null && (!now.equals(old) || !after.contactId().equals(before.contactId()))) {
            published.add(events.cover(caller, AgreementEvents.COVER_CHANGED, after, now));
        }
        return published.stream().reduce(Mono.empty(), Mono::then);
    }

    /**
     * Moves the agreement's hold to {@code unit}, taken as any booking takes a unit: 409 {@code unit_reserved} when
     * someone else holds it; the customer's own reservation of it is taken up (converted).
     */
    private Mono<Void> moveHold(Caller caller, Holder holder, CatalogueUnit unit, UUID contactId) {
        return holds.release(caller, holder)
                .then(holds.take(caller, unit.id(), holder, contactId, null, unit.name()))
                .flatMap(taken -> taken.isPresent() ? reservations.convertTakenUp(caller, taken.get(), holder)
                        : Mono.empty());
    }

    private Mono<Agreement> save(Caller caller, Agreement agreement, String eventType) {
        return agreements.update(caller.accountId(), agreement)
                .then(events.publish(caller, eventType, agreement))
                .thenReturn(agreement);
    }

    private Mono<Agreement> locked(Caller caller, UUID id) {
        return agreements.findForUpdate(caller.accountId(), id).switchIfEmpty(notFound())
                .map(a -> visible(caller, a));
    }

    private static Agreement visible(Caller caller, Agreement agreement) {
        SiteAccess.require(caller, agreement.siteId());
        return agreement;
    }


    private static <T> Mono<T> notFound() {
        return Mono.error(() -> ApiException.notFound("agreement"));
    }
}
