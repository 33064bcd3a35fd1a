package com.storageplatform.billing.accounting;

import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * The account's accounting connection as crm's internal read answers it (docs/api/integrations.md): the connection
 * (its {@code provider} and {@code settings}) and its credentials, opened. Kept only for one push.
 */
record Connection(JsonNode connection, Map<String, String> credentials) {

    String id() {
        return connection.path("id").asString();
    }

    String provider() {
        return connection.path("provider").asString();
    }

    String setting(String name) {
        JsonNode value = connection.path("settings").path(name);
        return value.isString() ? value.asString() : null;
    }

    String credential(String name) {
        return credentials == null ? null : credentials.get(name);
    }

    @Override
    public String toString() {                     // never the credentials
        return "Connection[" + connection.path("id").asString() + "]";
    }
}
