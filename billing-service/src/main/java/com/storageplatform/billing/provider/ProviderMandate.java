package com.storageplatform.billing.provider;

import java.time.LocalDate;

/** The provider's mandate, its status in the provider's words and the first date it can be charged. */
public record ProviderMandate(String providerRef, String providerStatus, LocalDate nextPossibleChargeDate) {
}
