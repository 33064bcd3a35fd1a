package com.storageplatform.compliance.contract;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * The body of {@code POST /v1/contracts/{id}/sign}: who signs, from where. The moment is the service's own.
 *
 * @param name      the signer's name as they gave it: trimmed, 1 to 200 characters on one line
 * @param ipAddress the IP address the customer signed from: IPv4 (dotted decimal) or IPv6
 */
@Schema(requiredProperties = {"name", "ip_address"})
record SignContract(String name, String ipAddress) {
}
