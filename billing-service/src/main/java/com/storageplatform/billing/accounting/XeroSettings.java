package com.storageplatform.billing.accounting;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Where and how the Xero adapter books ({@code BILLING_ACCOUNTING_XERO_API_URL}, ...). The credentials are the
 * account's own, from its crm connection; none of these is secret.
 *
 * @param apiUrl             Xero's Accounting API ({@code https://api.xero.com/api.xro/2.0}; tests point it at
 *                           a local WireMock server)
 * @param tokenUrl           Xero's OAuth 2.0 token endpoint ({@code https://identity.xero.com/connect/token})
 * @param salesAccountCode   the account code invoice and credit note lines are booked to (200, Xero's default
 *                           "Sales")
 * @param bankAccountCode    the bank account payments and refunds are booked to (090, Xero's default "Business
 *                           Bank Account")
 */
@ConfigurationProperties("billing.accounting.xero")
record XeroSettings(String apiUrl, String tokenUrl, String salesAccountCode, String bankAccountCode) {

    XeroSettings {
        apiUrl = apiUrl == null || apiUrl.isBlank() ? "https://api.xero.com/api.xro/2.0" : apiUrl;
        tokenUrl = tokenUrl == null || tokenUrl.isBlank() ? "https://identity.xero.com/connect/token" : tokenUrl;
        salesAccountCode = salesAccountCode == null || salesAccountCode.isBlank() ? "200" : salesAccountCode;
        bankAccountCode = bankAccountCode == null || bankAccountCode.isBlank() ? "090" : bankAccountCode;
    }
}
