package com.storageplatform.crm.deal;

import com.storageplatform.crm.deal.DealRules.Move;
import com.storageplatform.crm.deal.DealRules.Sent;
import com.storageplatform.crm.deal.DealRules.Terms;
import com.storageplatform.crm.internal.AccountSettings;
import com.storageplatform.crm.internal.Customers;
import com.storageplatform.crm.internal.Records;
import com.storageplatform.crm.pipeline.Pipeline;
import com.storageplatform.crm.pipeline.Pipeline.Stage;
import com.storageplatform.crm.pipeline.Pipelines;
import com.storageplatform.kit.caller.ActorType;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.SiteAccess;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.Envelopes;
import com.storageplatform.kit.web.FieldIssue;
import com.storageplatform.kit.web.Patch;
import java.time.Clock;
import java.time.Instant;
import java.util.UUID;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * Deals of the caller's account: the transaction of each request. A change locks the deal first, judges every field
 * and the move ({@link DealRules}) and the records it names, and only then writes the deal and its event.
 */
@Service
class DealService {

    /** Commerce's status of an agreement that is a quote sent to the customer. */
    static final String QUOTE = "quote";

    private final DealRepository deals;
    private final DealEvents events;
    private final Customers customers;
    private final Records records;
    private final Pipelines pipelines;
    private final AccountSettings settings;
    private final Clock clock;

    DealService(DealRepository deals, DealEvents events, Customers customers, Records records, Pipelines pipelines,
            AccountSettings settings, Clock clock) {
        this.deals = deals;
        this.events = events;
        this.customers = customers;
        this.records = records;
        this.pipelines = pipelines;
        this.settings = settings;
        this.clock = clock;
    }

    /**
     * 201 with the deal, {@code open} at the first stage of its pipeline ({@code deal.created}). Every bad field and
     * unknown record in one 422; a site, unit type, agreement or reservation outside the caller's sites is 403.
     */
    Mono<Deal> create(Caller caller, CreateDeal body) {
        return Mono.defer(() -> {
            Validation v = Validation.start();
            Terms t = DealRules.check(v, body);
            UUID account = caller.accountId();
            Mono<Void> named = customer(account, v, "contact_id", t.contactId())
                    .then(site(caller, v, t.siteId()))
                    .then(unitType(caller, v, t.unitTypeId(), t.siteId()))
                    .then(booking(caller, v, "agreement_id", t.agreementId(), t.contactId()))
                    .then(booking(caller, v, "reservation_id", t.reservationId(), t.contactId()));
            return named.then(Mono.defer(() -> pipelineOf(account, v, t)))
                    .zipWith(isQuote(account, t.agreementId()))
                    .flatMap(pipelineAndQuote -> {
                        Pipeline pipeline = pipelineAndQuote.getT1();
                        Stage stage = t.stageId() == null ? pipeline.stages().get(0)
                                : pipeline.stage(t.stageId()).orElse(null);
                        if (t.stageId() != null && stage == null) {
                            v.add("stage_id", FieldIssue.NOT_FOUND);
                        } else if (t.stageId() != null && !stage.holdsOpenDeals()) {
                            v.add("stage_id", FieldIssue.NOT_ALLOWED);
                        }
                        v.orThrow();
                        Instant now = clock.instant();
                        Deal deal = new Deal.Builder()
                                .id(Ids.newId())
                                .contactId(t.contactId())
                                .siteId(t.siteId())
                                .channel(t.channel())
                                .unitTypeId(t.unitTypeId())
                                .needByDate(t.needByDate())
                                .agreementId(t.agreementId())
                                .reservationId(t.reservationId())
                                .reservedAt(t.reservationId() == null ? null : now)
                                .quotedAt(pipelineAndQuote.getT2() ? now : null)
                                .lastActivityAt(now)
                                .nextFollowUpOn(t.nextFollowUpOn())
                                .nextFollowUpWindow(t.nextFollowUpWindow())
                                .status(Deal.OPEN)
                                .pipelineId(pipeline.id())
                                .stageId(stage.id())
                                .note(t.note())
                                .createdAt(now)
                                .updatedAt(now)
                                .build();
                        return deals.insert(account, deal).then(events.publish(caller, DealEvents.CREATED, deal));
                    });
        });
    }

