package com.storageplatform.kit.paging;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.db.Bindings;
import com.storageplatform.kit.web.Envelopes;
import io.r2dbc.spi.Readable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.r2dbc.core.DatabaseClient.GenericExecuteSpec;
import reactor.core.publisher.Mono;

/**
 * A keyset-paged list query, newest first on {@code (account_id, id)}. Every list starts from the caller's
 * account, so no list can leave its tenant:
 *
 * <pre>{@code
 * ListQuery.from("SELECT * FROM sites", caller.accountId())
 *     .where("status = :status", "status", status)       // left out when status is null
 *     .page(db, page, SiteRows::toSite);
 * }</pre>
 *
 * Single-row statements take the account the same way through {@code AccountStatement}.
 */
public final class ListQuery {

    private final String selectFrom;
    private final List<String> conditions = new ArrayList<>();
    /** Each parameter by name, as the step that binds it to the statement. */
    private final Map<String, UnaryOperator<GenericExecuteSpec>> bindings = new LinkedHashMap<>();

    private ListQuery(String selectFrom, String scopeColumn, Object scope) {
        this.selectFrom = selectFrom;
        if (scopeColumn != null) {
            conditions.add(scopeColumn + " = :list_scope");
            bindings.put("list_scope", spec -> Bindings.nullable(spec, "list_scope", scope, Object.class));
        } else {
            conditions.add("TRUE");
        }
    }

    /** {@code selectFrom} is a {@code SELECT ... FROM table} with no WHERE, ORDER or LIMIT. */
    public static ListQuery from(String selectFrom, UUID accountId) {
        return new ListQuery(selectFrom, "account_id", accountId);
    }

    /**
     * A list scoped by another column than the account, for the platform admin's lists (an operator's
     * credentials, keyed on {@code (operator_id, id)}). Tenant lists use {@link #from(String, UUID)}.
     */
    public static ListQuery scopedBy(String selectFrom, String scopeColumn, Object scope) {
        return new ListQuery(selectFrom, scopeColumn, scope);
    }

    /** A list over every tenant: only for the platform admin's own resources (operators). */
    public static ListQuery platformWide(String selectFrom) {
        return new ListQuery(selectFrom, null, null);
    }

    /** Adds {@code condition} (using {@code :name}) when {@code value} is present; an absent filter adds nothing. */
    public ListQuery where(String condition, String name, Object value) {
        if (value != null) {
            conditions.add(condition);
            bindings.put(name, spec -> spec.bind(name, value));
        }
        return this;
    }

    /**
     * Binds a value that a condition or the select's own columns use without a filter of its own (the platform
     * clock's {@code :now} in a condition added with {@link #where(String)}).
     */
    public ListQuery bind(String name, Object value) {
        Objects.requireNonNull(value, () -> name + " is null: bindNullable says what type its NULL has");
        bindings.put(name, spec -> spec.bind(name, value));
        return this;
    }

    /**
     * Binds a value that may be null, as a typed NULL then: a condition that must hold either way
     * ({@code holder_id IS NOT DISTINCT FROM :reservation_id}), unlike {@link #where(String, String, Object)},
     * which leaves an absent filter out.
     */
    public <T> ListQuery bindNullable(String name, T value, Class<T> type) {
        bindings.put(name, spec -> Bindings.nullable(spec, name, value, type));
        return this;
    }

    /** For a site-restricted caller, only rows whose {@code column} is one of its sites. */
    public ListQuery withinSites(Caller caller, String column) {
        if (caller.isSiteRestricted()) {
            conditions.add(column + " = ANY(:caller_site_ids)");
            UUID[] sites = caller.siteIds().toArray(UUID[]::new);
            bindings.put("caller_site_ids", spec -> spec.bind("caller_site_ids", sites));
        }
        return this;
    }

    /** Adds a condition with no parameter. */
    public ListQuery where(String condition) {
        conditions.add(condition);
        return this;
    }

    public <T> Mono<Envelopes.ListOf<T>> page(DatabaseClient db, PageRequest page, Function<Readable, T> mapper) {
        StringBuilder sql = new StringBuilder(selectFrom).append(" WHERE ").append(String.join(" AND ", conditions));
        if (page.after() != null) {
            sql.append(" AND id < :after_id");
        }
        sql.append(" ORDER BY id DESC LIMIT :page_size");
        GenericExecuteSpec spec = db.sql(sql.toString());
        for (UnaryOperator<GenericExecuteSpec> binding : bindings.values()) {
            spec = binding.apply(spec);
        }
        if (page.after() != null) {
            spec = spec.bind("after_id", page.after());
        }
        spec = spec.bind("page_size", page.limit() + 1);
        return spec.map(row -> new Keyed<>(row.get("id", UUID.class), mapper.apply(row)))
                .all()
                .collectList()
                .map(rows -> toPage(rows, page));
    }

    private static <T> Envelopes.ListOf<T> toPage(List<Keyed<T>> rows, PageRequest page) {
        boolean hasMore = rows.size() > page.limit();
        List<Keyed<T>> shown = hasMore ? rows.subList(0, page.limit()) : rows;
        String next = hasMore ? page.cursorAfter(shown.get(shown.size() - 1).id()) : null;
        return new Envelopes.ListOf<>(shown.stream().map(Keyed::item).toList(),
                new Envelopes.ListMeta(page.limit(), new Envelopes.CursorMeta(next, hasMore)));
    }

    private record Keyed<T>(UUID id, T item) {
    }
}
