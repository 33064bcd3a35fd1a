package com.storageplatform.billing.mandate;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * The body of {@code POST /v1/mandates}.
 *
 * @param paymentMethodId the contact's {@code bacs_debit} payment method to collect from; by default the contact's
 *                        default bank account
 * @param scheme          {@code bacs} (the default and the only scheme)
 */
@Schema(requiredProperties = {"contact_id"})
public record CreateMandate(String contactId, String paymentMethodId, String scheme) {
}
