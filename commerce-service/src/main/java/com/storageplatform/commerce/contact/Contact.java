package com.storageplatform.commerce.contact;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.storageplatform.kit.openapi.ApiDeprecation;
import com.storageplatform.kit.openapi.OneOf;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * The {@code contact} resource: a customer of the operator, or the account's one walk-in sales record
 * ({@code system_role: "walk_in"}). {@code marketing_consent} is true exactly when {@code marketing_status} is
 * {@code yes}; {@code kyc_status} is deprecated and derived when read, never stored.
 *
 * @param marketingConsentWording the words the person was shown when asked, kept as sent
 * @param systemRole              {@code walk_in} for the walk-in sales record; null for every customer
 * @param kycStatus               derived when read, never stored: {@code not_required} when the operator does not
 *                                check ID, {@code verified} when a check of the customer passed, {@code failed}
 *                                when not and the latest check waits for staff, otherwise {@code pending}. Read
 *                                {@code GET /v1/identity-verifications?contact_id=} instead
 * @param archivedAt              when it was archived; null while active
 */
public record Contact(UUID id, String object, String firstName, String lastName, String email, String phone,
        String companyName, Address address, @OneOf("MARKETING_STATUSES") String marketingStatus,
        boolean marketingConsent, String marketingConsentWording, @OneOf("STATUSES") String status,
        @OneOf("SYSTEM_ROLES") @Nullable String systemRole,
        @ApiDeprecation(since = KYC_DEPRECATED_SINCE, sunset = KYC_SUNSET) @OneOf("KYC_STATUSES") String kycStatus,
        @Nullable Instant archivedAt, Instant createdAt, Instant updatedAt) {

    public static final String OBJECT = "contact";
    public static final String ACTIVE = "active";
    public static final String ARCHIVED = "archived";
    public static final String WALK_IN = "walk_in";
    public static final String YES = "yes";
    public static final String NO = "no";
    public static final String NOT_ASKED = "not_asked";
    public static final List<String> STATUSES = List.of(ACTIVE, ARCHIVED);
    public static final List<String> SYSTEM_ROLES = List.of(WALK_IN);
    public static final List<String> MARKETING_STATUSES = List.of(YES, NO, NOT_ASKED);
    public static final List<String> KYC_STATUSES = List.of("not_required", "pending", "verified", "failed");
    /** {@code kyc_status} is deprecated (spec, Versioning 6): the dates its responses' headers carry. */
    public static final String KYC_DEPRECATED_SINCE = "2026-12-01";
    public static final String KYC_SUNSET = "2027-12-01";

    /** A postal address; every part optional. {@code country} is ISO 3166-1 alpha-2, upper case. */
    @Schema(name = "ContactAddress")
    public record Address(String line1, String line2, String city, String postcode, String country) {
        boolean isEmpty() {
            return line1 == null && line2 == null && city == null && postcode == null && country == null;
        }
    }

    @JsonIgnore
    public boolean isWalkIn() {
        return WALK_IN.equals(systemRole);
    }

    @JsonIgnore
    public boolean isArchived() {
        return ARCHIVED.equals(status);
    }

    Contact withKycStatus(String kyc) {
        return new Contact(id, object, firstName, lastName, email, phone, companyName, address, marketingStatus,
                marketingConsent, marketingConsentWording, status, systemRole, kyc, archivedAt, createdAt,
                updatedAt);
    }

    /** The same contact, last changed at {@code at}. */
    Contact updatedAt(Instant at) {
        return new Contact(id, object, firstName, lastName, email, phone, companyName, address, marketingStatus,
                marketingConsent, marketingConsentWording, status, systemRole, kycStatus, archivedAt, createdAt, at);
    }

    Contact withStatus(String newStatus, Instant archived, Instant at) {
        return new Contact(id, object, firstName, lastName, email, phone, companyName, address, marketingStatus,
                marketingConsent, marketingConsentWording, newStatus, systemRole, kycStatus, archived, createdAt,
                at);
    }
}
