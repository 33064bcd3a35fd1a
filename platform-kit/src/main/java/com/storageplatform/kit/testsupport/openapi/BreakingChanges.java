package com.storageplatform.kit.testsupport.openapi;

import java.io.ByteArrayOutputStream;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import org.openapitools.openapidiff.core.OpenApiCompare;
import org.openapitools.openapidiff.core.model.ChangedOpenApi;
import org.openapitools.openapidiff.core.output.MarkdownRender;

/**
 * Whether a new API description breaks clients of the old one (openapi-diff): a removed path, operation or
 * response field, a removed enum value, a new required request field or parameter, a changed type. {@code /v1}
 * changes only additively (spec, Versioning 1), so the build refuses these.
 */
public final class BreakingChanges {

    /** @param report what changed, in Markdown, for the failure message */
    public record Result(boolean breaking, boolean changed, String report) {
    }

    private BreakingChanges() {
    }

    public static Result between(String baseline, String current) {
        ChangedOpenApi diff = OpenApiCompare.fromContents(baseline, current);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (OutputStreamWriter writer = new OutputStreamWriter(out, StandardCharsets.UTF_8)) {
            new MarkdownRender().render(diff, writer);
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
        return new Result(diff.isIncompatible(), diff.isDifferent(), out.toString(StandardCharsets.UTF_8));
    }
}
