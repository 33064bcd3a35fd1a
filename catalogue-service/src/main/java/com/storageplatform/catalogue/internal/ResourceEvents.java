package com.storageplatform.catalogue.internal;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.outbox.EventPublisher;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.Predicate;
import reactor.core.publisher.Mono;

/**
 * The internal events of one catalogue resource on {@code catalogue.events} (not webhooks: other services keep
 * their projections from them): {@code <object>.created}, {@code .updated}, {@code .archived} when a change
 * archives it, and {@code .deleted}. Each is written through the outbox in the request's transaction, with the
 * resource's id as {@code subject} and its REST shape as {@code data} (for a deletion, the record as it last was).
 * Each feature names its own in a small subclass, so its service is wired with exactly its resource's events.
 *
 * @param <T> the resource's API record
 */
public class ResourceEvents<T> {

    private final EventPublisher events;
    private final String object;
    private final Function<T, UUID> idOf;
    private final Predicate<T> isArchived;

    /**
     * @param object     the resource's {@code object} name, the prefix of its event types
     * @param isArchived whether a state of the resource is archived; {@code r -> false} for one never archived
     */
    protected ResourceEvents(EventPublisher events, String object, Function<T, UUID> idOf,
            Predicate<T> isArchived) {
        this.events = events;
        this.object = object;
        this.idOf = idOf;
        this.isArchived = isArchived;
    }

    public Mono<Void> created(Caller caller, T resource) {
        return publish(caller, "created", resource);
    }

    public Mono<Void> updated(Caller caller, T resource) {
        return publish(caller, "updated", resource);
    }

    /** {@code .archived} when the change archived the resource, otherwise {@code .updated}. */
    public Mono<Void> changed(Caller caller, T before, T after) {
        boolean archived = isArchived.test(after) && !isArchived.test(before);
        return publish(caller, archived ? "archived" : "updated", after);
    }

    /** {@code last}: the record as it was just before the deletion. */
    public Mono<Void> deleted(Caller caller, T last) {
        return publish(caller, "deleted", last);
    }

    private Mono<Void> publish(Caller caller, String what, T resource) {
        return events.publish(caller, object + "." + what, idOf.apply(resource), resource).then();
    }
}
