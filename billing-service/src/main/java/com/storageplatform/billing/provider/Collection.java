package com.storageplatform.billing.provider;

import java.time.LocalDate;

/** The provider's Direct Debit payment: its reference, the date it will be charged and its status. */
public record Collection(String providerRef, LocalDate chargeDate, String providerStatus) {
}
