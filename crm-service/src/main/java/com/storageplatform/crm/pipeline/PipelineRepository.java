package com.storageplatform.crm.pipeline;

import com.storageplatform.crm.pipeline.Pipeline.Stage;
import com.storageplatform.kit.db.AccountStatement;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.paging.ListQuery;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.web.Envelopes;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** The {@code pipelines} and {@code stages} tables, every statement bound to one account. */
@Repository
class PipelineRepository {

    /** The default pipeline's stages, in order: name and kind. */
    static final List<String[]> DEFAULT_STAGES = List.of(new String[] {"Enquiry", Pipeline.OPEN},
            new String[] {"Quoted", Pipeline.OPEN}, new String[] {"Reserved", Pipeline.RESERVED},
            new String[] {"Won", Pipeline.WON}, new String[] {"Lost", Pipeline.LOST});
    static final String DEFAULT_NAME = "Sales";

    private static final String COLUMNS = "id, name, is_default, created_at, updated_at";

    private final DatabaseClient db;

    PipelineRepository(DatabaseClient db) {
        this.db = db;
    }

    /**
     * Makes the account's default pipeline with its stages unless it has one: one statement, so no reader sees the
     * pipeline without its stages, and the unique index on the account's default makes a second, concurrent
     * creation do nothing (it waits for the first to commit, then inserts nothing).
     */
    Mono<Void> ensureDefault(UUID accountId, Instant now) {
        StringBuilder values = new StringBuilder();
        for (int i = 0; i < DEFAULT_STAGES.size(); i++) {
            values.append(i == 0 ? "" : ", ").append("(CAST(:stage_").append(i).append(" AS uuid), :name_")
                    .append(i).append(", :kind_").append(i).append(", ").append(i + 1).append(")");
        }
        var insert = AccountStatement.sql(db, accountId, """
                WITH made AS (
                    INSERT INTO pipelines (account_id, id, name, is_default, created_at, updated_at)
                    VALUES (:account_id, :id, :name, true, :now, :now)
                    ON CONFLICT (account_id) WHERE is_default DO NOTHING
                    RETURNING id)
                INSERT INTO stages (account_id, id, pipeline_id, name, kind, position, created_at, updated_at)
                SELECT :account_id, s.id, made.id, s.name, s.kind, s.position, :now, :now
                  FROM made, (VALUES %s) AS s (id, name, kind, position)
                """.formatted(values))
                .bind("id", Ids.newId())
                .bind("name", DEFAULT_NAME)
                .bind("now", now);
        for (int i = 0; i < DEFAULT_STAGES.size(); i++) {
            insert = insert.bind("stage_" + i, Ids.newId().toString())
                    .bind("name_" + i, DEFAULT_STAGES.get(i)[0])
                    .bind("kind_" + i, DEFAULT_STAGES.get(i)[1]);
        }
        return insert.then();
    }

    Mono<Pipeline> findDefault(UUID accountId) {
        return AccountStatement.sql(db, accountId,
                        "SELECT " + COLUMNS + " FROM pipelines WHERE account_id = :account_id AND is_default FOR SHARE")
                .map(PipelineRepository::toPipeline)
                .one()
                .flatMap(p -> withStages(accountId, List.of(p)).map(list -> list.get(0)));
    }

    /**
     * The pipeline with its stages. Inside a transaction (a deal's write) the pipeline stays share-locked until it
     * commits, so a concurrent change of its stages waits and never removes the stage the deal is put in.
     */
    Mono<Pipeline> find(UUID accountId, UUID id) {
        return select(accountId, id, "FOR SHARE");
    }

    /** The pipeline with its stages, locked for a change of it. */
    Mono<Pipeline> findForUpdate(UUID accountId, UUID id) {
        return select(accountId, id, "FOR UPDATE");
    }

    private Mono<Pipeline> select(UUID accountId, UUID id, String lock) {
        return AccountStatement.sql(db, accountId,
                        "SELECT " + COLUMNS + " FROM pipelines WHERE account_id = :account_id AND id = :id " + lock)
                .bind("id", id)
                .map(PipelineRepository::toPipeline)
                .one()
                .flatMap(p -> withStages(accountId, List.of(p)).map(list -> list.get(0)));
    }

    /** The pipeline a stage belongs to, with its stages. */
    Mono<Pipeline> ofStage(UUID accountId, UUID stageId) {
        return AccountStatement.sql(db, accountId, """
                SELECT pipeline_id FROM stages WHERE account_id = :account_id AND id = :id
                """)
                .bind("id", stageId)
                .map(row -> row.get("pipeline_id", UUID.class))
                .one()
                .flatMap(pipelineId -> find(accountId, pipelineId));
    }

    Mono<Envelopes.ListOf<Pipeline>> list(UUID accountId, PageRequest page) {
        return ListQuery.from("SELECT " + COLUMNS + " FROM pipelines", accountId)
                .page(db, page, PipelineRepository::toPipeline)
                .flatMap(listed -> withStages(accountId, listed.data())
                        .map(full -> new Envelopes.ListOf<>(full, listed.meta())));
    }

    Mono<Void> insert(UUID accountId, Pipeline p) {
        return AccountStatement.sql(db, accountId, """
                INSERT INTO pipelines (account_id, id, name, is_default, created_at, updated_at)
                VALUES (:account_id, :id, :name, false, :created_at, :updated_at)
                """)
                .bind("id", p.id())
                .bind("name", p.name())
                .bind("created_at", p.createdAt())
                .bind("updated_at", p.updatedAt())
                .then()
                .then(insertStages(accountId, p.id(), p.stages(), p.updatedAt()));
    }

