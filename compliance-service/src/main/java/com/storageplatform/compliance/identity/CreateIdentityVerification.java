package com.storageplatform.compliance.identity;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * The body of {@code POST /v1/identity-verifications}.
 *
 * @param contactId the customer to check: a contact of the account with an email address, never the walk-in sales
 *                  record
 */
@Schema(requiredProperties = {"contact_id"})
public record CreateIdentityVerification(String contactId) {
}
