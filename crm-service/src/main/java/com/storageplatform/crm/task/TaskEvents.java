package com.storageplatform.crm.task;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.outbox.EventPublisher;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * {@code task.*} events, in the change's transaction, with the task as a read answers it. {@code task.created} and
 * {@code task.completed} are public (the spec's catalogue); {@code task.updated} (a {@code PATCH} that changed
 * something) and {@code task.deleted} (the task as it last was) are internal, for projections.
 */
@Component
class TaskEvents {

    static final String CREATED = "task.created";
    static final String COMPLETED = "task.completed";
    static final String UPDATED = "task.updated";
    static final String DELETED = "task.deleted";

    private final EventPublisher events;

    TaskEvents(EventPublisher events) {
        this.events = events;
    }

    Mono<Task> publish(Caller caller, String type, Task task) {
        return events.publish(caller, type, task.id(), task).thenReturn(task);
    }
}
