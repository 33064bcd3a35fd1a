package com.storageplatform.catalogue.widget;

import com.storageplatform.catalogue.site.Sites;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.db.AccountStatement;
import com.storageplatform.kit.paging.ListQuery;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.web.Envelopes;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** The {@code widgets} table, every statement bound to an account. */
@Repository
class WidgetRepository {

    private static final String COLUMNS = """
            id, site_id, enabled, embed_key, primary_colour, font, unit_type_ids, show_prices, allowed_origins,
            booking_mode, created_at, updated_at
            """;

    private final DatabaseClient db;

    WidgetRepository(DatabaseClient db) {
        this.db = db;
    }

    /** The account's sites that have no widget yet, oldest first: one anti-join, however many sites there are. */
    Flux<UUID> sitesWithoutWidget(UUID accountId) {
        return AccountStatement.sql(db, accountId, "SELECT s.id FROM " + Sites.idsOfAccount() + " s"
                        + " WHERE NOT EXISTS (SELECT 1 FROM widgets w WHERE w.site_id = s.id) ORDER BY s.id")
                .mapValue(UUID.class)
                .all();
    }

    /** Inserts the widget unless its site has one already (two first reads at once make one widget). */
    Mono<Void> insertIfAbsent(UUID accountId, Widget widget) {
        return AccountStatement.sql(db, accountId, """
                INSERT INTO widgets (account_id, %s)
                VALUES (:account_id, :id, :site_id, :enabled, :embed_key, :primary_colour, :font, NULL, :show_prices,
                        :allowed_origins, :booking_mode, :created_at, :updated_at)
                ON CONFLICT (site_id) DO NOTHING
                """.formatted(COLUMNS))
                .bind("id", widget.id())
                .bind("site_id", widget.siteId())
                .bind("enabled", widget.enabled())
                .bind("embed_key", widget.embedKey())
                .bind("primary_colour", widget.theme().primaryColour())
                .bind("font", widget.theme().font())
                .bind("show_prices", widget.showPrices())
                .bind("allowed_origins", widget.allowedOrigins().toArray(String[]::new))
                .bind("booking_mode", widget.bookingMode())
                .bind("created_at", widget.createdAt())
                .bind("updated_at", widget.updatedAt())
                .then();
    }

    Mono<Widget> find(UUID accountId, UUID id) {
        return AccountStatement.sql(db, accountId,
                        "SELECT " + COLUMNS + " FROM widgets WHERE account_id = :account_id AND id = :id")
                .bind("id", id)
                .map(WidgetRepository::toWidget)
                .one();
    }

    /** Newest first; a site-restricted caller sees only its sites' widgets. */
    Mono<Envelopes.ListOf<Widget>> list(Caller caller, UUID siteId, PageRequest page) {
        return ListQuery.from("SELECT " + COLUMNS + " FROM widgets", caller.accountId())
                .withinSites(caller, "site_id")
                .where("site_id = :site_id", "site_id", siteId)
                .page(db, page, WidgetRepository::toWidget);
    }

    private static Widget toWidget(Readable row) {
        UUID[] unitTypes = row.get("unit_type_ids", UUID[].class);
        String[] origins = row.get("allowed_origins", String[].class);
        return new Widget(row.get("id", UUID.class), Widget.OBJECT, row.get("site_id", UUID.class),
                row.get("enabled", Boolean.class), row.get("embed_key", String.class),
                new Widget.Theme(row.get("primary_colour", String.class), row.get("font", String.class)),
                unitTypes == null ? null : List.of(unitTypes), row.get("show_prices", Boolean.class),
                origins == null ? List.of() : List.of(origins), row.get("booking_mode", String.class),
                row.get("created_at", Instant.class), row.get("updated_at", Instant.class));
    }
}
