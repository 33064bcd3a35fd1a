package com.storageplatform.crm.integration;

import com.storageplatform.kit.openapi.OneOf;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import java.util.Map;

/**
 * The body of {@code POST /v1/integration-connections}.
 *
 * @param provider    one of the kind's providers (the Providers table of the integrations guide)
 * @param name        trimmed; at most 200 characters
 * @param settings    the provider's configuration, which is not secret: its required keys, at most 50 keys and
 *                    8192 characters of JSON; a key that looks like a secret ({@code password}, {@code token},
 *                    {@code secret}, {@code api_key}, {@code private_key}) is refused: send it in
 *                    {@code credentials}
 * @param credentials the provider's secrets, each a non-empty string of at most 8192 characters: written, never
 *                    read back
 * @param siteIds     sites of the account it serves, within the credential's sites; empty or left out: every site
 * @param status      {@code active} (the default) or {@code disabled}
 */
@Schema(requiredProperties = {"kind", "provider", "name"})
record CreateIntegrationConnection(String kind, String provider, String name, Map<String, Object> settings,
        Map<String, String> credentials, List<String> siteIds,
        @OneOf(value = "SETTABLE_STATUSES", in = IntegrationConnection.class) String status) {

    /** Never the credentials' values, wherever a body is printed. */
    @Override
    public String toString() {
        return "CreateIntegrationConnection[kind=" + kind + ", provider=" + provider + ", name=" + name
                + ", settings=" + settings + ", credentials=" + IntegrationRules.keysOf(credentials)
                + ", siteIds=" + siteIds + ", status=" + status + "]";
    }
}
