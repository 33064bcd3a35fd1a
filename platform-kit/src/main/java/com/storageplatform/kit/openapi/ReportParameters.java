package com.storageplatform.kit.openapi;

import com.storageplatform.kit.report.Reports;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.examples.Example;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.JsonSchema;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.responses.ApiResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What {@code @ReportOperation} adds to a report's operation: its query ({@code from}, {@code to}, {@code site_id},
 * {@code group_by} with the row's groups, {@code format}) and the {@code text/csv} answer, whose example is the
 * header row and the JSON example's first row.
 */
final class ReportParameters {

    private ReportParameters() {
    }

    @SuppressWarnings("rawtypes")
    static List<Parameter> of(Schema<?> row) {
        Schema groupBy = row == null || row.getProperties() == null ? null : (Schema) row.getProperties().get("group_by");
        List<?> groups = groupBy == null ? null : groupBy.getEnum();
        if (groups == null || groups.isEmpty()) {
            throw new IllegalStateException("A report row needs `group_by` with its GROUP_BYS (@OneOf(\"GROUP_BYS\"))");
        }
        List<Parameter> parameters = new ArrayList<>();
        parameters.add(query("from", new JsonSchema().types(Set.of("string")).format("date").example("2026-11-01"),
                "The first day the report covers (`YYYY-MM-DD`, the operator's time zone); by default the first day "
                        + "of `to`'s month. After `to` is 400 `validation_error` on `from`."));
        parameters.add(query("to", new JsonSchema().types(Set.of("string")).format("date").example("2026-11-30"),
                "The last day the report covers, included; by default today. At most " + Reports.MAX_DAYS
                        + " days after `from` (400 `above_maximum` on `to`). Figures of a state (occupancy, "
                        + "recurring revenue, debt) are as of `to`, or today when `to` lies ahead."));
        parameters.add(query("site_id", new JsonSchema().types(Set.of("string")).format("uuid")
                        .example(Examples.id("site_id")),
                "Only this site's figures. A site outside a site-restricted credential's is 403 `site_forbidden`; "
                        + "such a credential's report covers its own sites."));
        Schema<Object> groupSchema = new JsonSchema().types(Set.of("string"));
        groupSchema.setEnum(new ArrayList<>(groups));
        groupSchema.setExample(groups.get(0));
        parameters.add(query("group_by", groupSchema,
                "What each row stands for; by default `" + groups.get(0) + "`."));
        Schema<Object> format = new JsonSchema().types(Set.of("string"));
        format.setEnum(new ArrayList<>(Reports.FORMATS));
        format.setExample("csv");
        parameters.add(query("format", format, "`csv` answers every row as `text/csv` with a header row "
                + "(`limit` and `cursor` do not apply); by default the JSON list."));
        return parameters;
    }

    /** The {@code text/csv} answer beside the JSON one. */
    @SuppressWarnings({"rawtypes", "unchecked"})
    static void csv(ApiResponse success, Schema<?> row, Components components) {
        Content content = success.getContent() == null ? new Content() : success.getContent();
        List<String> columns = new ArrayList<>();
        List<String> values = new ArrayList<>();
        row.getProperties().forEach((name, property) -> {
            if (!name.equals("object")) {
                columns.add(name);
                Object example = Examples.of((Schema) property, components);
                values.add(example == null ? "" : example.toString());
            }
        });
        String example = String.join(",", columns) + "\r\n" + String.join(",", values) + "\r\n";
        content.addMediaType(Reports.TEXT_CSV.getType() + "/" + Reports.TEXT_CSV.getSubtype(), new MediaType()
                .schema(new JsonSchema().types(Set.of("string")).description("RFC 4180, UTF-8, CRLF; a header row "
                        + "of the row's fields (all but `object`), then one line a row."))
                .examples(Map.of("example", new Example().value(example))));
        success.setContent(content);
    }

    private static Parameter query(String name, Schema<?> schema, String description) {
        return new Parameter().in("query").name(name).required(false).schema(schema).description(description);
    }
}
