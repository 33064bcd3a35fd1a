package com.storageplatform.crm.pipeline;

import com.storageplatform.crm.pipeline.Pipeline.Stage;
import com.storageplatform.crm.pipeline.PipelineRules.StageDraft;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.Envelopes;
import com.storageplatform.kit.web.FieldIssue;
import com.storageplatform.kit.web.Patch;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Mono;

/**
 * Creating, changing and deleting pipelines. A change locks the pipeline first (deal writes share-lock it), judges
 * the whole body and only then writes, so a refusal writes nothing and no deal is ever left in a removed stage.
 */
@Service
class PipelineService {

    private final PipelineRepository pipelines;
    private final StagesInUse stagesInUse;
    private final Clock clock;

    PipelineService(PipelineRepository pipelines, StagesInUse stagesInUse, Clock clock) {
        this.pipelines = pipelines;
        this.stagesInUse = stagesInUse;
        this.clock = clock;
    }

    Mono<Pipeline> create(Caller caller, PipelineBody body) {
        return Mono.defer(() -> {
            Validation v = Validation.start();
            String name = PipelineRules.name(v, body.name(), true);
            List<StageDraft> drafts = PipelineRules.stages(v, body.stages(), false);
            v.check(Boolean.FALSE.equals(body.isDefault()), "is_default", FieldIssue.NOT_ALLOWED);
            v.orThrow();
            UUID account = caller.accountId();
            Instant now = clock.instant();
            List<Stage> stages = new ArrayList<>();
            for (StageDraft d : drafts) {
                stages.add(new Stage(Ids.newId(), d.name(), d.kind(), stages.size() + 1));
            }
            Pipeline pipeline = new Pipeline(Ids.newId(), Pipeline.OBJECT, name, false, List.copyOf(stages), now,
                    now);
            // The account's default exists before another can take its place.
            Mono<Void> made = pipelines.ensureDefault(account, now).then(pipelines.insert(account, pipeline));
            if (Boolean.TRUE.equals(body.isDefault())) {
                made = made.then(pipelines.makeDefault(account, pipeline.id(), now));
            }
            return made.then(pipelines.find(account, pipeline.id()));
        });
    }

    Mono<Pipeline> change(Caller caller, UUID id, PipelineChanges body) {
        UUID account = caller.accountId();
        return pipelines.findForUpdate(account, id)
                .switchIfEmpty(Mono.error(ApiException.notFound()))
                .flatMap(pipeline -> {
                    Validation v = Validation.start();
                    String name = Patch.pick(body.name(), null, sent -> PipelineRules.name(v, sent, false));
                    List<StageDraft> drafts = body.stages() == null || body.stages().isNull() ? null
                            : PipelineRules.stages(v, body.stages().value(), true);
                    Boolean isDefault = Patch.apply(body.isDefault(), null);
                    v.check(Boolean.FALSE.equals(isDefault) && pipeline.isDefault(), "is_default",
                            FieldIssue.NOT_ALLOWED);
                    v.orThrow();
                    Mono<Map<UUID, Long>> occupied = drafts == null ? Mono.just(Map.of())
                            : stagesInUse.dealsByStage(account, id);
                    return occupied.flatMap(inUse -> {
                        Instant now = clock.instant();
                        Mono<Void> writes = Mono.empty();
                        if (drafts != null) {
                            PipelineRules.replaceable(v, pipeline, drafts, inUse);
                            writes = writes.then(replace(account, id, drafts, now));
                        }
                        if (name != null) {
                            writes = writes.then(pipelines.rename(account, id, name, now));
                        }
                        if (Boolean.TRUE.equals(isDefault) && !pipeline.isDefault()) {
                            writes = writes.then(pipelines.makeDefault(account, id, now));
                        }
                        return writes.then(pipelines.find(account, id));
                    });
                });
    }

    private Mono<Void> replace(UUID account, UUID pipelineId, List<StageDraft> drafts, Instant now) {
        List<Stage> kept = new ArrayList<>();
        List<Stage> added = new ArrayList<>();
        for (int i = 0; i < drafts.size(); i++) {
            StageDraft d = drafts.get(i);
            Stage stage = new Stage(d.id() == null ? Ids.newId() : d.id(), d.name(), d.kind(), i + 1);
            (d.id() == null ? added : kept).add(stage);
        }
        return pipelines.replaceStages(account, pipelineId, kept, added, now);
    }

    /** Deleted with its stages; 409 for the account's default pipeline or while deals stand in it. */
    Mono<Envelopes.Deleted> delete(Caller caller, UUID id) {
        UUID account = caller.accountId();
        return pipelines.findForUpdate(account, id)
                .switchIfEmpty(Mono.error(ApiException.notFound()))
                .flatMap(pipeline -> {
                    if (pipeline.isDefault()) {
                        return Mono.error(ApiException.conflict("This is the account's default pipeline: make "
                                + "another pipeline the default (is_default: true) before deleting it."));
                    }
                    return stagesInUse.dealsByStage(account, id).flatMap(inUse -> {
                        long deals = inUse.values().stream().mapToLong(Long::longValue).sum();
                        if (deals > 0) {
                            return Mono.error(ApiException.conflict("The pipeline holds " + deals + " deal(s): "
                                    + "move or delete them before deleting it."));
                        }
                        return pipelines.delete(account, id)
                                .thenReturn(new Envelopes.Deleted(id, Pipeline.OBJECT));
                    });
                });
    }
}
