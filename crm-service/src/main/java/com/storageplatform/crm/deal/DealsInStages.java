package com.storageplatform.crm.deal;

import com.storageplatform.crm.pipeline.StagesInUse;
import com.storageplatform.kit.db.AccountStatement;
import java.util.Map;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** The deals standing in a pipeline's stages, for the pipeline's changes (every deal, open or closed). */
@Component
class DealsInStages implements StagesInUse {

    private final DatabaseClient db;

    DealsInStages(DatabaseClient db) {
        this.db = db;
    }

    @Override
    public Mono<Map<UUID, Long>> dealsByStage(UUID accountId, UUID pipelineId) {
        return AccountStatement.sql(db, accountId, """
                SELECT stage_id, count(*) AS deals FROM deals
                 WHERE account_id = :account_id AND pipeline_id = :pipeline
                 GROUP BY stage_id
                """)
                .bind("pipeline", pipelineId)
                .map(row -> Map.entry(row.get("stage_id", UUID.class), row.get("deals", Long.class)))
                .all()
                .collectMap(Map.Entry::getKey, Map.Entry::getValue);
    }
}
