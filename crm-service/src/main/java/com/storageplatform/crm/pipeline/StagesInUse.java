package com.storageplatform.crm.pipeline;

import java.util.Map;
import java.util.UUID;
import reactor.core.publisher.Mono;

/**
 * How many deals stand in each stage of a pipeline: what a change or deletion of the pipeline must respect. The
 * deals feature answers it (it owns the deals), so this feature never reads deals itself.
 */
public interface StagesInUse {

    /** The pipeline's stages that hold deals, with how many; stages without deals are absent. */
    Mono<Map<UUID, Long>> dealsByStage(UUID accountId, UUID pipelineId);
}
