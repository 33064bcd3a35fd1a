package com.storageplatform.crm.task;

import static com.storageplatform.kit.db.Bindings.nullable;

import com.storageplatform.crm.internal.SiteScope;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.db.AccountStatement;
import com.storageplatform.kit.paging.ListQuery;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.web.Envelopes;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import java.time.LocalDate;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.r2dbc.core.DatabaseClient.GenericExecuteSpec;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Mono;

/** The {@code tasks} table, every statement bound to one account. */
@Repository
class TaskRepository {

    private static final String COLUMNS = """
            id, title, description, deal_id, contact_id, site_id, due_on, assignee, status, completed_at,
            created_at, updated_at
            """;

    private final DatabaseClient db;

    TaskRepository(DatabaseClient db) {
        this.db = db;
    }

    /** The list's filters; null filters nothing. {@code dueFrom} and {@code dueTo} are inclusive. */
    record Filters(String status, UUID dealId, UUID contactId, String assignee, LocalDate dueOn, LocalDate dueFrom,
            LocalDate dueTo) {
    }

    Mono<Void> insert(UUID accountId, Task t) {
        return values(AccountStatement.sql(db, accountId, """
                INSERT INTO tasks (account_id, id, title, description, deal_id, contact_id, site_id, due_on,
                       assignee, status, completed_at, created_at, updated_at)
                VALUES (:account_id, :id, :title, :description, :deal_id, :contact_id, :site_id, :due_on,
                       :assignee, :status, :completed_at, :created_at, :updated_at)
                """), t).bind("created_at", t.createdAt()).then();
    }

    /** Writes every field a change or the completion can touch. */
    Mono<Void> save(UUID accountId, Task t) {
        return values(AccountStatement.sql(db, accountId, """
                UPDATE tasks SET title = :title, description = :description, deal_id = :deal_id,
                       contact_id = :contact_id, site_id = :site_id, due_on = :due_on, assignee = :assignee,
                       status = :status, completed_at = :completed_at, updated_at = :updated_at
                 WHERE account_id = :account_id AND id = :id
                """), t).then();
    }

    private static GenericExecuteSpec values(GenericExecuteSpec spec, Task t) {
        spec = spec.bind("id", t.id())
                .bind("title", t.title())
                .bind("status", t.status())
                .bind("updated_at", t.updatedAt());
        spec = nullable(spec, "description", t.description(), String.class);
        spec = nullable(spec, "deal_id", t.dealId(), UUID.class);
        spec = nullable(spec, "contact_id", t.contactId(), UUID.class);
        spec = nullable(spec, "site_id", t.siteId(), UUID.class);
        spec = nullable(spec, "due_on", t.dueOn(), LocalDate.class);
        spec = nullable(spec, "assignee", t.assignee(), String.class);
        return nullable(spec, "completed_at", t.completedAt(), Instant.class);
    }

    Mono<Task> find(UUID accountId, UUID id) {
        return findBy(accountId, id, "");
    }

    /** The task, its row locked for the rest of the transaction. */
    Mono<Task> findForUpdate(UUID accountId, UUID id) {
        return findBy(accountId, id, " FOR UPDATE");
    }

    private Mono<Task> findBy(UUID accountId, UUID id, String lock) {
        return AccountStatement.sql(db, accountId,
                        "SELECT " + COLUMNS + " FROM tasks WHERE account_id = :account_id AND id = :id" + lock)
                .bind("id", id)
                .map(TaskRepository::toTask)
                .one();
    }

    Mono<Void> delete(UUID accountId, UUID id) {
        return AccountStatement.sql(db, accountId, "DELETE FROM tasks WHERE account_id = :account_id AND id = :id")
                .bind("id", id)
                .then();
    }

    /** Newest first; a site-restricted caller sees the tasks of its sites and those without a site. */
    Mono<Envelopes.ListOf<Task>> list(Caller caller, Filters f, PageRequest page) {
        ListQuery query = ListQuery.from("SELECT " + COLUMNS + " FROM tasks", caller.accountId())
                .where("status = :status", "status", f.status())
                .where("deal_id = :deal_id", "deal_id", f.dealId())
                .where("contact_id = :contact_id", "contact_id", f.contactId())
                .where("assignee = :assignee", "assignee", f.assignee())
                .where("due_on = :due_on", "due_on", f.dueOn())
                .where("due_on >= :due_from", "due_from", f.dueFrom())
                .where("due_on <= :due_to", "due_to", f.dueTo());
        return SiteScope.within(query, caller).page(db, page, TaskRepository::toTask);
    }

    private static Task toTask(Readable row) {
        return new Task(row.get("id", UUID.class), Task.OBJECT, row.get("title", String.class),
                row.get("description", String.class), row.get("deal_id", UUID.class),
                row.get("contact_id", UUID.class), row.get("site_id", UUID.class), row.get("due_on", LocalDate.class),
                row.get("assignee", String.class), row.get("status", String.class),
                row.get("completed_at", Instant.class), row.get("created_at", Instant.class),
                row.get("updated_at", Instant.class));
    }
}
