package com.storageplatform.crm.integration;

import java.util.Map;

/**
 * The answer of the internal read: the connection and its credentials, opened, for a port of billing, compliance or
 * crm to call the provider with. Never answered outside {@code /internal/v1}, never logged.
 *
 * @param credentials the provider's secrets by name
 */
record OpenedConnection(IntegrationConnection connection, Map<String, String> credentials) {

    /** Never the credentials' values. */
    @Override
    public String toString() {
        return "OpenedConnection[connection=" + connection.id() + ", credentials="
                + IntegrationRules.keysOf(credentials) + "]";
    }
}
