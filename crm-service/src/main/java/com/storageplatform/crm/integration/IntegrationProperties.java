package com.storageplatform.crm.integration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * crm's integration settings ({@code crm.integrations.*}).
 *
 * @param sealingKey base64 of the 32 random bytes that seal connections' credentials
 *                   ({@code CRM_INTEGRATIONS_SEALING_KEY}); required in production, and kept: credentials sealed
 *                   with a key cannot be opened without it
 */
@ConfigurationProperties("crm.integrations")
record IntegrationProperties(String sealingKey) {

    /** Never the key. */
    @Override
    public String toString() {
        return "IntegrationProperties[sealingKey=" + (sealingKey == null || sealingKey.isBlank() ? "unset" : "set")
                + "]";
    }
}
