package com.storageplatform.commerce.contact;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/**
 * The body of {@code POST /v1/contacts}. Strict JSON (platform-kit) refuses unknown fields ({@code status},
 * {@code system_role} and {@code kyc_status} included: they are not set this way) and values of the wrong JSON
 * type; {@link ContactRules} and {@link Marketing} judge the values.
 */
@Schema(requiredProperties = {"first_name", "last_name"})
record CreateContact(String firstName, String lastName, String email, String phone, String companyName,
        Contact.Address address, String marketingStatus, @Nullable Boolean marketingConsent,
        String marketingConsentWording) {
}
