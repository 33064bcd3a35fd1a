package com.storageplatform.crm.integration;

/**
 * The body of {@code POST /internal/v1/integration-connections/{id}/report}: what a port's use of the connection
 * did.
 *
 * @param outcome {@code used} (it worked) or {@code error} (it failed)
 * @param message with {@code error}, what went wrong, as the provider said it (never a credential); trimmed, at
 *                most 1000 characters
 */
record ConnectionReport(String outcome, String message) {
}
