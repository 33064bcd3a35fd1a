package com.storageplatform.compliance.access.device;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * The body of {@code POST /v1/hardware-devices}.
 *
 * @param siteId      a site of the account, within the credential's sites
 * @param unitId      a unit of the account at that site
 * @param kind        {@code gate}, {@code door} or {@code lock}
 * @param name        trimmed; 1 to 100 characters, one line
 * @param externalRef trimmed; at most 200 characters, one line; empty is none; not another device's of the account
 * @param status      {@code active} (the default) or {@code inactive}
 */
@Schema(requiredProperties = {"site_id", "kind", "name"})
public record CreateHardwareDevice(String siteId, String unitId, String kind, String name, String externalRef,
        String status) {
}
