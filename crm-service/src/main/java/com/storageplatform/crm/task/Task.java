package com.storageplatform.crm.task;

import com.storageplatform.kit.openapi.OneOf;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * The {@code task} resource: a piece of work for the operator's staff, on a deal or for a customer. The body of
 * {@code GET /v1/tasks/{id}} and the {@code data} of {@code task.*} events.
 *
 * @param title       what is to be done: trimmed, 1 to 200 characters
 * @param description more about it, at most 2000 characters; null when none
 * @param dealId      the deal the task is for; null when none
 * @param contactId   the customer the task is about: the deal's customer while it names a deal; null when none
 * @param siteId      the site of the task's deal (as it was when the task was given it); null without a deal
 * @param dueOn       the day the task is due, {@code YYYY-MM-DD}; null when it has no due day
 * @param assignee    who is to do it, as the operator names its staff (a name or a staff id); null when unassigned
 * @param status      {@code open}, or {@code completed} once {@code POST /v1/tasks/{id}/complete} was called
 * @param completedAt when the task was completed; null while open
 */
public record Task(UUID id, String object, String title, @Nullable String description, @Nullable UUID dealId,
        @Nullable UUID contactId, @Nullable UUID siteId, @Nullable LocalDate dueOn, @Nullable String assignee,
        @OneOf("STATUSES") String status, @Nullable Instant completedAt, Instant createdAt, Instant updatedAt) {

    public static final String OBJECT = "task";

    public static final String OPEN = "open";
    public static final String COMPLETED = "completed";
    public static final List<String> STATUSES = List.of(OPEN, COMPLETED);

    /** The task with the fields a {@code PATCH} can change; everything else as it is. */
    Task edited(String title, String description, UUID dealId, UUID contactId, UUID siteId, LocalDate dueOn,
            String assignee) {
        return new Task(id, object, title, description, dealId, contactId, siteId, dueOn, assignee, status,
                completedAt, createdAt, updatedAt);
    }

    /** The task completed at {@code at}. */
    Task completed(Instant at) {
        return new Task(id, object, title, description, dealId, contactId, siteId, dueOn, assignee, COMPLETED, at,
                createdAt, at);
    }

    Task updatedAt(Instant at) {
        return new Task(id, object, title, description, dealId, contactId, siteId, dueOn, assignee, status,
                completedAt, createdAt, at);
    }
}
