package com.storageplatform.billing.provider;

/**
 * The provider's refund; {@code succeeded} false is a refund still pending or refused ({@code failureMessage}
 * says which), its end comes as a notification.
 */
public record ProviderRefund(String providerRef, boolean succeeded, String failureMessage) {
}
