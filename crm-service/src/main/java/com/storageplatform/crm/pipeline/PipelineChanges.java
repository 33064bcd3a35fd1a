package com.storageplatform.crm.pipeline;

import com.storageplatform.crm.pipeline.PipelineBody.StageBody;
import com.storageplatform.kit.web.Patch;
import java.util.List;

/**
 * The body of {@code PATCH /v1/pipelines/{id}}: left out stays. {@code stages}, when sent, is the whole new list in
 * order: existing stages named by {@code id} (renamed, moved, or given another kind), new ones without an id, and
 * a stage left out is removed. {@code null} on any field leaves it as it is.
 *
 * @param isDefault {@code true} makes this the account's default pipeline; the default cannot be unset, only
 *                  replaced by making another the default
 */
record PipelineChanges(Patch<String> name, Patch<List<StageBody>> stages, Patch<Boolean> isDefault) {
}
