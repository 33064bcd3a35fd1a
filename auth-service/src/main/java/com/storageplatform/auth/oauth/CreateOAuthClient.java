package com.storageplatform.auth.oauth;

import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/** Body of {@code POST /admin/v1/operators/{id}/oauth-clients}. */
@Schema(requiredProperties = {"environment", "name", "grant_types", "scopes"})
public record CreateOAuthClient(String environment, String name, List<String> grantTypes, List<String> redirectUris,
        List<String> scopes, List<String> siteIds) {
}