    /**
     * The pipeline named ({@code pipeline_id}, else that of {@code stage_id}), else the account's default, made now
     * if it has none yet. An unknown one is 422 {@code not_found}; the checks so far are answered first.
     */
    private Mono<Pipeline> pipelineOf(UUID account, Validation v, Terms t) {
        if (t.pipelineId() != null) {
            return pipelines.find(account, t.pipelineId())
                    .switchIfEmpty(Mono.error(() -> notFound(v, "pipeline_id")));
        }
        if (t.stageId() != null) {
            return pipelines.ofStage(account, t.stageId()).switchIfEmpty(Mono.error(() -> notFound(v, "stage_id")));
        }
        v.orThrow();
        return pipelines.defaultPipeline(account);
    }

    private static ApiException notFound(Validation v, String field) {
        v.add(field, FieldIssue.NOT_FOUND);
        return ApiException.invalid(v.issues());
    }

    /** The customer must be a contact crm knows (422 {@code not_found}), never the walk-in record (not_allowed). */
    private Mono<Void> customer(UUID account, Validation v, String field, UUID contactId) {
        if (contactId == null) {
            return Mono.empty();
        }
        return customers.find(account, contactId)
                .doOnNext(customer -> v.check(customer.walkIn(), field, FieldIssue.NOT_ALLOWED))
                .switchIfEmpty(Mono.fromRunnable(() -> v.add(field, FieldIssue.NOT_FOUND)))
                .then();
    }

    /** A site of the account (422 {@code not_found}) within the caller's sites (403). */
    private Mono<Void> site(Caller caller, Validation v, UUID siteId) {
        if (siteId == null) {
            return Mono.empty();
        }
        return records.site(caller.accountId(), siteId)
                .doOnNext(site -> SiteAccess.require(caller, siteId))
                .switchIfEmpty(Mono.fromRunnable(() -> v.add("site_id", FieldIssue.NOT_FOUND)))
                .then();
    }

    /** A unit type of the account (422 {@code not_found}) at the deal's site (422 {@code invalid}), within reach. */
    private Mono<Void> unitType(Caller caller, Validation v, UUID unitTypeId, UUID dealSite) {
        if (unitTypeId == null) {
            return Mono.empty();
        }
        return records.unitType(caller.accountId(), unitTypeId)
                .doOnNext(type -> {
                    UUID site = siteOf(type);
                    SiteAccess.require(caller, site);
                    v.check(dealSite != null && !dealSite.equals(site), "unit_type_id", FieldIssue.INVALID);
                })
                .switchIfEmpty(Mono.fromRunnable(() -> v.add("unit_type_id", FieldIssue.NOT_FOUND)))
                .then();
    }

    /**
     * An agreement or reservation of the account (422 {@code not_found}) within the caller's sites (403), of the
     * deal's customer (422 {@code not_allowed} on {@code field}).
     */
    private Mono<Void> booking(Caller caller, Validation v, String field, UUID id, UUID contactId) {
        if (id == null) {
            return Mono.empty();
        }
        Mono<JsonNode> found = "agreement_id".equals(field) ? records.agreement(caller.accountId(), id)
                : records.reservation(caller.accountId(), id);
        return found.doOnNext(booking -> {
                    SiteAccess.require(caller, siteOf(booking));
                    UUID customer = Ids.parse(booking.path("contact_id").asString("")).orElse(null);
                    v.check(contactId != null && !contactId.equals(customer), field, FieldIssue.NOT_ALLOWED);
                })
                .switchIfEmpty(Mono.fromRunnable(() -> v.add(field, FieldIssue.NOT_FOUND)))
                .then();
    }

    /** Whether the account's agreement is a quote: a deal naming it has had a quote sent from it. */
    private Mono<Boolean> isQuote(UUID account, UUID agreementId) {
        if (agreementId == null) {
            return Mono.just(false);
        }
        return records.agreement(account, agreementId)
                .map(agreement -> QUOTE.equals(agreement.path("status").asString("")))
                .defaultIfEmpty(false);
    }

    private static UUID siteOf(JsonNode record) {
        return Ids.parse(record.path("site_id").asString("")).orElse(null);
    }

