package com.storageplatform.crm.task;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.openapi.ApiErrors;
import com.storageplatform.kit.openapi.FilteredBy;
import com.storageplatform.kit.openapi.ScopeFamily;
import com.storageplatform.kit.paging.ListFilters;
import com.storageplatform.kit.web.Envelopes;
import com.storageplatform.kit.web.ErrorCode;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.enums.ParameterIn;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.Optional;
import org.springframework.http.HttpStatus;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** {@code /v1/tasks} (scopes {@code crm:read} and {@code crm:write}, at the gateway). */
@RestController
@ScopeFamily("crm")
class TaskResource {

    private final TaskService tasks;

    TaskResource(TaskService tasks) {
        this.tasks = tasks;
    }

    /**
     * 201 with the task, {@code open} ({@code task.created}). {@code title} is trimmed, 1 to 200 characters. A
     * {@code deal_id} must be a deal of the account (422 {@code not_found}) within the credential's sites (403
     * {@code site_forbidden}); the task takes the deal's site, and its customer as the contact unless
     * {@code contact_id} names another (422 {@code not_allowed} on {@code contact_id}). A {@code contact_id} must be
     * a contact of the account (422 {@code not_found}), never the walk-in sales record (422 {@code not_allowed}). A
     * task on a deal records activity on it ({@code last_activity_at}).
     */
    @PostMapping("/v1/tasks")
    @ResponseStatus(HttpStatus.CREATED)
    Mono<Envelopes.Data<Task>> create(Caller caller, @RequestBody CreateTask body) {
        return tasks.create(caller, body).map(Envelopes::data);
    }

    /** A task with a site outside a restricted credential's sites is 403. */
    @GetMapping("/v1/tasks/{id}")
    Mono<Envelopes.Data<Task>> read(Caller caller, @PathVariable String id) {
        return tasks.read(caller, Ids.fromPath(id)).map(Envelopes::data);
    }

    /**
     * Newest first; filters {@code status}, {@code deal_id}, {@code contact_id}, {@code assignee} (exact),
     * {@code due_on} and the range {@code due_on[gte]} / {@code due_on[lte]}. A site-restricted credential sees the
     * tasks of its sites and those without a site.
     */
    @FilteredBy({"status", "deal_id", "contact_id", "assignee", "due_on"})
    @Parameter(in = ParameterIn.QUERY, name = "due_on[gte]", schema = @Schema(type = "string", format = "date"),
            description = "Only tasks due on or after this day (YYYY-MM-DD).")
    @Parameter(in = ParameterIn.QUERY, name = "due_on[lte]", schema = @Schema(type = "string", format = "date"),
            description = "Only tasks due on or before this day (YYYY-MM-DD).")
    @GetMapping("/v1/tasks")
    Mono<Envelopes.ListOf<Task>> list(Caller caller, @RequestParam MultiValueMap<String, String> query) {
        ListFilters filters = ListFilters.of(query);
        var f = new TaskRepository.Filters(filters.oneOf("status", Task.STATUSES), filters.id("deal_id"),
                filters.id("contact_id"), filters.parsed("assignee", Optional::of), filters.date("due_on"),
                filters.date("due_on[gte]"), filters.date("due_on[lte]"));
        return tasks.list(caller, f, filters.page());
    }

    /**
     * Changes only the fields sent ({@code title}, {@code description}, {@code due_on}, {@code assignee},
     * {@code deal_id}, {@code contact_id}); a body of only {@code null} values is accepted ({@code null} keeps the
     * title and clears the others). A completed task can still be edited and stays completed. A new
     * {@code deal_id} is judged as on create and brings its customer and site; {@code deal_id: null} takes the task
     * off its deal, keeping its contact. A change publishes {@code task.updated}.
     */
    @PatchMapping("/v1/tasks/{id}")
    Mono<Envelopes.Data<Task>> update(Caller caller, @PathVariable String id, @RequestBody TaskChanges body) {
        return tasks.update(caller, Ids.fromPath(id), body).map(Envelopes::data);
    }

    /**
     * Completes an open task: {@code completed}, {@code completed_at} now ({@code task.completed}); a task on a deal
     * records activity on it. A completed task is 409 {@code conflict}.
     */
    @ApiErrors(ErrorCode.CONFLICT)
    @PostMapping("/v1/tasks/{id}/complete")
    Mono<Envelopes.Data<Task>> complete(Caller caller, @PathVariable String id) {
        return tasks.complete(caller, Ids.fromPath(id)).map(Envelopes::data);
    }

    /** Deleted, open or completed ({@code task.deleted}). */
    @DeleteMapping("/v1/tasks/{id}")
    Mono<Envelopes.Data<Envelopes.Deleted>> delete(Caller caller, @PathVariable String id) {
        return tasks.delete(caller, Ids.fromPath(id)).map(Envelopes::data);
    }
}
