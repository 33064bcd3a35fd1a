package com.storageplatform.crm.pipeline;

import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The body of {@code POST /v1/pipelines}.
 *
 * @param name      1 to 100 characters, trimmed
 * @param stages    2 to 20 stages in order: the first {@code open}, exactly one {@code won} and one {@code lost}, at
 *                  most one {@code reserved}
 * @param isDefault true makes it the account's default pipeline (the one new deals go to)
 */
@Schema(requiredProperties = {"name", "stages"})
record PipelineBody(String name, List<StageBody> stages, @Nullable Boolean isDefault) {

    /**
     * A stage as sent. On {@code PATCH}, a stage that already exists is named by its {@code id}; one without an id
     * is new.
     */
    @Schema(requiredProperties = {"name", "kind"})
    record StageBody(String id, String name, String kind) {
    }
}