    Mono<Void> rename(UUID accountId, UUID id, String name, Instant now) {
        return AccountStatement.sql(db, accountId, """
                UPDATE pipelines SET name = :name, updated_at = :now WHERE account_id = :account_id AND id = :id
                """)
                .bind("id", id)
                .bind("name", name)
                .bind("now", now)
                .then();
    }

    /**
     * Makes the pipeline the account's default. Two statements: the unique index on the default is checked row by
     * row, so the old default is unset before the new one is set.
     */
    Mono<Void> makeDefault(UUID accountId, UUID id, Instant now) {
        return AccountStatement.sql(db, accountId, """
                UPDATE pipelines SET is_default = false, updated_at = :now
                 WHERE account_id = :account_id AND is_default AND id <> :id
                """)
                .bind("id", id)
                .bind("now", now)
                .then()
                .then(AccountStatement.sql(db, accountId, """
                        UPDATE pipelines SET is_default = true, updated_at = :now
                         WHERE account_id = :account_id AND id = :id
                        """)
                        .bind("id", id)
                        .bind("now", now)
                        .then());
    }

    /**
     * Replaces the pipeline's stages: {@code kept} ones (existing ids) updated, {@code added} ones inserted, the rest
     * deleted. Every stage first steps aside to a negative position so the unique position never collides on the way.
     */
    Mono<Void> replaceStages(UUID accountId, UUID pipelineId, List<Stage> kept, List<Stage> added, Instant now) {
        Mono<Void> aside = AccountStatement.sql(db, accountId, """
                UPDATE stages SET position = -position WHERE account_id = :account_id AND pipeline_id = :pipeline
                """)
                .bind("pipeline", pipelineId)
                .then();
        Mono<Void> removed = AccountStatement.sql(db, accountId, """
                DELETE FROM stages WHERE account_id = :account_id AND pipeline_id = :pipeline AND id <> ALL(:kept)
                """)
                .bind("pipeline", pipelineId)
                .bind("kept", kept.stream().map(Stage::id).toArray(UUID[]::new))
                .then();
        Mono<Void> updated = Flux.fromIterable(kept)
                .concatMap(s -> AccountStatement.sql(db, accountId, """
                        UPDATE stages SET name = :name, kind = :kind, position = :position, updated_at = :now
                         WHERE account_id = :account_id AND id = :id
                        """)
                        .bind("id", s.id())
                        .bind("name", s.name())
                        .bind("kind", s.kind())
                        .bind("position", s.position())
                        .bind("now", now)
                        .then())
                .then();
        Mono<Void> touched = AccountStatement.sql(db, accountId, """
                UPDATE pipelines SET updated_at = :now WHERE account_id = :account_id AND id = :id
                """)
                .bind("id", pipelineId)
                .bind("now", now)
                .then();
        return aside.then(removed).then(updated).then(insertStages(accountId, pipelineId, added, now)).then(touched);
    }

    private Mono<Void> insertStages(UUID accountId, UUID pipelineId, List<Stage> stages, Instant now) {
        return Flux.fromIterable(stages)
                .concatMap(s -> AccountStatement.sql(db, accountId, """
                        INSERT INTO stages (account_id, id, pipeline_id, name, kind, position, created_at, updated_at)
                        VALUES (:account_id, :id, :pipeline, :name, :kind, :position, :now, :now)
                        """)
                        .bind("id", s.id())
                        .bind("pipeline", pipelineId)
                        .bind("name", s.name())
                        .bind("kind", s.kind())
                        .bind("position", s.position())
                        .bind("now", now)
                        .then())
                .then();
    }

    Mono<Void> delete(UUID accountId, UUID id) {
        return AccountStatement.sql(db, accountId, """
                DELETE FROM stages WHERE account_id = :account_id AND pipeline_id = :id
                """)
                .bind("id", id)
                .then()
                .then(AccountStatement.sql(db, accountId, """
                        DELETE FROM pipelines WHERE account_id = :account_id AND id = :id
                        """)
                        .bind("id", id)
                        .then());
    }

    /** The pipelines with their stages, in the order given, by one statement. */
    private Mono<List<Pipeline>> withStages(UUID accountId, List<Pipeline> pipelines) {
        if (pipelines.isEmpty()) {
            return Mono.just(List.of());
        }
        UUID[] ids = pipelines.stream().map(Pipeline::id).toArray(UUID[]::new);
        return AccountStatement.sql(db, accountId, """
                SELECT pipeline_id, id, name, kind, position FROM stages
                 WHERE account_id = :account_id AND pipeline_id = ANY(:ids)
                 ORDER BY position
                """)
                .bind("ids", ids)
                .map(row -> Map.entry(row.get("pipeline_id", UUID.class), new Stage(row.get("id", UUID.class),
                        row.get("name", String.class), row.get("kind", String.class),
                        row.get("position", Integer.class))))
                .all()
                .collectList()
                .map(stages -> {
                    Map<UUID, List<Stage>> byPipeline = new LinkedHashMap<>();
                    stages.forEach(e -> byPipeline.computeIfAbsent(e.getKey(), k -> new ArrayList<>())
                            .add(e.getValue()));
                    return pipelines.stream()
                            .map(p -> p.withStages(List.copyOf(byPipeline.getOrDefault(p.id(), List.of()))))
                            .toList();
                });
    }

    private static Pipeline toPipeline(Readable row) {
        return new Pipeline(row.get("id", UUID.class), Pipeline.OBJECT, row.get("name", String.class),
                Boolean.TRUE.equals(row.get("is_default", Boolean.class)), List.of(),
                row.get("created_at", Instant.class), row.get("updated_at", Instant.class));
    }
}