    Mono<Deal> read(Caller caller, UUID id) {
        return deals.find(caller.accountId(), id)
                .switchIfEmpty(Mono.error(ApiException.notFound()))
                .doOnNext(deal -> SiteAccess.require(caller, deal.siteId()));
    }

    Mono<Envelopes.ListOf<Deal>> list(Caller caller, DealRepository.Filters filters, PageRequest page) {
        return Mono.defer(() -> {
            if (filters.siteId() != null) {
                SiteAccess.require(caller, filters.siteId());
            }
            return deals.list(caller, filters, page);
        });
    }

    /**
     * Applies the fields sent: 404, 403 (the deal or a record named at another site), every bad field and unknown
     * record in one 422, then the move (a won deal's status change is 409; a stage that does not fit the status
     * 422). A change publishes {@code deal.won}, {@code deal.lost} or {@code deal.updated}; a request that changes
     * nothing answers the deal as it is and publishes nothing.
     */
    Mono<Deal> update(Caller caller, UUID id, DealChanges body) {
        UUID account = caller.accountId();
        return deals.findForUpdate(account, id)
                .switchIfEmpty(Mono.error(ApiException.notFound()))
                .flatMap(current -> {
                    SiteAccess.require(caller, current.siteId());
                    Validation v = Validation.start();
                    Sent sent = DealRules.check(v, body);
                    v.orThrow();
                    UUID contactId = sent.contactId() != null ? sent.contactId() : current.contactId();
                    UUID siteId = sent.siteId() != null ? sent.siteId() : current.siteId();
                    boolean newCustomer = !contactId.equals(current.contactId());
                    UUID agreementId = Patch.apply(sent.agreementId(), current.agreementId());
                    UUID reservationId = Patch.apply(sent.reservationId(), current.reservationId());
                    UUID unitTypeId = Patch.apply(sent.unitTypeId(), current.unitTypeId());
                    boolean newSite = !siteId.equals(current.siteId());
                    Mono<Void> named = (newCustomer ? customer(account, v, "contact_id", contactId)
                            : Mono.<Void>empty())
                            .then(newSite ? site(caller, v, siteId) : Mono.<Void>empty())
                            .then(newSite || Patch.sent(sent.unitTypeId())
                                    ? unitType(caller, v, unitTypeId, siteId) : Mono.<Void>empty())
                            .then(newCustomer || Patch.sent(sent.agreementId())
                                    ? booking(caller, v, "agreement_id", agreementId, contactId) : Mono.<Void>empty())
                            .then(newCustomer || Patch.sent(sent.reservationId())
                                    ? booking(caller, v, "reservation_id", reservationId, contactId)
                                    : Mono.<Void>empty());
                    boolean newAgreement = agreementId != null && !agreementId.equals(current.agreementId());
                    return named.then(Mono.defer(() -> pipelineAfter(account, v, current, sent)))
                            .zipWith(newAgreement ? isQuote(account, agreementId) : Mono.just(false))
                            .flatMap(pipelineAndQuote -> {
                                Pipeline pipeline = pipelineAndQuote.getT1();
                                v.orThrow();
                                Move move = DealRules.judge(current, sent, pipeline,
                                        caller.actorType() == ActorType.STAFF, agreementId != null);
                                if (!Deal.OPEN.equals(move.status())
                                        && Patch.apply(sent.nextFollowUpOn(), null) != null) {
                                    throw ApiException.invalid("next_follow_up_on", FieldIssue.NOT_ALLOWED,
                                            "A " + move.status() + " deal has no next call.");
                                }
                                return lostReason(account, current, sent, move)
                                        .flatMap(reason -> save(caller, current, changed(current, sent, move,
                                                pipeline, reason, contactId, siteId, pipelineAndQuote.getT2())));
                            });
                });
    }

    /** The pipeline named, or the deal's own; an unknown one is 422 {@code not_found} on {@code pipeline_id}. */
    private Mono<Pipeline> pipelineAfter(UUID account, Validation v, Deal current, Sent sent) {
        UUID pipelineId = sent.pipelineId() != null ? sent.pipelineId() : current.pipelineId();
        return pipelines.find(account, pipelineId).switchIfEmpty(Mono.error(() -> notFound(v, "pipeline_id")));
    }

