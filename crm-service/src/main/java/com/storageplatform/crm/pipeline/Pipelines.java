package com.storageplatform.crm.pipeline;

import java.time.Clock;
import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** What other features may know of the account's pipelines: the one public class of this feature. */
@Component
public class Pipelines {

    private final PipelineRepository pipelines;
    private final Clock clock;

    Pipelines(PipelineRepository pipelines, Clock clock) {
        this.pipelines = pipelines;
        this.clock = clock;
    }

    /** The account's default pipeline with its stages, made first if the account has none yet. */
    public Mono<Pipeline> defaultPipeline(UUID accountId) {
        return pipelines.ensureDefault(accountId, clock.instant()).then(pipelines.findDefault(accountId));
    }

    /** The account's pipeline with its stages; empty when the account has no such pipeline. */
    public Mono<Pipeline> find(UUID accountId, UUID pipelineId) {
        return pipelines.find(accountId, pipelineId);
    }

    /** The account's pipeline that holds the stage; empty when the account has no such stage. */
    public Mono<Pipeline> ofStage(UUID accountId, UUID stageId) {
        return pipelines.ofStage(accountId, stageId);
    }
}
