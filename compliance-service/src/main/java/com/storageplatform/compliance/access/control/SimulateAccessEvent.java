package com.storageplatform.compliance.access.control;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * The body of {@code POST /v1/test-helpers/access-events}: what a test account's gate reports.
 *
 * @param kind         {@code entry}, {@code exit} or {@code denied}
 * @param deviceId     the hardware device it happened at; required without {@code credential_id}
 * @param credentialId the credential used; required without {@code device_id}
 * @param occurredAt   when it happened (RFC 3339); now when left out
 */
@Schema(requiredProperties = {"kind"})
record SimulateAccessEvent(String kind, String deviceId, String credentialId, String occurredAt) {
}
