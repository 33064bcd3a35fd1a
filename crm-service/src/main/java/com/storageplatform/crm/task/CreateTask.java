package com.storageplatform.crm.task;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * The body of {@code POST /v1/tasks} (conventions.md: task).
 *
 * @param title       trimmed; 1 to 200 characters, one line
 * @param description trimmed; at most 2000 characters; empty is none
 * @param dealId      a deal of the account, within the credential's sites
 * @param contactId   a contact of the account, never the walk-in sales record; with {@code deal_id}, the deal's
 *                    customer (by default when only {@code deal_id} is sent)
 * @param dueOn       {@code YYYY-MM-DD}
 * @param assignee    trimmed; at most 200 characters, one line; empty is none
 */
@Schema(requiredProperties = {"title"})
public record CreateTask(String title, String description, String dealId, String contactId, String dueOn,
        String assignee) {
}
