package com.storageplatform.crm.task;

import com.storageplatform.crm.deal.Deal;
import com.storageplatform.crm.deal.DealActivity;
import com.storageplatform.crm.deal.Deals;
import com.storageplatform.crm.internal.Customers;
import com.storageplatform.crm.internal.SiteScope;
import com.storageplatform.crm.task.TaskRules.Sent;
import com.storageplatform.crm.task.TaskRules.Terms;
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
import java.util.Optional;
import java.util.UUID;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Mono;

/**
 * Tasks of the caller's account: the transaction of each request. A change locks the task first, judges every field
 * and the deal and contact it names, and only then writes the task and its event. Creating or completing a task on
 * a deal records activity on the deal ({@link DealActivity}).
 */
@Service
class TaskService {

    private final TaskRepository tasks;
    private final TaskEvents events;
    private final Deals deals;
    private final DealActivity activity;
    private final Customers customers;
    private final Clock clock;

    TaskService(TaskRepository tasks, TaskEvents events, Deals deals, DealActivity activity, Customers customers,
            Clock clock) {
        this.tasks = tasks;
        this.events = events;
        this.deals = deals;
        this.activity = activity;
        this.customers = customers;
        this.clock = clock;
    }

    /** What a task names: its deal, its contact and the deal's site. */
    private record Link(UUID dealId, UUID contactId, UUID siteId) {
    }

    /** 201 with the task, {@code open} ({@code task.created}); every bad field and unknown record in one 422. */
    Mono<Task> create(Caller caller, CreateTask body) {
        return Mono.defer(() -> {
            Validation v = Validation.start();
            Terms t = TaskRules.check(v, body);
            return link(caller, v, t.dealId(), t.contactId()).flatMap(link -> {
                v.orThrow();
                Instant now = clock.instant();
                Task task = new Task(Ids.newId(), Task.OBJECT, t.title(), t.description(), link.dealId(),
                        link.contactId(), link.siteId(), t.dueOn(), t.assignee(), Task.OPEN, null, now, now);
                return tasks.insert(caller.accountId(), task)
                        .then(touchDeal(caller, task, now))
                        .then(events.publish(caller, TaskEvents.CREATED, task));
            });
        });
    }

    /**
     * The deal (422 {@code not_found} on {@code deal_id}; at another site 403) and the contact (422
     * {@code not_found}, the walk-in record {@code not_allowed}) a task names; on a deal, the contact is the deal's
     * customer ({@link TaskRules#contactOf}) and the site the deal's.
     */
    private Mono<Link> link(Caller caller, Validation v, UUID dealId, UUID contactId) {
        UUID account = caller.accountId();
        Mono<Optional<Deal>> deal = dealId == null ? Mono.just(Optional.empty())
                : deals.find(account, dealId)
                        .doOnNext(found -> SiteAccess.require(caller, found.siteId()))
                        .map(Optional::of)
                        .switchIfEmpty(Mono.fromSupplier(() -> {
                            v.add("deal_id", FieldIssue.NOT_FOUND);
                            return Optional.empty();
                        }));
        return deal.flatMap(found -> customer(account, v, contactId).then(Mono.fromSupplier(() -> {
            UUID dealCustomer = found.map(Deal::contactId).orElse(null);
            return new Link(dealId, TaskRules.contactOf(v, dealCustomer, contactId),
                    found.map(Deal::siteId).orElse(null));
        })));
    }

    /** A contact crm knows (422 {@code not_found}), never the walk-in record ({@code not_allowed}). */
    private Mono<Void> customer(UUID account, Validation v, UUID contactId) {
        if (contactId == null) {
            return Mono.empty();
        }
        return customers.find(account, contactId)
                .doOnNext(customer -> v.check(customer.walkIn(), "contact_id", FieldIssue.NOT_ALLOWED))
                .switchIfEmpty(Mono.fromRunnable(() -> v.add("contact_id", FieldIssue.NOT_FOUND)))
                .then();
    }

    private Mono<Void> touchDeal(Caller caller, Task task, Instant now) {
        return task.dealId() == null ? Mono.empty() : activity.touch(caller.accountId(), task.dealId(), now);
    }

    Mono<Task> read(Caller caller, UUID id) {
        return tasks.find(caller.accountId(), id)
                .switchIfEmpty(Mono.error(ApiException.notFound()))
                .doOnNext(task -> SiteScope.require(caller, task.siteId()));
    }

    Mono<Envelopes.ListOf<Task>> list(Caller caller, TaskRepository.Filters filters, PageRequest page) {
        return tasks.list(caller, filters, page);
    }

    /**
     * Applies the fields sent: 404, 403 (the task or a deal named at another site), every bad field and unknown
     * record in one 422. A change publishes {@code task.updated}; one that changes nothing answers the task as it
     * is and publishes nothing. A completed task stays completed.
     */
    Mono<Task> update(Caller caller, UUID id, TaskChanges body) {
        return locked(caller, id).flatMap(current -> {
            Validation v = Validation.start();
            Sent sent = TaskRules.check(v, body);
            Mono<Link> link;
            if (sent.relinks()) {
                UUID dealId = Patch.apply(sent.dealId(), current.dealId());
                // On a deal the contact is the deal's customer: null or not sent means just that.
                UUID contactId = dealId != null ? Patch.apply(sent.contactId(), null)
                        : Patch.apply(sent.contactId(), current.contactId());
                link = link(caller, v, dealId, contactId);
            } else {
                link = Mono.just(new Link(current.dealId(), current.contactId(), current.siteId()));
            }
            return link.flatMap(l -> {
                v.orThrow();
                Task after = current.edited(sent.title() != null ? sent.title() : current.title(),
                        Patch.apply(sent.description(), current.description()), l.dealId(), l.contactId(),
                        l.siteId(), Patch.apply(sent.dueOn(), current.dueOn()),
                        Patch.apply(sent.assignee(), current.assignee()));
                if (after.equals(current)) {
                    return Mono.just(current);
                }
                Task saved = after.updatedAt(clock.instant());
                return tasks.save(caller.accountId(), saved).then(events.publish(caller, TaskEvents.UPDATED, saved));
            });
        });
    }

    /** {@code completed} now ({@code task.completed}); a completed task is 409. */
    Mono<Task> complete(Caller caller, UUID id) {
        return locked(caller, id).flatMap(current -> {
            TaskRules.requireOpen(current);
            Instant now = clock.instant();
            Task done = current.completed(now);
            return tasks.save(caller.accountId(), done)
                    .then(touchDeal(caller, done, now))
                    .then(events.publish(caller, TaskEvents.COMPLETED, done));
        });
    }

    /** Deleted, open or completed, with {@code task.deleted} (internal). */
    Mono<Envelopes.Deleted> delete(Caller caller, UUID id) {
        return locked(caller, id).flatMap(task -> tasks.delete(caller.accountId(), task.id())
                .then(events.publish(caller, TaskEvents.DELETED, task))
                .thenReturn(new Envelopes.Deleted(task.id(), Task.OBJECT)));
    }

    /** The task, locked; 404 when the account has none, 403 when it is at another site of the caller's. */
    private Mono<Task> locked(Caller caller, UUID id) {
        return tasks.findForUpdate(caller.accountId(), id)
                .switchIfEmpty(Mono.error(ApiException.notFound()))
                .doOnNext(task -> SiteScope.require(caller, task.siteId()));
    }
}
