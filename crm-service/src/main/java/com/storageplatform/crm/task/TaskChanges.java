package com.storageplatform.crm.task;

import com.storageplatform.kit.web.Patch;

/**
 * The body of {@code PATCH /v1/tasks/{id}}: left out stays, {@code null} clears (the kit's Patch). A body of only
 * {@code null} values is accepted: {@code null} on {@code title}, which a task always has, leaves it as it is.
 *
 * @param dealId    another deal (its customer becomes the task's contact unless {@code contact_id} names the same
 *                  one), or {@code null} to take the task off its deal (the contact stays)
 * @param contactId while the task names a deal, only the deal's customer ({@code null} keeps it); without a deal,
 *                  any contact of the account but the walk-in sales record, or {@code null} for none
 */
record TaskChanges(Patch<String> title, Patch<String> description, Patch<String> dealId, Patch<String> contactId,
        Patch<String> dueOn, Patch<String> assignee) {
}
