package com.storageplatform.auth.oauth;

import java.util.List;

/** Body of {@code POST /admin/v1/operators/{id}/oauth-clients}. */
public record CreateOAuthClient(String environment, String name, List<String> grantTypes, List<String> redirectUris,
        List<String> scopes, List<String> siteIds) {
}
