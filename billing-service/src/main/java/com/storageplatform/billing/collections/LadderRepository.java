package com.storageplatform.billing.collections;

import com.storageplatform.billing.collections.DunningLadder.SaleNotice;
import com.storageplatform.billing.collections.DunningLadder.Step;
import com.storageplatform.kit.db.AccountStatement;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Mono;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * The {@code dunning_ladders} table (the account's own steps, absent while it follows the default) and
 * {@code sale_notice_settings} (its own lien sale notices, absent while it follows their default).
 */
@Repository
class LadderRepository {

    private static final TypeReference<List<Step>> STEPS = new TypeReference<>() {
    };

    private final DatabaseClient db;
    private final JsonMapper json;

    LadderRepository(DatabaseClient db, JsonMapper json) {
        this.db = db;
        this.json = json;
    }

    /** The account's ladder; the default when it has none of its own. */
    Mono<DunningLadder> of(UUID accountId) {
        return saleNotice(accountId).flatMap(notice -> AccountStatement.sql(db, accountId, """
                SELECT steps::text AS steps, updated_at FROM dunning_ladders WHERE account_id = :account_id
                """)
                .map(row -> new DunningLadder(DunningLadder.OBJECT, steps(row.get("steps", String.class)), notice,
                        false, row.get("updated_at", Instant.class)))
                .one()
                .defaultIfEmpty(new DunningLadder(DunningLadder.OBJECT, DunningLadder.DEFAULT, notice, true, null)));
    }

    /** The account's lien sale notice settings; the default when it has none of its own. */
    Mono<SaleNotice> saleNotice(UUID accountId) {
        return AccountStatement.sql(db, accountId, """
                SELECT notice_days, reminder_days_before FROM sale_notice_settings WHERE account_id = :account_id
                """)
                .map(row -> new SaleNotice(row.get("notice_days", Integer.class),
                        Arrays.asList(row.get("reminder_days_before", Integer[].class))))
                .one()
                .defaultIfEmpty(SaleNotice.DEFAULT);
    }

    Mono<Void> saveSaleNotice(UUID accountId, SaleNotice notice, Instant now) {
        return AccountStatement.sql(db, accountId, """
                INSERT INTO sale_notice_settings (account_id, notice_days, reminder_days_before, updated_at)
                VALUES (:account_id, :days, :reminders, :now)
                ON CONFLICT (account_id) DO UPDATE SET notice_days = EXCLUDED.notice_days,
                       reminder_days_before = EXCLUDED.reminder_days_before, updated_at = EXCLUDED.updated_at
                """)
                .bind("days", notice.noticeDays())
                .bind("reminders", notice.reminderDaysBefore().toArray(Integer[]::new)).bind("now", now)
                .then();
    }

    Mono<Void> resetSaleNotice(UUID accountId) {
        return AccountStatement.sql(db, accountId, "DELETE FROM sale_notice_settings WHERE account_id = :account_id")
                .then();
    }

    Mono<Void> save(UUID accountId, List<Step> steps, Instant now) {
        return AccountStatement.sql(db, accountId, """
                INSERT INTO dunning_ladders (account_id, steps, updated_at)
                VALUES (:account_id, CAST(:steps AS jsonb), :now)
                ON CONFLICT (account_id) DO UPDATE SET steps = EXCLUDED.steps, updated_at = EXCLUDED.updated_at
                """)
                .bind("steps", json.writeValueAsString(steps)).bind("now", now)
                .then();
    }

    Mono<Void> reset(UUID accountId) {
        return AccountStatement.sql(db, accountId, "DELETE FROM dunning_ladders WHERE account_id = :account_id")
                .then();
    }

    List<Step> steps(String text) {
        return json.readValue(text, STEPS);
    }

    String text(List<Step> steps) {
        return json.writeValueAsString(steps);
    }
}
