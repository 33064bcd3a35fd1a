package com.storageplatform.compliance.access.credential;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * compliance's access settings ({@code compliance.access.*}).
 *
 * @param sealingKey base64 of the 32 random bytes that seal credentials' codes
 *                   ({@code COMPLIANCE_ACCESS_SEALING_KEY}); required in production, and kept: codes sealed with a
 *                   key cannot be opened without it
 */
@ConfigurationProperties("compliance.access")
record AccessProperties(String sealingKey) {

    /** Never the key. */
    @Override
    public String toString() {
        return "AccessProperties[sealingKey=" + (sealingKey == null || sealingKey.isBlank() ? "unset" : "set") + "]";
    }
}
