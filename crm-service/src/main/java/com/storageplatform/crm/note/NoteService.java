package com.storageplatform.crm.note;

import com.storageplatform.crm.deal.Deal;
import com.storageplatform.crm.deal.DealActivity;
import com.storageplatform.crm.deal.Deals;
import com.storageplatform.crm.internal.Customers;
import com.storageplatform.crm.internal.Records;
import com.storageplatform.crm.internal.SiteScope;
import com.storageplatform.crm.note.NoteRules.Terms;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.SiteAccess;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.Envelopes;
import com.storageplatform.kit.web.FieldIssue;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * Notes of the caller's account: the transaction of each request. A note's subject must be a record the account
 * has, where crm can know it; a note on a deal records activity on it, one on a contact on the customer's open
 * deals ({@link DealActivity}).
 */
@Service
class NoteService {

    private final NoteRepository notes;
    private final NoteEvents events;
    private final Deals deals;
    private final DealActivity activity;
    private final Customers customers;
    private final Records records;
    private final Clock clock;

    NoteService(NoteRepository notes, NoteEvents events, Deals deals, DealActivity activity, Customers customers,
            Records records, Clock clock) {
        this.notes = notes;
        this.events = events;
        this.deals = deals;
        this.activity = activity;
        this.customers = customers;
        this.records = records;
        this.clock = clock;
    }

    /**
     * 201 with the note ({@code note.created}), its site the subject's. Every bad field and an unknown subject in
     * one 422; a subject at another site of a restricted credential is 403.
     */
    Mono<Note> create(Caller caller, CreateNote body) {
        return Mono.defer(() -> {
            Validation v = Validation.start();
            Terms t = NoteRules.check(v, body);
            return siteOfSubject(caller, v, t.subjectType(), t.subjectId()).flatMap(site -> {
                NoteRules.orThrow(v);
                Instant now = clock.instant();
                Note note = new Note(Ids.newId(), Note.OBJECT, t.subjectType(), t.subjectId(), t.body(),
                        site.orElse(null), new Note.Author(caller.actorType().value(), caller.credentialId()), now,
                        now);
                return notes.insert(caller.accountId(), note)
                        .then(touch(caller.accountId(), note, now))
                        .then(events.publish(caller, NoteEvents.CREATED, note));
            });
        });
    }

    /**
     * The site of the note's subject (empty for a contact or a collections case), once the subject is known to be
     * the account's: 422 {@code not_found} on {@code subject_id} otherwise (the walk-in record {@code not_allowed}),
     * 403 at another site of the caller's.
     */
    private Mono<Optional<UUID>> siteOfSubject(Caller caller, Validation v, String type, UUID id) {
        if (type == null || id == null) {
            return Mono.just(Optional.empty());
        }
        UUID account = caller.accountId();
        Mono<Optional<UUID>> site = switch (type) {
            case Note.CONTACT -> customers.find(account, id)
                    .doOnNext(customer -> v.check(customer.walkIn(), "subject_id", FieldIssue.NOT_ALLOWED))
                    .map(customer -> Optional.empty());
            case Note.DEAL -> deals.find(account, id).map(Deal::siteId).map(Optional::of);
            case Note.AGREEMENT -> records.agreement(account, id).map(NoteService::siteOf);
            case Note.UNIT -> records.unit(account, id).map(NoteService::siteOf);
            // Collections cases arrive with the collections service (issue 18); until crm keeps them, any id is
            // taken as the account's, without a site.
            case Note.COLLECTIONS_CASE -> Mono.just(Optional.empty());
            default -> throw new IllegalStateException("subject_type " + type + " was checked");
        };
        return site.doOnNext(found -> found.ifPresent(siteId -> SiteAccess.require(caller, siteId)))
                .switchIfEmpty(Mono.fromSupplier(() -> {
                    v.add("subject_id", FieldIssue.NOT_FOUND);
                    return Optional.empty();
                }));
    }

    private static Optional<UUID> siteOf(JsonNode record) {
        return Ids.parse(record.path("site_id").asString(""));
    }

    /** A note on a deal is activity on it; one on a contact, on each open deal of that customer. */
    private Mono<Void> touch(UUID account, Note note, Instant now) {
        return switch (note.subjectType()) {
            case Note.DEAL -> activity.touch(account, note.subjectId(), now);
            case Note.CONTACT -> activity.touchCustomer(account, note.subjectId(), now);
            default -> Mono.empty();
        };
    }

    Mono<Note> read(Caller caller, UUID id) {
        return notes.find(caller.accountId(), id)
                .switchIfEmpty(Mono.error(ApiException.notFound()))
                .doOnNext(note -> SiteScope.require(caller, note.siteId()));
    }

    Mono<Envelopes.ListOf<Note>> list(Caller caller, String subjectType, UUID subjectId, PageRequest page) {
        return notes.list(caller, subjectType, subjectId, page);
    }

    /** Deleted, with {@code note.deleted} (internal); 403 for a note at another site of the caller's. */
    Mono<Envelopes.Deleted> delete(Caller caller, UUID id) {
        return notes.findForUpdate(caller.accountId(), id)
                .switchIfEmpty(Mono.error(ApiException.notFound()))
                .doOnNext(note -> SiteScope.require(caller, note.siteId()))
                .flatMap(note -> notes.delete(caller.accountId(), note.id())
                        .then(events.publish(caller, NoteEvents.DELETED, note))
                        .thenReturn(new Envelopes.Deleted(note.id(), Note.OBJECT)));
    }
}
