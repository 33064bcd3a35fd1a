package com.storageplatform.crm.integration;

import java.util.Map;

/**
 * The body of {@code PUT /internal/v1/integration-connections/{id}/credentials}: credentials a port was given and
 * must replace (Xero's refresh token, rotated at each use). Only the keys sent are replaced; the others stay.
 *
 * @param credentials the new values by name: only names the provider's credential list knows, each non-blank
 */
record CredentialReplacement(Map<String, String> credentials) {

    /** Never the credentials' values, wherever a body is printed. */
    @Override
    public String toString() {
        return "CredentialReplacement[credentials=" + IntegrationRules.keysOf(credentials) + "]";
    }
}
