package com.storageplatform.billing.provider;

/** The provider's reusable card: its reference and what may be shown of it. */
public record StoredCard(String providerRef, String brand, String last4, int expMonth, int expYear) {
}
