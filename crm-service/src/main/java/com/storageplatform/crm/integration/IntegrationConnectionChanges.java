package com.storageplatform.crm.integration;

import com.storageplatform.kit.openapi.OneOf;
import com.storageplatform.kit.web.Patch;
import java.util.List;
import java.util.Map;

/**
 * The body of {@code PATCH /v1/integration-connections/{id}}: left out stays, {@code null} clears (the kit's Patch).
 * {@code kind} and {@code provider} are fixed once created: connect another system with a new connection.
 *
 * @param settings    replaces the stored settings whole, judged as on create
 * @param credentials replaces the stored credentials whole, judged as on create; {@code null} removes them
 * @param siteIds     replaces the sites served; {@code null} or empty: every site
 * @param status      {@code active} or {@code disabled}; {@code error} is set by the service only
 */
record IntegrationConnectionChanges(Patch<String> name, Patch<Map<String, Object>> settings,
        Patch<Map<String, String>> credentials, Patch<List<String>> siteIds,
        @OneOf(value = "SETTABLE_STATUSES", in = IntegrationConnection.class) Patch<String> status) {

    /** Never the credentials' values, wherever a body is printed. */
    @Override
    public String toString() {
        return "IntegrationConnectionChanges[name=" + name + ", settings=" + settings + ", credentials="
                + (credentials == null ? null : IntegrationRules.keysOf(credentials.value())) + ", siteIds="
                + siteIds + ", status=" + status + "]";
    }
}
