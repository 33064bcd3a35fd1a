package com.storageplatform.auth.credential;

import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/**
 * Body of {@code POST /admin/v1/operators/{id}/api-keys}, {@code .../static-tokens} and {@code .../staff-tokens}
 * ({@code name} is optional only for staff tokens).
 */
@Schema(requiredProperties = {"environment", "scopes"})
public record IssueCredential(String environment, String name, List<String> scopes, List<String> siteIds) {
}
