package com.storageplatform.kit.report;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks the handler of {@code GET /v1/reports/{name}}: the API description gains the report's query parameters
 * ({@code from}, {@code to}, {@code site_id}, {@code group_by} with the row's {@code GROUP_BYS}, {@code format})
 * and its {@code text/csv} answer beside the JSON list. See {@link Reports}.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
public @interface ReportOperation {
}
