package com.storageplatform.commerce.agreement;

/**
 * The body of {@code POST /v1/agreements/{id}/terminate} (optional).
 *
 * @param endDate the last day of the licence ({@code YYYY-MM-DD}), not after today in the site's time zone;
 *                default today
 */
record Terminate(String endDate) {
}
