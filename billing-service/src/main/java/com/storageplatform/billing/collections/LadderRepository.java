package com.storageplatform.billing.collections;

import com.storageplatform.billing.collections.DunningLadder.Step;
import com.storageplatform.kit.db.AccountStatement;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Mono;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/** The {@code dunning_ladders} table: the account's own ladder, absent while it follows the default. */
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
        return AccountStatement.sql(db, accountId, """
                SELECT steps::text AS steps, updated_at FROM dunning_ladders WHERE account_id = :account_id
                """)
                .map(row -> new DunningLadder(DunningLadder.OBJECT, steps(row.get("steps", String.class)), false,
                        row.get("updated_at", Instant.class)))
                .one()
                .defaultIfEmpty(new DunningLadder(DunningLadder.OBJECT, DunningLadder.DEFAULT, true, null));
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