    /**
     * The lost reason after the change. A deal marked lost without one keeps its stored reason, else gets the
     * operator's {@code deal_lost_default_reason}; otherwise the reason sent applies as any field.
     */
    private Mono<String> lostReason(UUID account, Deal current, Sent sent, Move move) {
        String after = Patch.apply(sent.lostReason(), current.lostReason());
        boolean losing = Deal.LOST.equals(move.status()) && !Deal.LOST.equals(current.status());
        if (!losing || Patch.apply(sent.lostReason(), null) != null) {
            return Mono.justOrEmpty(after).defaultIfEmpty("");
        }
        if (current.lostReason() != null) {
            return Mono.just(current.lostReason());
        }
        return settings.of(account).map(s -> s.dealLostDefaultReason() == null ? "" : s.dealLostDefaultReason());
    }

    /**
     * The deal as the change leaves it ({@code reason} "" for none). Closing clears the next call; linking a quote
     * ({@code quoted}) dates {@code quoted_at}.
     */
    private Deal changed(Deal current, Sent sent, Move move, Pipeline pipeline, String reason, UUID contactId,
            UUID siteId, boolean quoted) {
        boolean closed = !Deal.OPEN.equals(move.status());
        UUID reservationId = Patch.apply(sent.reservationId(), current.reservationId());
        boolean newReservation = reservationId != null && !reservationId.equals(current.reservationId());
        return current.edit()
                .contactId(contactId)
                .siteId(siteId)
                .channel(Patch.apply(sent.channel(), current.channel()))
                .unitTypeId(Patch.apply(sent.unitTypeId(), current.unitTypeId()))
                .needByDate(Patch.apply(sent.needByDate(), current.needByDate()))
                .note(Patch.apply(sent.note(), current.note()))
                .agreementId(Patch.apply(sent.agreementId(), current.agreementId()))
                .reservationId(reservationId)
                .reservedAt(newReservation ? clock.instant() : current.reservedAt())
                .quotedAt(quoted ? clock.instant() : current.quotedAt())
                .nextFollowUpOn(closed ? null : Patch.apply(sent.nextFollowUpOn(), current.nextFollowUpOn()))
                .nextFollowUpWindow(closed ? null
                        : Patch.apply(sent.nextFollowUpWindow(), current.nextFollowUpWindow()))
                .status(move.status())
                .pipelineId(pipeline.id())
                .stageId(move.stage().id())
                .lostReason(reason.isEmpty() ? null : reason)
                .build();
    }

    private Mono<Deal> save(Caller caller, Deal current, Deal after) {
        if (after.equals(current)) {
            return Mono.just(current);
        }
        Validation v = Validation.start();
        v.check(after.nextFollowUpWindow() != null && after.nextFollowUpOn() == null, "next_follow_up_on",
                FieldIssue.REQUIRED);
        v.orThrow();
        Instant now = clock.instant();
        Deal saved = after.edit().lastActivityAt(now).updatedAt(now).build();
        return deals.save(caller.accountId(), saved)
                .then(events.publish(caller, DealEvents.ofChange(current, saved), saved));
    }

    /**
     * Deleted, with {@code deal.deleted} (internal). 409 while a unit is reserved for it (cancel the reservation
     * first) or once a quote was sent from it (mark it lost instead).
     */
    Mono<Envelopes.Deleted> delete(Caller caller, UUID id) {
        UUID account = caller.accountId();
        return deals.findForUpdate(account, id)
                .switchIfEmpty(Mono.error(ApiException.notFound()))
                .flatMap(deal -> {
                    SiteAccess.require(caller, deal.siteId());
                    if (deal.quotedAt() != null) {
                        return Mono.error(ApiException.conflict("A quote was sent from this deal: mark it lost "
                                + "(status lost) instead of deleting it."));
                    }
                    return records.reservedFor(account, deal.id(), deal.reservationId(), clock.instant())
                            .flatMap(reservation -> Mono.<Envelopes.Deleted>error(ApiException.conflict(
                                    "A unit is reserved for this deal (reservation " + reservation + "): cancel "
                                            + "the reservation first.")))
                            .switchIfEmpty(Mono.defer(() -> deals.delete(account, deal.id())
                                    .then(events.publish(caller, DealEvents.DELETED, deal))
                                    .thenReturn(new Envelopes.Deleted(deal.id(), Deal.OBJECT))));
                });
    }
}
