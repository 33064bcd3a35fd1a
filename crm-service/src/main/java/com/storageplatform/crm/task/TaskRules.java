package com.storageplatform.crm.task;

import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.FieldIssue;
import com.storageplatform.kit.web.Patch;
import java.time.LocalDate;
import java.util.UUID;

/** The pure rules of a task: its fields (every bad one in one 422), its contact on a deal, and completion. */
final class TaskRules {

    static final int MAX_TITLE = 200;
    static final int MAX_DESCRIPTION = 2000;
    static final int MAX_ASSIGNEE = 200;

    private TaskRules() {
    }

    /** The create body's fields, checked; ids null where absent or refused. */
    record Terms(String title, String description, UUID dealId, UUID contactId, LocalDate dueOn, String assignee) {
    }

    static Terms check(Validation v, CreateTask b) {
        return new Terms(title(v, b.title()), description(v, b.description()), v.optionalId("deal_id", b.dealId()),
                v.optionalId("contact_id", b.contactId()), v.optionalDate("due_on", b.dueOn()),
                assignee(v, b.assignee()));
    }

    /**
     * The PATCH body's values, checked. {@code title} is null when not sent or sent as {@code null} (both keep it);
     * the others stay {@link Patch}es (absent, cleared, or set).
     */
    record Sent(String title, Patch<String> description, Patch<UUID> dealId, Patch<UUID> contactId,
            Patch<LocalDate> dueOn, Patch<String> assignee) {

        /** Whether the change names the task's deal or contact, which are then judged again. */
        boolean relinks() {
            return Patch.sent(dealId) || Patch.sent(contactId);
        }
    }

    static Sent check(Validation v, TaskChanges c) {
        String title = c.title() == null || c.title().isNull() ? null : title(v, c.title().value());
        return new Sent(title,
                c.description() == null ? null : Patch.of(description(v, c.description().value())),
                c.dealId() == null ? null : c.dealId().map(value -> v.optionalId("deal_id", value)),
                c.contactId() == null ? null : c.contactId().map(value -> v.optionalId("contact_id", value)),
                c.dueOn() == null ? null : c.dueOn().map(value -> v.optionalDate("due_on", value)),
                c.assignee() == null ? null : Patch.of(assignee(v, c.assignee().value())));
    }

    /** A title as stored: trimmed, required, at most 200 printable characters on one line. */
    static String title(Validation v, String title) {
        String trimmed = title == null ? null : title.strip();
        v.require("title", trimmed).maxLength("title", trimmed, MAX_TITLE).printable("title", trimmed, false);
        return trimmed;
    }

    /** A description as stored: trimmed, empty is none, at most 2000 printable characters, line breaks allowed. */
    static String description(Validation v, String description) {
        String trimmed = orNull(description);
        v.maxLength("description", trimmed, MAX_DESCRIPTION).printable("description", trimmed, true);
        return trimmed;
    }

    /** An assignee as stored: trimmed, empty is none, at most 200 printable characters on one line. */
    static String assignee(Validation v, String assignee) {
        String trimmed = orNull(assignee);
        v.maxLength("assignee", trimmed, MAX_ASSIGNEE).printable("assignee", trimmed, false);
        return trimmed;
    }

    private static String orNull(String text) {
        return text == null || text.isBlank() ? null : text.strip();
    }

    /**
     * The contact of a task on a deal whose customer is {@code dealCustomer} (null: the task names no deal, or one
     * not found): the deal's customer, by default, and any other contact sent is 422 {@code not_allowed} on
     * {@code contact_id}. Without a deal the contact sent (or none) stands.
     */
    static UUID contactOf(Validation v, UUID dealCustomer, UUID contactSent) {
        if (dealCustomer == null) {
            return contactSent;
        }
        v.check(contactSent != null && !contactSent.equals(dealCustomer), "contact_id", FieldIssue.NOT_ALLOWED);
        return dealCustomer;
    }

    /** An open task can be completed; a completed one is 409 {@code conflict}. */
    static void requireOpen(Task task) {
        if (Task.COMPLETED.equals(task.status())) {
            throw ApiException.conflict("This task was completed at " + task.completedAt() + ": a task is "
                    + "completed once.");
        }
    }
}
